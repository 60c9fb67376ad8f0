// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/kv_stats.h"

/* Parse from an exact-size copy, so reads past the input are caught. */
static int parse(struct kv_stats *st, const char *buf, size_t len, bool percpu,
		 char *err, size_t errlen)
{
	char *copy = exact_copy(buf, len);
	int ret = percpu ? kv_stats_parse_percpu(st, copy, len, err, errlen) :
			   kv_stats_parse(st, copy, len, err, errlen);

	free(copy);
	return ret;
}

static void test_good_stats(void)
{
	struct kv_stats st;
	char err[256] = "";
	uint64_t value = 1;

	CHECK_EQ_INT(kv_stats_parse_file(&st, test_path("../fixtures/stats"), err,
					 sizeof(err)), 0);
	CHECK_STR_EQ(err, "");
	CHECK_EQ_U64(st.count, 18);
	CHECK(!st.percpu);
	/* Input order is kept, for printing in the module's order. */
	CHECK_STR_EQ(st.items[0].key, "switches");
	CHECK_STR_EQ(st.items[17].key, "slot_collisions");
	CHECK_EQ_U64(st.items[17].line, 18);
	CHECK_EQ_INT(kv_stats_get(&st, "switches", &value), 0);
	CHECK_EQ_U64(value, 48211);
	CHECK_EQ_INT(kv_stats_get(&st, "wakeup_lat_sum_ns", &value), 0);
	CHECK_EQ_U64(value, 913427711);
	CHECK_EQ_INT(kv_stats_get(&st, "preempt_lat_sum_ns", &value), 0);
	CHECK_EQ_U64(value, UINT64_MAX);
	CHECK_EQ_INT(kv_stats_get(&st, "new_lat_sum_ns", &value), 0);
	CHECK_EQ_U64(value, 0);
	CHECK_EQ_INT(kv_stats_get(&st, "slot_collisions", &value), 0);
	value = 7;
	CHECK_EQ_INT(kv_stats_get(&st, "picks", &value), -ENOENT);
	CHECK_EQ_U64(value, 7);
	CHECK_EQ_INT(kv_stats_get(&st, "", &value), -ENOENT);
	CHECK_EQ_INT(kv_stats_get(&st, "switches_", &value), -ENOENT);
	CHECK_EQ_INT(kv_stats_get_percpu(&st, 1, "switches", &value), -ENOENT);
	kv_stats_free(&st);
	CHECK_EQ_U64(st.count, 0);
	kv_stats_free(&st);		/* twice is harmless */
}

static void test_good_percpu(void)
{
	struct kv_stats st;
	char err[256] = "";
	uint64_t value = 0;

	CHECK_EQ_INT(kv_stats_parse_percpu_file(&st, test_path("../fixtures/stats_percpu"),
						err, sizeof(err)), 0);
	CHECK_STR_EQ(err, "");
	CHECK_EQ_U64(st.count, 8);
	CHECK(st.percpu);
	CHECK_EQ_INT(kv_stats_get_percpu(&st, 0, "switches", &value), 0);
	CHECK_EQ_U64(value, 24000);
	CHECK_EQ_INT(kv_stats_get_percpu(&st, 1, "wakeups", &value), 0);
	CHECK_EQ_U64(value, 21001);
	CHECK_EQ_INT(kv_stats_get_percpu(&st, 2, "wakeups", &value), -ENOENT);
	/* A percpu set has no totals. */
	CHECK_EQ_INT(kv_stats_get(&st, "switches", &value), -ENOENT);
	kv_stats_free(&st);
}

static void test_small_good(void)
{
	static const char key63[] =
		"k23456789012345678901234567890123456789012345678901234567890123";
	struct kv_stats st;
	char buf[128], err[256];
	uint64_t value;

	snprintf(buf, sizeof(buf), "%s 5\n", key63);
	CHECK_EQ_INT(parse(&st, buf, strlen(buf), false, err, sizeof(err)), 0);
	CHECK_EQ_INT(kv_stats_get(&st, key63, &value), 0);
	CHECK_EQ_U64(value, 5);
	kv_stats_free(&st);

	CHECK_EQ_INT(parse(&st, "0 0\n", 4, false, err, sizeof(err)), 0);
	CHECK_EQ_INT(kv_stats_get(&st, "0", &value), 0);
	CHECK_EQ_U64(value, 0);
	kv_stats_free(&st);

	/* Same key on two CPUs is no duplicate. */
	snprintf(buf, sizeof(buf), "0 a 1\n1 a 2\n1048575 a 3\n");
	CHECK_EQ_INT(parse(&st, buf, strlen(buf), true, err, sizeof(err)), 0);
	CHECK_EQ_INT(kv_stats_get_percpu(&st, 1048575, "a", &value), 0);
	CHECK_EQ_U64(value, 3);
	kv_stats_free(&st);

	/* err may be NULL. */
	CHECK_EQ_INT(parse(&st, "bad\n", 4, false, NULL, 0), -EINVAL);
}

struct bad_case {
	const char *input;
	size_t len;			/* 0: strlen(input) */
	bool percpu;
	const char *message;		/* part of the expected error */
};

static void test_bad_inputs(void)
{
	static const struct bad_case cases[] = {
		{ "", 0, false, "empty input" },
		{ "\n", 0, false, "line 1: empty line" },
		{ "a 1\n\nb 2\n", 0, false, "line 2: empty line" },
		{ "switches\n", 0, false, "line 1: key 'switches' has no value" },
		{ "switches_vol", 0, false, "line 1: no newline" },
		{ "a 1\nswitches_vol", 0, false, "line 2: no newline" },
		{ "a 1\nb 2", 0, false, "line 2: no newline" },
		{ "a 1\nb ", 0, false, "line 2: no newline" },
		{ "a  1\n", 0, false, "line 1: value is not a decimal number" },
		{ "a\t1\n", 0, false, "line 1: key 'a' is followed by a character" },
		{ "a 1 \n", 0, false, "line 1: value is not" },
		{ "a 1\r\n", 0, false, "line 1: value is not" },
		{ " a 1\n", 0, false, "line 1: no key" },
		{ "A 1\n", 0, false, "line 1: no key" },
		{ "a-b 1\n", 0, false, "line 1: key 'a' is followed by a character" },
		{ "a +1\n", 0, false, "line 1: value is not" },
		{ "a -1\n", 0, false, "line 1: value is not" },
		{ "a 1x\n", 0, false, "line 1: value is not" },
		{ "a 0x10\n", 0, false, "line 1: value is not" },
		{ "a 01\n", 0, false, "line 1: value '01' has a leading zero" },
		{ "a 1 2\n", 0, false, "line 1: value is not" },
		{ "a \n", 0, false, "line 1: value is not" },
		{ "a 18446744073709551616\n", 0, false,
		  "line 1: value '18446744073709551616' is out of range" },
		{ "a 1\nb 99999999999999999999999999\n", 0, false,
		  "line 2: value '99999999999999999999999999' is out of range" },
		{ "a 1\nb 2\na 3\n", 0, false,
		  "line 3: duplicate key 'a' (first on line 1)" },
		{ "a 1\nb\0 2\n", 9, false, "line 2: NUL byte at column 2" },
		{ "a 1\0\n", 5, false, "line 1: NUL byte at column 4" },
		{ "\0", 1, false, "line 1: NUL byte" },
		{ "k234567890123456789012345678901234567890123456789012345678901234 1\n",
		  0, false, "line 1: key 'k234567890123456789012345678901234567890...' "
		  "is longer than 63 bytes" },
		{ "0 a 1\n", 0, false, "line 1: value is not a decimal number followed "
		  "by the end of the line" },
		{ "a 1\n", 0, true, "line 1: cpu is not a decimal number" },
		{ "0 a 1\n1 b 1\n0 a 2\n", 0, true,
		  "line 3: duplicate cpu 0 key 'a' (first on line 1)" },
		{ "01 a 1\n", 0, true, "line 1: cpu '01' has a leading zero" },
		{ "-1 a 1\n", 0, true, "line 1: cpu is not" },
		{ "1048576 a 1\n", 0, true, "line 1: cpu 1048576 is out of range" },
		{ "0 a\n", 0, true, "line 1: key 'a' has no value" },
		{ "0\n", 0, true, "line 1: cpu is not" },
		{ "0 a 1\n1 a", 0, true, "line 2: no newline" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct bad_case *c = &cases[i];
		size_t len = c->len ? c->len : strlen(c->input);
		struct kv_stats st;
		char err[256] = "";
		int ret;

		ret = parse(&st, c->input, len, c->percpu, err, sizeof(err));
		CHECK_MSG(ret == -EINVAL, "case %zu: got %d, want -EINVAL", i, ret);
		CHECK_MSG(strstr(err, c->message), "case %zu: message \"%s\" "
			  "lacks \"%s\"", i, err, c->message);
		CHECK_MSG(st.count == 0 && !st.items && !st.by_key,
			  "case %zu: a failed parse leaves data", i);
	}
}

/*
 * A valid file cut at any byte parses as long as the cut is at the end of a
 * line, with the values of the lines before it, and fails otherwise.
 */
static void test_truncation(const char *relpath, bool percpu)
{
	struct kv_stats whole, st;
	size_t len, cut, i;
	char err[256];
	char *buf = test_file(relpath, &len);

	CHECK_EQ_INT(parse(&whole, buf, len, percpu, err, sizeof(err)), 0);
	for (cut = 0; cut <= len; cut++) {
		bool line_end = cut > 0 && buf[cut - 1] == '\n';
		int ret = parse(&st, buf, cut, percpu, err, sizeof(err));
		bool same = true;

		for (i = 0; !ret && i < st.count; i++)
			same &= !strcmp(st.items[i].key, whole.items[i].key) &&
				st.items[i].value == whole.items[i].value &&
				st.items[i].cpu == whole.items[i].cpu;
		CHECK_MSG(line_end ? ret == 0 && same : ret == -EINVAL,
			  "%s cut at %zu of %zu: got %d (%s)", relpath, cut, len,
			  ret, ret ? err : "ok");
		kv_stats_free(&st);
	}
	kv_stats_free(&whole);
	free(buf);
}

/* Every byte replaced by each of a few characters: 0 or -EINVAL, no crash. */
static void test_mutations(const char *relpath, bool percpu)
{
	static const char replacements[] = { ' ', '\n', '\0', '0', '9', 'a',
					      '_', 'Z', '\t', '\r', '-' };
	size_t len, at, r, bad = 0;
	char err[256];
	char *buf = test_file(relpath, &len);

	for (at = 0; at < len; at++) {
		for (r = 0; r < sizeof(replacements); r++) {
			char saved = buf[at];
			struct kv_stats st;
			int ret;

			buf[at] = replacements[r];
			ret = parse(&st, buf, len, percpu, err, sizeof(err));
			buf[at] = saved;
			if (ret != 0 && ret != -EINVAL)
				bad++;
			kv_stats_free(&st);
		}
	}
	CHECK_MSG(bad == 0, "%s: %zu mutations gave neither 0 nor -EINVAL",
		  relpath, bad);
	free(buf);
}

static void test_files(void)
{
	struct kv_stats st;
	char err[256] = "";

	CHECK_EQ_INT(kv_stats_parse_file(&st, "/nonexistent/stats", err,
					 sizeof(err)), -ENOENT);
	CHECK_STR_HAS(err, "/nonexistent/stats");
	/* A parse error names the file and the line. */
	CHECK_EQ_INT(kv_stats_parse_file(&st, test_path("../fixtures/stats_percpu"),
					 err, sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "../fixtures/stats_percpu: line 1: value is not");
}

void test_kv_stats(void)
{
	test_good_stats();
	test_good_percpu();
	test_small_good();
	test_bad_inputs();
	test_truncation("../fixtures/stats", false);
	test_truncation("../fixtures/stats_percpu", true);
	test_mutations("../fixtures/stats", false);
	test_mutations("../fixtures/stats_percpu", true);
	test_files();
}
