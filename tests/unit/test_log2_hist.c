// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "test_util.h"
#include "hist/log2_hist.h"

static int parse(struct log2_hist *h, const char *buf, size_t len,
		 char *err, size_t errlen)
{
	char *copy = exact_copy(buf, len);
	int ret = log2_hist_parse(h, copy, len, err, errlen);

	free(copy);
	return ret;
}

/* log2_hist_print() into a malloc()ed string. */
static char *print_to_string(const struct log2_hist *h, size_t *len)
{
	char *text = NULL;
	FILE *out = open_memstream(&text, len);

	if (!out)
		abort();
	CHECK_EQ_INT(log2_hist_print(h, out), 0);
	fclose(out);
	return text;
}

static void test_buckets(void)
{
	char label[LOG2_HIST_LABEL_MAX];
	unsigned int k;

	CHECK_EQ_INT(log2_hist_bucket(0), 0);
	CHECK_EQ_INT(log2_hist_bucket(1), 1);
	CHECK_EQ_INT(log2_hist_bucket(2), 2);
	CHECK_EQ_INT(log2_hist_bucket(3), 2);
	CHECK_EQ_INT(log2_hist_bucket(4), 3);
	CHECK_EQ_INT(log2_hist_bucket(7), 3);
	CHECK_EQ_INT(log2_hist_bucket(8), 4);
	for (k = 1; k < 64; k++) {
		uint64_t power = 1ull << k;

		CHECK_MSG(log2_hist_bucket(power - 1) == k &&
			  log2_hist_bucket(power) == k + 1,
			  "buckets of 2^%u - 1 and 2^%u: %u and %u", k, k,
			  log2_hist_bucket(power - 1), log2_hist_bucket(power));
	}
	CHECK_EQ_INT(log2_hist_bucket(UINT64_MAX), 64);
	CHECK_EQ_INT(log2_hist_bucket(1ull << 63), 64);

	/* The bounds tile 0..UINT64_MAX without gaps. */
	CHECK_EQ_U64(log2_hist_bucket_min(0), 0);
	CHECK_EQ_U64(log2_hist_bucket_max(0), 0);
	CHECK_EQ_U64(log2_hist_bucket_min(1), 1);
	CHECK_EQ_U64(log2_hist_bucket_max(1), 1);
	CHECK_EQ_U64(log2_hist_bucket_min(2), 2);
	CHECK_EQ_U64(log2_hist_bucket_max(2), 3);
	CHECK_EQ_U64(log2_hist_bucket_max(64), UINT64_MAX);
	for (k = 0; k < LOG2_HIST_BUCKETS; k++) {
		uint64_t min = log2_hist_bucket_min(k), max = log2_hist_bucket_max(k);

		CHECK_MSG(log2_hist_bucket(min) == k && log2_hist_bucket(max) == k &&
			  (k == 64 || max + 1 == log2_hist_bucket_min(k + 1)),
			  "bucket %u bounds %llu..%llu", k,
			  (unsigned long long)min, (unsigned long long)max);
	}

	log2_hist_bucket_label(0, label);
	CHECK_STR_EQ(label, "[0]");
	log2_hist_bucket_label(1, label);
	CHECK_STR_EQ(label, "[1]");
	log2_hist_bucket_label(2, label);
	CHECK_STR_EQ(label, "[2, 4)");
	log2_hist_bucket_label(10, label);
	CHECK_STR_EQ(label, "[512, 1K)");
	log2_hist_bucket_label(11, label);
	CHECK_STR_EQ(label, "[1K, 2K)");
	log2_hist_bucket_label(20, label);
	CHECK_STR_EQ(label, "[512K, 1M)");
	log2_hist_bucket_label(32, label);
	CHECK_STR_EQ(label, "[2G, 4G)");
	log2_hist_bucket_label(41, label);
	CHECK_STR_EQ(label, "[1T, 2T)");
	log2_hist_bucket_label(51, label);
	CHECK_STR_EQ(label, "[1024T, 2048T)");
	log2_hist_bucket_label(64, label);
	CHECK_STR_EQ(label, "[8388608T, 16777216T)");
}

/* Names are cut to fit. */
static void test_init(void)
{
	struct log2_hist h;

	log2_hist_init(&h, "a_very_long_name_that_goes_on_and_on_and_on_and_on_"
			   "and_on_past_63");
	CHECK_EQ_U64(strlen(h.name), LOG2_HIST_NAME_MAX - 1);
}

struct golden {
	const char *file;
	const char *name;
	uint64_t buckets[LOG2_HIST_BUCKETS];
};

static const struct golden goldens[] = {
	{ "golden/empty.txt", "wakeup_lat_ns", { 0 } },
	{ "golden/zero.txt", "preempt_lat_ns", { [0] = 1 } },
	{ "golden/small.txt", "wakeup_lat_ns", { [2] = 5, [7] = 1, [13] = 20 } },
	{ "golden/float_scaling.txt", "wakeup_lat_ns",
	  { [3] = 250367, [10] = 289313 } },
	{ "golden/spread.txt", "new_lat_ns",
	  { [0] = 3, [1] = 2, [2] = 1, [11] = 7, [17] = 13, [22] = 100,
	    [30] = 40, [32] = 42 } },
	{ "golden/beyond_bpftrace.txt", "big",
	  { [33] = 1, [41] = 123456789, [50] = 5000000000ull, [51] = 7,
	    [64] = 2 } },
};

static void test_goldens(void)
{
	size_t i;

	for (i = 0; i < sizeof(goldens) / sizeof(goldens[0]); i++) {
		const struct golden *g = &goldens[i];
		struct log2_hist h, parsed;
		size_t want_len, got_len, again_len;
		char *want = test_file(g->file, &want_len);
		char *got, *again, err[256] = "";

		log2_hist_init(&h, g->name);
		memcpy(h.buckets, g->buckets, sizeof(h.buckets));
		got = print_to_string(&h, &got_len);
		CHECK_MSG(got_len == want_len && !memcmp(got, want, want_len),
			  "%s: printed differently:\n%s", g->file, got);

		CHECK_MSG(!parse(&parsed, want, want_len, err, sizeof(err)),
			  "%s: %s", g->file, err);
		CHECK_MSG(test_log2_equal(&parsed, &h), "%s: parsed differently",
			  g->file);
		again = print_to_string(&parsed, &again_len);
		CHECK_MSG(again_len == want_len && !memcmp(again, want, want_len),
			  "%s: print(parse(golden)) differs", g->file);
		free(got);
		free(again);
		free(want);
	}
}

/* xorshift64: the same "random" histograms on every run. */
static uint64_t next_random(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

static void test_round_trip(void)
{
	uint64_t state = 0x9e3779b97f4a7c15ull;
	unsigned int round, bad = 0;

	for (round = 0; round < 2000; round++) {
		struct log2_hist h, parsed;
		unsigned int n = next_random(&state) % 20, i;
		char err[256], *text;
		size_t len;

		log2_hist_init(&h, round % 3 ? "wakeup_lat_ns" : "");
		for (i = 0; i < n; i++) {
			/* Spread over all magnitudes, counts small to huge. */
			uint64_t value = next_random(&state) >> (next_random(&state) % 64);
			uint64_t count = next_random(&state) >> (next_random(&state) % 64);

			test_log2_add(&h, value, count % 2 ? count : count % 1000);
		}
		text = print_to_string(&h, &len);
		if (parse(&parsed, text, len, err, sizeof(err)) ||
		    !test_log2_equal(&parsed, &h)) {
			if (!bad++)
				printf("round trip %u failed (%s):\n%s", round, err, text);
		}
		free(text);
	}
	CHECK_MSG(bad == 0, "%u of 2000 random histograms did not round-trip", bad);
}

static void test_parse_variants(void)
{
	struct log2_hist h;
	char err[256] = "";
	const char *text;

	/* The name line without bpftrace's trailing space is accepted. */
	text = "@x:\n\n";
	CHECK_EQ_INT(parse(&h, text, strlen(text), err, sizeof(err)), 0);
	CHECK_STR_EQ(h.name, "x");
	/* An anonymous map is "@: ". */
	text = "@: \n[1]                    9 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n\n";
	CHECK_EQ_INT(parse(&h, text, strlen(text), err, sizeof(err)), 0);
	CHECK_STR_EQ(h.name, "");
	CHECK_EQ_U64(h.buckets[1], 9);
	/* Bars scaled with integers (44 here, bpftrace prints 45) are accepted. */
	text = "@x: \n"
	       "[4, 8)            250367 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@        |\n"
	       "[8, 16)           289313 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n\n";
	CHECK_EQ_INT(parse(&h, text, strlen(text), err, sizeof(err)), 0);
	CHECK_EQ_U64(h.buckets[3], 250367);
}

struct bad_case {
	const char *input;
	size_t len;			/* 0: strlen(input) */
	const char *message;
};

#define BAR52 "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@"
#define NOBAR "                                                    "

static void test_corrupt(void)
{
	static const struct bad_case cases[] = {
		{ "", 0, "empty input" },
		{ "\n", 0, "line 1: not a histogram name line" },
		{ "@x: ", 0, "line 1: no newline" },
		{ "@x: \n", 0, "line 1: input ends before the blank line" },
		{ "x: \n\n", 0, "line 1: not a histogram name line" },
		{ "@x \n\n", 0, "line 1: not a histogram name line" },
		{ "@x:  \n\n", 0, "line 1: not a histogram name line" },
		{ "@x: \r\n\n", 0, "line 1: not a histogram name line" },
		{ "@x[1]: \n\n", 0, "line 1: not a histogram name line" },
		{ "@x-y: \n\n", 0, "line 1: not a histogram name line" },
		{ "@a234567890123456789012345678901234567890123456789012345678901234: \n\n",
		  0, "line 1: name longer than 63 bytes" },
		{ "@x: \n[0]                    1 |" BAR52 "|\n", 0,
		  "line 2: input ends before the blank line" },
		{ "@x: \n[0]                    1 |" BAR52 "|", 0,
		  "line 2: no newline" },
		{ "@x: \n[0]                    1 |" BAR52, 0, "line 2: no newline" },
		{ "@x: \n[0]                    1 |" BAR52 "\n\n", 0,
		  "line 2: no \" |\" and 52-column bar" },
		{ "@x: \n[0]                    1 |" BAR52 "@|\n\n", 0,
		  "line 2: no \" |\" and 52-column bar" },
		{ "@x: \n[0]                   1 |" BAR52 "|\n\n", 0,
		  "line 2: label and count not in bpftrace's columns" },
		{ "@x: \n[0]                     1 |" BAR52 "|\n\n", 0,
		  "line 2: label and count not in bpftrace's columns" },
		{ "@x: \n[0]\t                   1 |" BAR52 "|\n\n", 0,
		  "line 2: no count after \"[0]\"" },
		{ "@x: \n[0]                   01 |" BAR52 "|\n\n", 0,
		  "line 2: count \"01\" has a leading zero" },
		{ "@x: \n[0]            18446744073709551616 |" BAR52 "|\n\n", 0,
		  "line 2: count \"18446744073709551616\" is out of range" },
		{ "@x: \n[0]                    1  " BAR52 "|\n\n", 0,
		  "line 2: no \" |\" and 52-column bar" },
		{ "@x: \n[0]                    1 |" NOBAR "|\n\n", 0,
		  "line 2: bar of 0 '@' for count 1 of at most 1 (bpftrace: 52)" },
		{ "@x: \n[0]                    1 |@@@@@@@@@@@@@@@@@@@@@@@@@@#@@@@@@@@@@@@@@@@@@@@@@@@@|\n\n",
		  0, "line 2: bar is not '@'s padded with spaces" },
		{ "@x: \n[0]                    1 |@@@@ @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n\n",
		  0, "line 2: bar is not '@'s padded with spaces" },
		{ "@x: \n[0]                    2 |" BAR52 "|\n"
		  "[1]                    1 |@@@@@@@@@@@@@@@@@@@@@@@@                            |\n\n",
		  0, "line 3: bar of 24 '@' for count 1 of at most 2 (bpftrace: 26)" },
		{ "@x: \n[0]                    2 |" BAR52 "|\n"
		  "[1]                    0 |@                                                   |\n"
		  "[2, 4)                 2 |" BAR52 "|\n\n",
		  0, "line 3: bar of 1 '@' for count 0" },
		{ "@x: \n[0]                    0 |" NOBAR "|\n"
		  "[1]                    1 |" BAR52 "|\n\n",
		  0, "line 2: bucket with count 0 at the start" },
		{ "@x: \n[1]                    1 |" BAR52 "|\n"
		  "[2, 4)                 0 |" NOBAR "|\n\n",
		  0, "line 3: bucket with count 0 at the end" },
		{ "@x: \n[0]                    1 |" BAR52 "|\n"
		  "[2, 4)                 1 |" BAR52 "|\n\n",
		  0, "line 3: bucket \"[2, 4)\" where the next one, \"[1]\", belongs" },
		{ "@x: \n[1]                    1 |" BAR52 "|\n"
		  "[0]                    1 |" BAR52 "|\n\n",
		  0, "line 3: bucket \"[0]\" where the next one, \"[2, 4)\", belongs" },
		{ "@x: \n[3, 4)                 1 |" BAR52 "|\n\n",
		  0, "line 2: \"[3, 4)\" is not a bucket of a log2 histogram" },
		{ "@x: \n[2, 4]                 1 |" BAR52 "|\n\n",
		  0, "line 2: \"[2, 4]\" is not a bucket" },
		{ "@x: \n[1K,2K)                1 |" BAR52 "|\n\n",
		  0, "line 2: \"[1K,2K)\" is not a bucket" },
		{ "@x: \n[1024, 2048)           1 |" BAR52 "|\n\n",
		  0, "line 2: \"[1024, 2048)\" is not a bucket" },
		{ "@x: \n(..., 0)               1 |" BAR52 "|\n\n",
		  0, "line 2: bucket \"(..., 0)\" of negative values" },
		{ "@x: \n[0                     1 |" BAR52 "|\n\n",
		  0, "line 2: no bucket label" },
		{ "@x: \n 0]                    1 |" BAR52 "|\n\n",
		  0, "line 2: no bucket label" },
		{ "@x: \n[8388608T, 16777216T)       1 |" BAR52 "|\n"
		  "[16777216T, 33554432T)       1 |" BAR52 "|\n\n",
		  0, "line 3: a bucket after the last one" },
		{ "@x: \n\n@y: \n\n", 0,
		  "line 3: more input after the blank line" },
		{ "@x: \n\n\n", 0, "line 3: more input after the blank line" },
		{ "@x: \n[0]      \0             1 |" BAR52 "|\n\n", 60,
		  "line 2: NUL byte at column 10" },
		{ "@x\0: \n\n", 6, "line 1: NUL byte at column 3" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct bad_case *c = &cases[i];
		size_t len = c->len ? c->len : strlen(c->input);
		struct log2_hist h;
		char err[256] = "";
		int ret;

		memset(&h, 0x5a, sizeof(h));
		ret = parse(&h, c->input, len, err, sizeof(err));
		CHECK_MSG(ret == -EINVAL, "case %zu: got %d, want -EINVAL", i, ret);
		CHECK_MSG(strstr(err, c->message), "case %zu: message \"%s\" "
			  "lacks \"%s\"", i, err, c->message);
		CHECK_MSG(!h.name[0] && !h.buckets[0] && !h.buckets[64],
			  "case %zu: a failed parse leaves data", i);
	}
}

/* Every proper prefix of a golden file is an error, the whole file is not. */
static void test_truncation(const char *relpath)
{
	size_t len, cut;
	char *buf = test_file(relpath, &len);
	char err[256];

	for (cut = 0; cut <= len; cut++) {
		struct log2_hist h;
		int ret = parse(&h, buf, cut, err, sizeof(err));

		CHECK_MSG(cut == len ? ret == 0 : ret == -EINVAL,
			  "%s cut at %zu of %zu: got %d (%s)", relpath, cut, len,
			  ret, ret ? err : "ok");
	}
	free(buf);
}

/* Every byte replaced by each of a few characters: 0 or -EINVAL, no crash. */
static void test_mutations(const char *relpath)
{
	static const char replacements[] = { ' ', '\n', '\0', '0', '9', '@', '|',
					     '[', ']', ')', ',', 'K', 'T', '(' };
	size_t len, at, r, bad = 0;
	char *buf = test_file(relpath, &len);
	char err[256];

	for (at = 0; at < len; at++) {
		for (r = 0; r < sizeof(replacements); r++) {
			char saved = buf[at];
			struct log2_hist h;
			int ret;

			buf[at] = replacements[r];
			ret = parse(&h, buf, len, err, sizeof(err));
			buf[at] = saved;
			if (ret != 0 && ret != -EINVAL)
				bad++;
		}
	}
	CHECK_MSG(bad == 0, "%s: %zu mutations gave neither 0 nor -EINVAL",
		  relpath, bad);
	free(buf);
}

void test_log2_hist(void)
{
	size_t i;

	test_buckets();
	test_init();
	test_goldens();
	test_round_trip();
	test_parse_variants();
	test_corrupt();
	for (i = 0; i < sizeof(goldens) / sizeof(goldens[0]); i++)
		test_truncation(goldens[i].file);
	test_mutations("golden/small.txt");
	test_mutations("golden/beyond_bpftrace.txt");
}
