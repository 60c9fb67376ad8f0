// SPDX-License-Identifier: GPL-2.0
/*
 * Mean, sample standard deviation, Welch's t-test and the Student t
 * distribution's tail through the regularized incomplete beta function.
 */
#include <math.h>

#include "lib/summary_stats.h"

void summary_stats_compute(const double *v, size_t n, struct summary_stats *s)
{
	double sum = 0, sq = 0;
	size_t i;

	s->n = 0;
	s->mean = s->stddev = s->min = s->max = NAN;
	for (i = 0; i < n; i++) {
		if (isnan(v[i]))
			continue;
		if (!s->n++) {
			s->min = s->max = v[i];
		} else {
			s->min = fmin(s->min, v[i]);
			s->max = fmax(s->max, v[i]);
		}
		sum += v[i];
	}
	if (!s->n)
		return;
	s->mean = sum / s->n;
	/* Two passes: the squares of the deviations, not of the values. */
	for (i = 0; i < n; i++)
		if (!isnan(v[i]))
			sq += (v[i] - s->mean) * (v[i] - s->mean);
	if (s->n > 1)
		s->stddev = sqrt(sq / (s->n - 1));
}

#define CF_EPS		1e-15
#define CF_TINY		1e-300
#define CF_MAX_ITER	1000

/*
 * The continued fraction of I_x(a, b) (Abramowitz & Stegun 26.5.8):
 * 1 + d1 / (1 + d2 / (1 + ...)) with
 *   d(2m+1) = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1))
 *   d(2m)   = m (b - m) x / ((a + 2m - 1)(a + 2m))
 * evaluated by the modified Lentz method. It converges fast for
 * x < (a + 1) / (a + b + 2).
 */
static double ibeta_cf(double a, double b, double x)
{
	double f = 1, c = 1, d = 0, delta, num;
	int j;

	for (j = 1; j <= CF_MAX_ITER; j++) {
		int m = j / 2;

		if (j & 1)
			num = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
		else
			num = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
		d = 1 + num * d;
		if (fabs(d) < CF_TINY)
			d = CF_TINY;
		c = 1 + num / c;
		if (fabs(c) < CF_TINY)
			c = CF_TINY;
		d = 1 / d;
		delta = c * d;
		f *= delta;
		if (fabs(delta - 1) < CF_EPS)
			break;
	}
	return f;
}

double summary_ibeta(double a, double b, double x)
{
	double front;

	if (!(a > 0) || !(b > 0) || !(x >= 0) || !(x <= 1) || isinf(a) ||
	    isinf(b))
		return NAN;
	if (x == 0 || x == 1)
		return x;
	/* x^a (1-x)^b / B(a, b), in logarithms against overflow. */
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
		    b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front / a / ibeta_cf(a, b, x);
	/* I_x(a, b) = 1 - I_(1-x)(b, a), where that fraction converges. */
	return 1 - front / b / ibeta_cf(b, a, 1 - x);
}

double summary_t_pvalue(double t, double df)
{
	if (isnan(t) || !(df > 0))
		return NAN;
	if (isinf(t))
		return 0;
	/* P(|T| >= |t|) = I_(df / (df + t^2))(df / 2, 1 / 2) */
	return summary_ibeta(df / 2, 0.5, df / (df + t * t));
}

void summary_welch(const struct summary_stats *a, const struct summary_stats *b,
		   double alpha, struct summary_welch *w)
{
	double va, vb, se2;

	w->tested = false;
	w->significant = false;
	w->t = w->df = w->p = NAN;
	if (a->n < 2 || b->n < 2 || (a->stddev == 0 && b->stddev == 0))
		return;
	va = a->stddev * a->stddev / a->n;
	vb = b->stddev * b->stddev / b->n;
	se2 = va + vb;
	w->t = (a->mean - b->mean) / sqrt(se2);
	w->df = se2 * se2 / (va * va / (a->n - 1) + vb * vb / (b->n - 1));
	w->p = summary_t_pvalue(w->t, w->df);
	w->tested = true;
	w->significant = w->p < alpha;
}
