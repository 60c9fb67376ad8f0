// SPDX-License-Identifier: GPL-2.0
/*
 * What a sweep reads and decides before it runs anything: the features
 * list, settings checked against it, the writes that restore it, and the
 * workload's result tables.
 */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "features/features.h"
#include "sweep/workload_tables.h"

/* The 6.12 list as /sys/kernel/debug/sched/features prints it (excerpt). */
static const char features_612[] =
	"PLACE_LAG PLACE_DEADLINE_INITIAL PLACE_REL_DEADLINE RUN_TO_PARITY "
	"PREEMPT_SHORT NO_NEXT_BUDDY CACHE_HOT_BUDDY DELAY_DEQUEUE DELAY_ZERO "
	"WAKEUP_PREEMPTION NO_HRTICK NO_HRTICK_DL\n";

static void test_parse(void)
{
	struct sched_features f;
	char err[256] = "", buf[1024];

	CHECK_EQ_INT(sched_features_parse(features_612, &f, err, sizeof(err)), 0);
	CHECK_EQ_U64(f.n, 12);
	CHECK_STR_EQ(f.f[5].name, "NEXT_BUDDY");
	CHECK(!f.f[5].enabled);
	CHECK(f.f[0].enabled);
	CHECK_EQ_INT(sched_features_find(&f, "DELAY_DEQUEUE"), 7);
	CHECK_EQ_INT(sched_features_find(&f, "NO_DELAY_DEQUEUE"), -1);
	sched_features_format(&f, buf, sizeof(buf));
	CHECK_STR_EQ(buf, "PLACE_LAG PLACE_DEADLINE_INITIAL PLACE_REL_DEADLINE "
		     "RUN_TO_PARITY PREEMPT_SHORT NO_NEXT_BUDDY CACHE_HOT_BUDDY "
		     "DELAY_DEQUEUE DELAY_ZERO WAKEUP_PREEMPTION NO_HRTICK "
		     "NO_HRTICK_DL");

	CHECK_EQ_INT(sched_features_parse("", &f, err, sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "no features");
	CHECK_EQ_INT(sched_features_parse("A b", &f, err, sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "'b'");
	CHECK_EQ_INT(sched_features_parse("A NO_A", &f, err, sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "twice");
	CHECK_EQ_INT(sched_features_parse("NO_", &f, err, sizeof(err)), -EINVAL);
}

static void test_setting(void)
{
	sched_feature_token ch[4];
	struct sched_features f;
	char err[2048] = "";
	size_t n = 99;

	sched_features_parse(features_612, &f, err, sizeof(err));
	CHECK_EQ_INT(sched_features_setting(&f, "default", ch, 4, &n, err,
					    sizeof(err)), 0);
	CHECK_EQ_U64(n, 0);
	CHECK_EQ_INT(sched_features_setting(&f, "NO_DELAY_DEQUEUE,NO_PLACE_LAG",
					    ch, 4, &n, err, sizeof(err)), 0);
	CHECK_EQ_U64(n, 2);
	CHECK_STR_EQ(ch[0], "NO_DELAY_DEQUEUE");
	CHECK_STR_EQ(ch[1], "NO_PLACE_LAG");
	CHECK_EQ_INT(sched_features_setting(&f, "NEXT_BUDDY", ch, 4, &n, err,
					    sizeof(err)), 0);
	CHECK_STR_EQ(ch[0], "NEXT_BUDDY");

	/* An unknown name: the error lists every valid one. */
	CHECK_EQ_INT(sched_features_setting(&f, "NO_GENTLE_FAIR_SLEEPERS", ch, 4,
					    &n, err, sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "'NO_GENTLE_FAIR_SLEEPERS' is not a feature");
	CHECK_STR_HAS(err, "PLACE_LAG PLACE_DEADLINE_INITIAL");
	CHECK_STR_HAS(err, "NO_HRTICK_DL" + 3);
	CHECK_EQ_INT(sched_features_setting(&f, "run_to_parity", ch, 4, &n, err,
					    sizeof(err)), -EINVAL);
	CHECK_EQ_INT(sched_features_setting(&f, "PLACE_LAG,", ch, 4, &n, err,
					    sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "empty name");
	CHECK_EQ_INT(sched_features_setting(&f, "", ch, 4, &n, err, sizeof(err)),
		     -EINVAL);
	CHECK_EQ_INT(sched_features_setting(&f, "PLACE_LAG,NO_PLACE_LAG", ch, 4,
					    &n, err, sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "PLACE_LAG named twice");
	CHECK_EQ_INT(sched_features_setting(&f, "NO_A,NO_B,NO_C,NO_D,NO_E", ch,
					    4, &n, err, sizeof(err)), -EINVAL);
	CHECK_EQ_INT(sched_features_setting(&f, "PLACE_LAG,RUN_TO_PARITY,"
					    "DELAY_ZERO,HRTICK,NEXT_BUDDY", ch,
					    4, &n, err, sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "too many");
}

static void test_diff(void)
{
	sched_feature_token tok[16];
	struct sched_features a, b, c;
	char err[256];
	size_t n;

	sched_features_parse("A NO_B C D", &a, err, sizeof(err));
	sched_features_parse("NO_A B C D", &b, err, sizeof(err));
	sched_features_parse("A B C", &c, err, sizeof(err));
	CHECK_EQ_INT(sched_features_diff(&b, &a, tok, 16, &n), 0);
	CHECK_EQ_U64(n, 2);
	CHECK_STR_EQ(tok[0], "A");
	CHECK_STR_EQ(tok[1], "NO_B");
	CHECK_EQ_INT(sched_features_diff(&a, &a, tok, 16, &n), 0);
	CHECK_EQ_U64(n, 0);
	CHECK_EQ_INT(sched_features_diff(&c, &a, tok, 16, &n), -EINVAL);
	CHECK_EQ_INT(sched_features_diff(&b, &a, tok, 1, &n), -EINVAL);
}

static const char *column(json_t *t, size_t i)
{
	return json_string_value(json_array_get(json_object_get(t, "columns"), i));
}

static json_t *cell(json_t *t, size_t row, size_t col)
{
	return json_array_get(json_array_get(json_object_get(t, "rows"), row), col);
}

static void test_tables(void)
{
	static const char out[] =
		"# messaging: 4 groups\n"
		"# seconds groups\n"
		"1.25 4\n"
		"\n"
		"# task group cpu_share\n"
		"always always 0.6667\n"
		"half.0 half 0.3333\n"
		"# seconds 0.5\n"		/* a comment: no row follows */
		"# lonely header\n"
		"1 2 3\n"			/* fields do not match: no table */
		"# a b\n"
		"1 2\n"
		"1 2 3\n"			/* ends the table */
		"4 5\n";			/* not a table any more */
	json_t *t, *tables;
	char err[256] = "";

	tables = workload_tables_parse(out, err, sizeof(err));
	CHECK(tables);
	if (!tables)
		return;
	CHECK_EQ_U64(json_array_size(tables), 3);
	t = json_array_get(tables, 0);
	CHECK_STR_EQ(column(t, 0), "seconds");
	CHECK(json_is_real(cell(t, 0, 0)) && json_real_value(cell(t, 0, 0)) == 1.25);
	CHECK(json_is_integer(cell(t, 0, 1)) && json_integer_value(cell(t, 0, 1)) == 4);
	t = json_array_get(tables, 1);
	CHECK_EQ_U64(json_array_size(json_object_get(t, "rows")), 2);
	CHECK_STR_EQ(json_string_value(cell(t, 1, 0)), "half.0");
	CHECK(json_real_value(cell(t, 1, 2)) == 0.3333);
	t = json_array_get(tables, 2);
	CHECK_STR_EQ(column(t, 1), "b");
	CHECK_EQ_U64(json_array_size(json_object_get(t, "rows")), 1);
	json_decref(tables);

	/* Words that look almost like numbers stay strings. */
	tables = workload_tables_parse("# x y z\ninf 1e3 0x10\n", err, sizeof(err));
	t = json_array_get(tables, 0);
	CHECK(json_is_string(cell(t, 0, 0)));
	CHECK(json_is_real(cell(t, 0, 1)));
	CHECK(json_is_string(cell(t, 0, 2)));
	json_decref(tables);

	tables = workload_tables_parse("no tables here\n", err, sizeof(err));
	CHECK(tables && json_array_size(tables) == 0);
	json_decref(tables);

	CHECK(!workload_tables_parse("# a a\n1 2\n", err, sizeof(err)));
	CHECK_STR_HAS(err, "column a twice");
	CHECK(!workload_tables_parse("# a b\n1 2\n# a\n3\n", err, sizeof(err)));
	CHECK_STR_HAS(err, "line 3: a second table with first column a");
}

void test_sweep_parts(void)
{
	test_parse();
	test_setting();
	test_diff();
	test_tables();
}
