// SPDX-License-Identifier: GPL-2.0
/*
 * The module's histogram files (hist/raw.h, docs/interface.md): random
 * histograms written as the module writes them and read back equal; the
 * per-CPU file; every malformed line refused with its line number; no byte
 * changed anywhere crashes the reader.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kmod/snapshot.h"
#include "test_util.h"

/* A bucket's line, as hist_print.c prints it. */
static void put_row(FILE *out, long long lo, unsigned long long ulo,
		    unsigned long long uhi, long long hi, bool is_signed,
		    uint64_t count)
{
	if (is_signed)
		fprintf(out, "%lld %lld %llu\n", lo, hi,
			(unsigned long long)count);
	else
		fprintf(out, "%llu %llu %llu\n", ulo, uhi,
			(unsigned long long)count);
}

/* h's body (no header): its non-empty buckets, lowest first. */
static void put_rows(FILE *out, const struct snapshot_hist *h)
{
	unsigned int r;

	if (h->is_signed) {
		for (r = 0; r < SLOG2_HIST_ROWS; r++)
			if (slog2_hist_row_count(&h->s, r))
				put_row(out, slog2_hist_row_min(r), 0, 0,
					slog2_hist_row_max(r), true,
					slog2_hist_row_count(&h->s, r));
		return;
	}
	for (r = 0; r < LOG2_HIST_BUCKETS; r++)
		if (h->u.buckets[r])
			put_row(out, 0, log2_hist_bucket_min(r),
				log2_hist_bucket_max(r), 0, false,
				h->u.buckets[r]);
}

/* xorshift64: the same "random" histograms on every run. */
static uint64_t next_random(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

static void random_hist(struct snapshot_hist *h, bool is_signed,
			uint64_t *state)
{
	unsigned int n = next_random(state) % 20, i;

	memset(h, 0, sizeof(*h));
	h->is_signed = is_signed;
	if (is_signed)
		slog2_hist_init(&h->s, "lag_pick_vns");
	else
		log2_hist_init(&h->u, "wakeup_lat_ns");
	for (i = 0; i < n; i++) {
		/* Spread over all magnitudes, counts small to huge. */
		uint64_t value = next_random(state) >> (next_random(state) % 64);
		uint64_t count = next_random(state) >> (next_random(state) % 64);

		count = count % 2 ? count : count % 1000 + 1;
		if (is_signed)
			test_slog2_add(&h->s, (int64_t)value, count);
		else
			test_log2_add(&h->u, value, count);
	}
}

static bool same(const struct snapshot_hist *a, const struct snapshot_hist *b)
{
	if (a->is_signed != b->is_signed)
		return false;
	return a->is_signed ? test_slog2_equal(&a->s, &b->s) :
			      test_log2_equal(&a->u, &b->u);
}

static void test_round_trip(void)
{
	uint64_t state = 0x9e3779b97f4a7c15ull;
	unsigned int round, bad = 0;

	for (round = 0; round < 2000; round++) {
		struct snapshot_hist h, back;
		char *text, err[256] = "";
		size_t len;

		random_hist(&h, round % 2, &state);
		CAPTURE(text, len,
			fprintf(out, "# %s: lo hi count\n", snapshot_hist_name(&h));
			put_rows(out, &h));
		if (snapshot_hist_parse("x", text, len, &back, err, sizeof(err)) ||
		    !same(&h, &back)) {
			if (!bad++)
				printf("round %u (%s):\n%s", round, err, text);
		}
		free(text);
	}
	CHECK_MSG(bad == 0, "%u of 2000 random histograms did not round-trip", bad);
}

static void test_per_cpu(void)
{
	static const char text[] =
		"# wakeup_lat_ns: lo hi count, per cpu\n"
		"cpu 0\n"
		"512 1023 3\n"
		"cpu 1\n"
		"cpu 3\n"
		"0 0 2\n"
		"9223372036854775808 18446744073709551615 7\n";
	struct snapshot_hist *h;
	char err[256] = "";
	size_t n;

	CHECK_EQ_INT(snapshot_hist_parse_percpu("wakeup_lat", text,
						strlen(text), &h, &n, err,
						sizeof(err)), 0);
	CHECK_EQ_U64(n, 3);
	CHECK_EQ_INT(h[0].cpu, 0);
	CHECK_EQ_U64(h[0].u.buckets[10], 3);
	CHECK_EQ_INT(h[1].cpu, 1);
	CHECK_EQ_INT(h[2].cpu, 3);
	CHECK_EQ_U64(h[2].u.buckets[0], 2);
	CHECK_EQ_U64(h[2].u.buckets[64], 7);
	CHECK_STR_EQ(snapshot_hist_name(&h[2]), "wakeup_lat_ns");
	free(h);
}

struct bad_file {
	bool per_cpu;
	const char *text, *why;
};

static void test_refused(void)
{
	static const struct bad_file bad[] = {
		{ false, "@wakeup_lat_ns: \n[1K, 2K)  1 |@|\n\n",
		  "line 1: not \"# NAME: lo hi count\" (a module of interface 2" },
		{ false, "# wakeup_lat_ns lo hi count\n", "line 1: not" },
		{ false, "# : lo hi count\n", "line 1: not" },
		{ false, "# wakeup_lat_ns: lo hi count", "line 1: not" },
		{ false, "# wakeup_lat_ns: lo hi count, per cpu\n",
		  "line 1: a per-CPU histogram, not a total" },
		{ false, "# wakeup_lat_ns: lo hi count\n512 1000 1\n",
		  "line 2: \"512 1000\" is not a bucket of a log2 histogram" },
		{ false, "# wakeup_lat_ns: lo hi count\n1024 2047 1\n512 1023 1\n",
		  "line 3: \"512 1023\" is not a bucket" },
		{ false, "# wakeup_lat_ns: lo hi count\n512 1023 1\n512 1023 1\n",
		  "line 3: \"512 1023\" is not a bucket" },
		{ false, "# wakeup_lat_ns: lo hi count\n512 1023 0\n",
		  "line 2: count \"0\" is not a number from 1" },
		{ false, "# wakeup_lat_ns: lo hi count\n512 1023 18446744073709551616\n",
		  "line 2: count" },
		{ false, "# wakeup_lat_ns: lo hi count\n512 1023 1",
		  "line 2: no end of line" },
		{ false, "# wakeup_lat_ns: lo hi count\n512  1023 1\n",
		  "line 2: not \"lo hi count\"" },
		{ false, "# wakeup_lat_ns: lo hi count\n512 1023\n",
		  "line 2: not \"lo hi count\"" },
		{ false, "# wakeup_lat_ns: lo hi count\n-1 -1 1\n",
		  "line 2: \"-1 -1\" is not a bucket of a log2 histogram" },
		{ false, "# lag_pick_vns: lo hi count\n-3 -1 1\n",
		  "line 2: \"-3 -1\" is not a bucket of a signed log2" },
		{ false, "# wakeup_lat_ns: lo hi count\n512 1023 1\nmore\n",
		  "line 3: not \"lo hi count\"" },
		{ true, "# wakeup_lat_ns: lo hi count\n",
		  "line 1: a total, not a per-CPU histogram" },
		{ true, "# wakeup_lat_ns: lo hi count, per cpu\n512 1023 1\n",
		  "line 2: not \"cpu N\"" },
		{ true, "# wakeup_lat_ns: lo hi count, per cpu\ncpu 1\ncpu 1\n",
		  "line 3: not \"cpu N\" with N above the CPU before" },
		{ true, "# wakeup_lat_ns: lo hi count, per cpu\ncpu x\n",
		  "line 2: not \"cpu N\"" },
		{ true, "# wakeup_lat_ns: lo hi count, per cpu\ncpu 0\n1 2 3\n",
		  "line 3: \"1 2\" is not a bucket" },
	};
	struct snapshot_hist h, *hp;
	char err[256];
	size_t i, n;
	int ret;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *copy = exact_copy(bad[i].text, strlen(bad[i].text));

		err[0] = '\0';
		ret = bad[i].per_cpu ?
		      snapshot_hist_parse_percpu("f", copy, strlen(bad[i].text),
						 &hp, &n, err, sizeof(err)) :
		      snapshot_hist_parse("f", copy, strlen(bad[i].text), &h,
					  err, sizeof(err));
		CHECK_MSG(ret == -EINVAL && strstr(err, bad[i].why),
			  "case %zu: %d, \"%s\" should have \"%s\"", i, ret, err,
			  bad[i].why);
		free(copy);
	}
	CHECK_EQ_INT(snapshot_hist_parse("f", "# x_ns: lo hi count\n\0\n", 22,
					 &h, err, sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "NUL");
}

/* Every byte replaced by each of a few characters: 0 or -EINVAL, no crash. */
static void test_mutations(void)
{
	static const char text[] =
		"# lag_pick_vns: lo hi count\n"
		"-9223372036854775808 -9223372036854775808 4\n"
		"-4095 -2048 5\n-1 -1 2\n0 0 1\n256 511 5\n";
	static const char replacements[] = { ' ', '\n', '\0', '0', '9', '-',
					     '#', ':', 'c', '1' };
	size_t at, r, bad = 0, len = strlen(text);
	char *buf = exact_copy(text, len), err[256];
	struct snapshot_hist h;
	int ret;

	CHECK_EQ_INT(snapshot_hist_parse("f", buf, len, &h, err, sizeof(err)), 0);
	CHECK_EQ_U64(h.s.neg[64], 4);
	for (at = 0; at < len; at++) {
		for (r = 0; r < sizeof(replacements); r++) {
			char saved = buf[at];

			buf[at] = replacements[r];
			ret = snapshot_hist_parse("f", buf, len, &h, err,
						  sizeof(err));
			buf[at] = saved;
			if (ret != 0 && ret != -EINVAL)
				bad++;
		}
	}
	CHECK_MSG(bad == 0, "%zu mutations gave neither 0 nor -EINVAL", bad);
	free(buf);
}

void test_hist_raw(void)
{
	test_round_trip();
	test_per_cpu();
	test_refused();
	test_mutations();
}
