// SPDX-License-Identifier: GPL-2.0
/*
 * summary_stats: sample statistics, the incomplete beta function against
 * closed forms, Student t tails against the printed t table, and a Welch
 * test worked by hand.
 */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "lib/summary_stats.h"

#define CHECK_NEAR(got, want, tol) do {						\
	double got_ = (got), want_ = (want);					\
	check_report(fabs(got_ - want_) <= (tol), __FILE__, __LINE__,		\
		     "%s: got %.17g, want %.17g (+- %g)", #got, got_, want_,	\
		     (double)(tol));						\
} while (0)

static void test_sample_stats(void)
{
	static const double v[] = { 0.8312, 0.8275, 0.8391 };
	static const double gaps[] = { NAN, 4, NAN, 8, 6 };
	static const double one[] = { 2.5 };
	struct summary_stats s;

	summary_stats_compute(v, 3, &s);
	CHECK_EQ_INT(s.n, 3);
	CHECK_NEAR(s.mean, 0.8326, 1e-15);
	/* deviations 0.0014 -0.0051 0.0065: (1.96 + 26.01 + 42.25)e-6 / 2 */
	CHECK_NEAR(s.stddev, sqrt(35.11e-6), 1e-15);
	CHECK(s.min == 0.8275 && s.max == 0.8391);

	/* NaNs are runs without the value: left out. */
	summary_stats_compute(gaps, 5, &s);
	CHECK_EQ_INT(s.n, 3);
	CHECK(s.mean == 6 && s.stddev == 2 && s.min == 4 && s.max == 8);

	summary_stats_compute(one, 1, &s);
	CHECK(s.n == 1 && s.mean == 2.5 && s.min == 2.5 && s.max == 2.5);
	CHECK(isnan(s.stddev));
	summary_stats_compute(gaps, 1, &s);
	CHECK(s.n == 0 && isnan(s.mean) && isnan(s.stddev) && isnan(s.min) &&
	      isnan(s.max));
	summary_stats_compute(NULL, 0, &s);
	CHECK(s.n == 0 && isnan(s.mean));
}

static void test_ibeta(void)
{
	static const double xs[] = { 0.001, 0.1, 0.25, 0.5, 0.7, 0.9, 0.999 };
	size_t i;

	for (i = 0; i < sizeof(xs) / sizeof(xs[0]); i++) {
		double x = xs[i];

		CHECK_NEAR(summary_ibeta(1, 1, x), x, 1e-14);
		CHECK_NEAR(summary_ibeta(3, 1, x), pow(x, 3), 1e-14);
		CHECK_NEAR(summary_ibeta(7.5, 1, x), pow(x, 7.5), 1e-14);
		CHECK_NEAR(summary_ibeta(1, 4, x), 1 - pow(1 - x, 4), 1e-14);
		CHECK_NEAR(summary_ibeta(0.5, 0.5, x), 2 / M_PI * asin(sqrt(x)),
			   1e-13);
		/* I_x(a, b) = 1 - I_(1-x)(b, a) */
		CHECK_NEAR(summary_ibeta(2.5, 6, x) + summary_ibeta(6, 2.5, 1 - x),
			   1, 1e-13);
	}
	/* References from mpmath's betainc(a, b, 0, x, regularized=True). */
	CHECK_NEAR(summary_ibeta(2.5, 0.5, 0.3), 0.018927124071945651653, 1e-14);
	CHECK_NEAR(summary_ibeta(15, 0.5, 0.9), 0.077858670314667837343, 1e-14);
	CHECK_NEAR(summary_ibeta(100, 0.5, 0.99), 0.15677586542444078337, 1e-13);
	CHECK_NEAR(summary_ibeta(0.5, 5, 0.2), 0.85507239459591959242, 1e-14);
	CHECK_NEAR(summary_ibeta(5, 0.5, 0.999), 0.9222819921009667613, 1e-13);
	CHECK_NEAR(summary_ibeta(30, 0.5, 0.8), 0.00026831214763073093967, 1e-17);

	CHECK(summary_ibeta(2, 3, 0) == 0);
	CHECK(summary_ibeta(2, 3, 1) == 1);
	CHECK(isnan(summary_ibeta(0, 1, 0.5)));
	CHECK(isnan(summary_ibeta(1, -1, 0.5)));
	CHECK(isnan(summary_ibeta(1, 1, 1.5)));
	CHECK(isnan(summary_ibeta(1, 1, -0.1)));
	CHECK(isnan(summary_ibeta(NAN, 1, 0.5)));
	CHECK(isnan(summary_ibeta(1, INFINITY, 0.5)));
}

static void test_t_pvalue(void)
{
	static const double ts[] = { 0, 0.3, 1, 2.5, 10, 100 };
	size_t i;

	/* The two-sided 5% and 1% columns of a Student t table. */
	CHECK_NEAR(summary_t_pvalue(12.706, 1), 0.05, 1e-5);
	CHECK_NEAR(summary_t_pvalue(4.303, 2), 0.05, 1e-4);
	CHECK_NEAR(summary_t_pvalue(2.228, 10), 0.05, 1e-4);
	CHECK_NEAR(summary_t_pvalue(-2.228, 10), 0.05, 1e-4);
	CHECK_NEAR(summary_t_pvalue(2.042, 30), 0.05, 1e-4);
	CHECK_NEAR(summary_t_pvalue(3.169, 10), 0.01, 1e-5);
	CHECK_NEAR(summary_t_pvalue(63.657, 1), 0.01, 1e-5);
	/* Closer, against mpmath. */
	CHECK_NEAR(summary_t_pvalue(2.228, 10), 0.050011771817111365362, 1e-13);
	CHECK_NEAR(summary_t_pvalue(2.042, 30), 0.050028670656197901144, 1e-13);
	CHECK_NEAR(summary_t_pvalue(2.0, 4.5), 0.10825790718112502665, 1e-13);
	/* Closed forms: df 1 (Cauchy) and df 2. */
	for (i = 0; i < sizeof(ts) / sizeof(ts[0]); i++) {
		double t = ts[i];

		CHECK_NEAR(summary_t_pvalue(t, 1), 1 - 2 / M_PI * atan(t), 1e-13);
		CHECK_NEAR(summary_t_pvalue(t, 2), 1 - t / sqrt(2 + t * t), 1e-13);
	}
	CHECK(summary_t_pvalue(0, 7) == 1);
	CHECK(summary_t_pvalue(INFINITY, 7) == 0);
	CHECK(isnan(summary_t_pvalue(1, 0)));
	CHECK(isnan(summary_t_pvalue(NAN, 3)));
}

static struct summary_stats stats_of(const double *v, size_t n)
{
	struct summary_stats s;

	summary_stats_compute(v, n, &s);
	return s;
}

static void test_welch(void)
{
	static const double a[] = { 1, 2, 3, 4, 5 }, b[] = { 3, 5, 7, 9 };
	static const double c[] = { 4, 4, 4 }, d[] = { 5, 5 }, e[] = { 1 };
	static const double f[] = { 0.8312, 0.8275, 0.8391 };
	static const double g[] = { 0.9105, 0.8987, 0.9160 };
	struct summary_stats sa = stats_of(a, 5), sb = stats_of(b, 4);
	struct summary_stats sc = stats_of(c, 3), sd = stats_of(d, 2);
	struct summary_stats se = stats_of(e, 1);
	struct summary_stats sf = stats_of(f, 3), sg = stats_of(g, 3);
	struct summary_welch w;

	/*
	 * By hand: a mean 3, s^2 2.5; b mean 6, s^2 20/3. s^2/n: 0.5 and 5/3,
	 * se^2 = 13/6, t = -3 / sqrt(13/6) = -2.0380987;
	 * df = (13/6)^2 / (0.5^2/4 + (5/3)^2/3) = 4.6944 / 0.98843 = 4.7494145;
	 * p (mpmath, and the t density integrated) 0.100083809035008.
	 */
	summary_welch(&sa, &sb, SUMMARY_ALPHA, &w);
	CHECK(w.tested);
	CHECK_NEAR(w.t, -3 / sqrt(13.0 / 6), 1e-14);
	CHECK_NEAR(w.df, 4.74941451990632, 1e-12);
	CHECK_NEAR(w.p, 0.100083809035008, 1e-12);
	CHECK(!w.significant);
	summary_welch(&sb, &sa, SUMMARY_ALPHA, &w);
	CHECK_NEAR(w.t, 3 / sqrt(13.0 / 6), 1e-14);
	CHECK_NEAR(w.p, 0.100083809035008, 1e-12);
	/* At alpha 0.2 the same is a difference. */
	summary_welch(&sa, &sb, 0.2, &w);
	CHECK(w.significant);

	/* The basic fixture's seconds: clearly apart. */
	summary_welch(&sf, &sg, SUMMARY_ALPHA, &w);
	CHECK(w.tested && w.significant && w.p < 0.001);

	/* One side without spread is still a test. */
	summary_welch(&sc, &sa, SUMMARY_ALPHA, &w);
	CHECK(w.tested);
	CHECK_NEAR(w.df, 4, 1e-12);
	CHECK_NEAR(w.t, 1 / sqrt(0.5), 1e-14);

	/* No test: no spread on either side, or a single value. */
	summary_welch(&sc, &sd, SUMMARY_ALPHA, &w);
	CHECK(!w.tested && !w.significant && isnan(w.t) && isnan(w.df) &&
	      isnan(w.p));
	summary_welch(&sa, &se, SUMMARY_ALPHA, &w);
	CHECK(!w.tested && !w.significant && isnan(w.p));
	summary_welch(&se, &sa, SUMMARY_ALPHA, &w);
	CHECK(!w.tested);
}

void test_summary_stats(void)
{
	test_sample_stats();
	test_ibeta();
	test_t_pvalue();
	test_welch();
}
