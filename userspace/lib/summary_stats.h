/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a few repetitions of a measurement say: mean, sample standard
 * deviation, min, max; and whether two settings differ, by Welch's t-test
 * (unequal variances), two-sided, at alpha 0.05 as mmtests marks it.
 */
#ifndef SCHEDSCOPE_SUMMARY_STATS_H
#define SCHEDSCOPE_SUMMARY_STATS_H

#include <stdbool.h>
#include <stddef.h>

#define SUMMARY_ALPHA	0.05

struct summary_stats {
	size_t n;		/* values taken (NaNs are skipped) */
	double mean;		/* NAN when n == 0 */
	double stddev;		/* sample (n - 1); NAN when n < 2 */
	double min, max;	/* NAN when n == 0 */
};

/* Summarize v[0..n-1], leaving out NaN values (a run without the value). */
void summary_stats_compute(const double *v, size_t n, struct summary_stats *s);

/*
 * Welch's t-test of a against b. When either has fewer than 2 values, or
 * both have no spread (stddev 0: the t statistic is undefined or infinite
 * on no evidence), there is no test: tested is false, t, df and p are NAN
 * and significant is false; callers say "not tested", never "not
 * significant". Else t = (mean_a - mean_b) / sqrt(s_a^2/n_a + s_b^2/n_b),
 * df by Welch-Satterthwaite, p two-sided, significant when p < alpha.
 */
struct summary_welch {
	bool tested;
	double t, df, p;
	bool significant;
};

void summary_welch(const struct summary_stats *a, const struct summary_stats *b,
		   double alpha, struct summary_welch *w);

/*
 * Two-sided p-value of Student's t distribution with df (> 0, not
 * necessarily whole) degrees of freedom: P(|T| >= |t|). NAN for bad input.
 */
double summary_t_pvalue(double t, double df);

/*
 * The regularized incomplete beta function I_x(a, b), a > 0, b > 0,
 * 0 <= x <= 1, by its continued fraction (modified Lentz); about 1e-14
 * relative. NAN for arguments out of range.
 */
double summary_ibeta(double a, double b, double x);

#endif
