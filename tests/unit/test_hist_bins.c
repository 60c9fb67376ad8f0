// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <math.h>
#include <string.h>

#include "check.h"
#include "hist/bins.h"
#include "hist/unit.h"

static uint64_t lcg(uint64_t *state)
{
	*state = *state * 6364136223846793005ull + 1442695040888963407ull;
	return *state >> 33;
}

/* hist_bins agrees with log2_hist's own summary and percentiles. */
static void test_agrees_with_log2_hist(void)
{
	uint64_t seed = 42;
	int round, k;

	for (round = 0; round < 50; round++) {
		struct log2_hist h;
		struct log2_hist_summary ls;
		struct hist_summary s;
		struct hist_bins b;
		double p, want, got;
		uint64_t lo, hi;
		long double blo, bhi;

		log2_hist_init(&h, "r");
		for (k = 0; k < 8; k++)
			h.buckets[lcg(&seed) % 40] += 1 + lcg(&seed) % 1000;
		hist_bins_from_log2(&b, &h);
		hist_bins_summarize(&b, &s);
		log2_hist_summarize(&h, &ls);
		CHECK_EQ_U64(s.count, ls.count);
		CHECK(s.min_lo == log2_hist_bucket_min(ls.min_bucket) &&
		      s.max_hi == log2_hist_bucket_max(ls.max_bucket));
		CHECK_MSG(fabs(s.mean - ls.mean) <= 1e-9 * ls.mean + 1e-9 &&
			  fabs(s.mean_lo - ls.mean_min) <= 1e-9 * ls.mean + 1e-9 &&
			  fabs(s.mean_hi - ls.mean_max) <= 1e-9 * ls.mean + 1e-9,
			  "round %d: mean %f vs %f", round, s.mean, ls.mean);
		for (p = 0; p <= 100; p += 12.5) {
			log2_hist_percentile(&h, p, &want, &lo, &hi);
			hist_bins_percentile(&b, p, &got, &blo, &bhi);
			CHECK_MSG(fabs(got - want) <= 1e-6 * want + 1e-6 &&
				  blo == lo && bhi == hi,
				  "round %d p%.1f: %f [%Lf, %Lf] vs %f [%llu, %llu]",
				  round, p, got, blo, bhi, want,
				  (unsigned long long)lo, (unsigned long long)hi);
		}
	}
}

static void test_signed_summary(void)
{
	struct slog2_hist h;
	struct hist_summary s;
	struct hist_bins b;
	long double lo, hi;
	double est;

	slog2_hist_init(&h, "x_vns");
	slog2_hist_add(&h, -3);
	slog2_hist_add(&h, -2);
	slog2_hist_add(&h, 5);
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
 * With one value per integer of a bucket (count = its width), spreading
 * evenly is exactly what runqlat -u would count: compare value by value.
 */
static void test_rescale_exact(void)
{
	unsigned int k;
	uint64_t d, v;

	for (d = 1000; d <= 1000000; d *= 1000) {
		for (k = 0; k <= 22; k++) {
			struct log2_hist in, got, want;
			uint64_t lo = log2_hist_bucket_min(k);
			uint64_t hi = log2_hist_bucket_max(k);

			log2_hist_init(&in, "x_ns");
			log2_hist_init(&want, "x_ns");
			in.buckets[k] = hi - lo + 1;
			for (v = lo; v <= hi; v++)
				log2_hist_add(&want, v / d);
			log2_hist_rescale(&in, d, &got);
			CHECK_MSG(log2_hist_equal(&got, &want),
				  "bucket %u / %llu", k, (unsigned long long)d);
		}
	}
}

static void test_rescale(void)
{
	struct log2_hist in, out;
	struct slog2_hist sin, sout;
	uint64_t seed = 7, total_in, total_out;
	int round, k;

	/* [1024, 2047] ns / 1000: 976 values -> 1 us, 48 -> 2 us. */
	log2_hist_init(&in, "x_ns");
	in.buckets[11] = 1000;
	log2_hist_rescale(&in, 1000, &out);
	CHECK_EQ_U64(out.buckets[1], 953);	/* 953.125 */
	CHECK_EQ_U64(out.buckets[2], 47);	/* 46.875, + the remainder */
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
	slog2_hist_add_count(&sin, -2000, 1000);
	slog2_hist_add_count(&sin, -5, 4);
	slog2_hist_add_count(&sin, 7, 1);
	slog2_hist_rescale(&sin, 1000, &sout);
	CHECK_EQ_U64(sout.neg[1], 953);
	CHECK_EQ_U64(sout.neg[2], 47);
	CHECK_EQ_U64(sout.neg[0], 0);
	CHECK_EQ_U64(sout.pos[0], 5);
	CHECK_STR_EQ(sout.name, "lag_vns");
}

void test_hist_bins(void)
{
	test_agrees_with_log2_hist();
	test_signed_summary();
	test_units();
	test_rescale_exact();
	test_rescale();
}
