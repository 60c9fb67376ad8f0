// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "test_util.h"
#include "hist/bins.h"
#include "hist/unit.h"

static uint64_t lcg(uint64_t *state)
{
	*state = *state * 6364136223846793005ull + 1442695040888963407ull;
	return *state >> 33;
}

/* xorshift64: the same "random" values on every run. */
static uint64_t next_random(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

static bool near(double got, double want)
{
	return fabs(got - want) < 1e-9 * (fabs(want) + 1);
}

static void test_summary(void)
{
	struct hist_summary s;
	struct hist_bins b;
	struct log2_hist h;
	long double lo, hi;
	double est;

	log2_hist_init(&h, "x");
	hist_bins_from_log2(&b, &h);
	hist_bins_summarize(&b, &s);
	CHECK_EQ_U64(s.count, 0);
	CHECK(s.mean == 0);
	CHECK_EQ_INT(hist_bins_percentile(&b, 50, &est, &lo, &hi), -ENODATA);

	/* True values 1, 4, 5, 7. */
	test_log2_add(&h, 1, 1);
	test_log2_add(&h, 4, 1);
	test_log2_add(&h, 5, 1);
	test_log2_add(&h, 7, 1);
	hist_bins_from_log2(&b, &h);
	hist_bins_summarize(&b, &s);
	CHECK_EQ_U64(s.count, 4);
	CHECK(s.min_lo == 1 && s.min_hi == 1 && s.max_lo == 4 && s.max_hi == 7);
	CHECK(near(s.mean_lo, (1 + 3 * 4) / 4.0));
	CHECK(near(s.mean_hi, (1 + 3 * 7) / 4.0));
	CHECK(near(s.mean, (s.mean_lo + s.mean_hi) / 2));
	CHECK(s.mean_lo <= 4.25 && 4.25 <= s.mean_hi);

	CHECK_EQ_INT(hist_bins_percentile(&b, 0, &est, &lo, &hi), 0);
	CHECK(near(est, 1) && lo == 1 && hi == 1);
	CHECK_EQ_INT(hist_bins_percentile(&b, 25, &est, &lo, &hi), 0);
	CHECK(near(est, 1) && lo == 1 && hi == 1);
	CHECK_EQ_INT(hist_bins_percentile(&b, 50, &est, &lo, &hi), 0);
	CHECK_MSG(near(est, 4 + 3.0 / 3) && lo == 4 && hi == 7, "p50 %g", est);
	CHECK_EQ_INT(hist_bins_percentile(&b, 100, &est, &lo, &hi), 0);
	CHECK(near(est, 7) && lo == 4 && hi == 7);
	CHECK_EQ_INT(hist_bins_percentile(&b, 100, NULL, NULL, NULL), 0);
	CHECK_EQ_INT(hist_bins_percentile(&b, -0.001, &est, &lo, &hi), -EINVAL);
	CHECK_EQ_INT(hist_bins_percentile(&b, 100.001, &est, &lo, &hi), -EINVAL);
	CHECK_EQ_INT(hist_bins_percentile(&b, NAN, &est, &lo, &hi), -EINVAL);

	log2_hist_init(&h, "x");
	test_log2_add(&h, UINT64_MAX, 3);
	hist_bins_from_log2(&b, &h);
	CHECK_EQ_INT(hist_bins_percentile(&b, 99, &est, &lo, &hi), 0);
	CHECK(lo == 0x1p63L && hi == UINT64_MAX && est >= 0x1p63 &&
	      est <= 0x1p64);
}

static int compare_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The documented promises, on random data whose true values are known. */
static void test_summary_bounds(void)
{
	static const double ps[] = { 0, 1, 10, 25, 50, 75, 90, 99, 99.9, 100 };
	uint64_t state = 12345, values[500];
	unsigned int round, i, bad = 0;

	for (round = 0; round < 200; round++) {
		unsigned int n = 1 + next_random(&state) % 500;
		struct hist_summary s;
		struct hist_bins b;
		struct log2_hist h;
		double sum = 0;

		log2_hist_init(&h, "x");
		for (i = 0; i < n; i++) {
			values[i] = next_random(&state) >>
				    (20 + next_random(&state) % 44);
			sum += values[i];
			test_log2_add(&h, values[i], 1);
		}
		qsort(values, n, sizeof(values[0]), compare_u64);
		hist_bins_from_log2(&b, &h);
		hist_bins_summarize(&b, &s);
		sum /= n;
		if (s.count != n || sum < s.mean_lo * (1 - 1e-12) ||
		    sum > s.mean_hi * (1 + 1e-12) ||
		    fabs(sum - s.mean) > s.mean / 3 * (1 + 1e-12) + 1e-9 ||
		    values[0] < s.min_lo || values[0] > s.min_hi ||
		    values[n - 1] < s.max_lo || values[n - 1] > s.max_hi)
			bad++;
		for (i = 0; i < sizeof(ps) / sizeof(ps[0]); i++) {
			double rank = ps[i] / 100 * n, est;
			/* Nearest rank: the ceil(rank)-th smallest, at least the first. */
			unsigned int nth = rank <= 1 ? 1 : (unsigned int)ceil(rank);
			uint64_t truth = values[nth - 1];
			long double lo, hi;

			if (hist_bins_percentile(&b, ps[i], &est, &lo, &hi) ||
			    truth < lo || truth > hi || est < lo || est > hi)
				bad++;
		}
	}
	CHECK_MSG(bad == 0, "%u summaries broke their documented bounds", bad);
}

static void test_signed_summary(void)
{
	struct slog2_hist h;
	struct hist_summary s;
	struct hist_bins b;
	long double lo, hi;
	double est;

	slog2_hist_init(&h, "x_vns");
	test_slog2_add(&h, -3, 1);
	test_slog2_add(&h, -2, 1);
	test_slog2_add(&h, 5, 1);
	hist_bins_from_slog2(&b, &h);
	CHECK(b.is_signed);
	CHECK_EQ_INT(b.n, 6);	/* (-4, -2], [-1], [0], [1], [2, 4), [4, 8) */
	CHECK_STR_EQ(b.bin[0].label, "(-4, -2]");
	hist_bins_summarize(&b, &s);
	CHECK_EQ_U64(s.count, 3);
	CHECK(s.min_lo == -3 && s.min_hi == -2 && s.max_lo == 4 && s.max_hi == 7);
	/* mean of middles: (-2.5 - 2.5 + 5.5) / 3 */
	CHECK(fabs(s.mean - 0.5 / 3) < 1e-12);
	CHECK(fabs(s.mean_lo - (-3 - 3 + 4) / 3.0) < 1e-12);
	CHECK(fabs(s.mean_hi - (-2 - 2 + 7) / 3.0) < 1e-12);
	CHECK_EQ_INT(hist_bins_percentile(&b, 50, &est, &lo, &hi), 0);
	CHECK(lo == -3 && hi == -2);
	CHECK_EQ_INT(hist_bins_percentile(&b, 100, &est, &lo, &hi), 0);
	CHECK(lo == 4 && hi == 7 && est == 7);
	CHECK_EQ_INT(hist_bins_percentile(&b, 101, &est, NULL, NULL), -EINVAL);
	slog2_hist_init(&h, "e_vns");
	hist_bins_from_slog2(&b, &h);
	CHECK_EQ_INT(hist_bins_percentile(&b, 50, &est, NULL, NULL), -ENODATA);
	hist_bins_summarize(&b, &s);
	CHECK_EQ_U64(s.count, 0);
}

static void test_units(void)
{
	enum hist_unit u;
	char name[64];

	CHECK_EQ_INT(hist_unit_parse("us", &u), 0);
	CHECK_EQ_INT(u, HIST_UNIT_US);
	CHECK_EQ_U64(hist_unit_divisor(HIST_UNIT_MS), 1000000);
	CHECK_EQ_INT(hist_unit_parse("s", &u), -EINVAL);
	CHECK_EQ_INT(hist_unit_parse("", &u), -EINVAL);
	CHECK(hist_unit_rename("wakeup_lat_ns", HIST_UNIT_US, name, sizeof(name)));
	CHECK_STR_EQ(name, "wakeup_lat_us");
	CHECK(hist_unit_rename("lag_pick_vns", HIST_UNIT_MS, name, sizeof(name)));
	CHECK_STR_EQ(name, "lag_pick_vms");
	CHECK(!hist_unit_rename("depth", HIST_UNIT_MS, name, sizeof(name)));
	CHECK_STR_EQ(name, "depth");
}

/*
 * Every ns bucket moves whole: the target bucket is that of its lower bound,
 * which holds at least 95% (us) or 90% (ms) of its values when they are
 * spread evenly, as runqlat -u would count them one by one.
 */
static void test_rescale_whole(void)
{
	unsigned int k, t;
	uint64_t d, v;

	for (d = 1000; d <= 1000000; d *= 1000) {
		for (k = 0; k <= 40; k++) {
			struct log2_hist in, got, each;
			uint64_t lo = log2_hist_bucket_min(k);
			uint64_t hi = log2_hist_bucket_max(k);
			uint64_t n = 0;

			log2_hist_init(&in, "x_ns");
			in.buckets[k] = 7;
			log2_hist_rescale(&in, d, &got);
			t = log2_hist_bucket(lo / d);
			CHECK_MSG(got.buckets[t] == 7, "bucket %u / %llu", k,
				  (unsigned long long)d);
			if (k > 22)
				continue;
			log2_hist_init(&each, "x_ns");
			for (v = lo; v <= hi; v++)
				test_log2_add(&each, v / d, 1);
			n = each.buckets[t];
			CHECK_MSG(n * 100 >= (hi - lo + 1) * (d == 1000 ? 95 : 90),
				  "bucket %u / %llu: %llu of %llu values", k,
				  (unsigned long long)d, (unsigned long long)n,
				  (unsigned long long)(hi - lo + 1));
		}
	}
}

static void test_rescale(void)
{
	struct log2_hist in, out;
	struct slog2_hist sin, sout;
	uint64_t seed = 7, total_in, total_out;
	int round, k;

	/* [1024, 2047] ns / 1000: all 1000 to 1 us, none made up at 2 us. */
	log2_hist_init(&in, "x_ns");
	in.buckets[11] = 1000;
	log2_hist_rescale(&in, 1000, &out);
	CHECK_EQ_U64(out.buckets[1], 1000);
	CHECK_EQ_U64(out.buckets[2], 0);
	log2_hist_init(&in, "x_ns");
	in.buckets[5] = 9;			/* 16..31 ns: 0 us */
	in.buckets[64] = 3;			/* huge values stay huge */
	log2_hist_rescale(&in, 1000, &out);
	CHECK_EQ_U64(out.buckets[0], 9);
	CHECK_EQ_U64(out.buckets[54] + out.buckets[55], 3);

	for (round = 0; round < 30; round++) {
		log2_hist_init(&in, "x_ns");
		total_in = total_out = 0;
		for (k = 0; k < LOG2_HIST_BUCKETS; k++) {
			in.buckets[k] = lcg(&seed) % 5 ? 0 : lcg(&seed);
			total_in += in.buckets[k];
		}
		log2_hist_rescale(&in, round % 2 ? 1000 : 1000000, &out);
		for (k = 0; k < LOG2_HIST_BUCKETS; k++)
			total_out += out.buckets[k];
		CHECK_EQ_U64(total_out, total_in);
	}

	/* Signed: magnitudes as above, and what truncates to 0 is 0. */
	slog2_hist_init(&sin, "lag_vns");
	test_slog2_add(&sin, -2000, 1000);
	test_slog2_add(&sin, -5, 4);
	test_slog2_add(&sin, 7, 1);
	slog2_hist_rescale(&sin, 1000, &sout);
	CHECK_EQ_U64(sout.neg[1], 1000);
	CHECK_EQ_U64(sout.neg[2], 0);
	CHECK_EQ_U64(sout.neg[0], 0);
	CHECK_EQ_U64(sout.pos[0], 5);
	CHECK_STR_EQ(sout.name, "lag_vns");
}

void test_hist_bins(void)
{
	test_summary();
	test_summary_bounds();
	test_signed_summary();
	test_units();
	test_rescale_whole();
	test_rescale();
}
