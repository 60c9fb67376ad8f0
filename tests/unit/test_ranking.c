// SPDX-License-Identifier: GPL-2.0
/*
 * show --by: the module's `ranking` file read and summed over CPUs
 * (kmod/ranking.c), bad lines refused, and the tables and JSON printed
 * (output/ranking.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "check.h"
#include "kmod/ranking.h"
#include "output/ranking.h"
#include "test_util.h"

/* "KEY COUNT SUM MAX" then 40 buckets with n in bucket b, then the comm */
static void entry(char *buf, size_t len, const char *head, unsigned int b,
		  unsigned int n, const char *comm)
{
	size_t at = snprintf(buf, len, "%s", head);
	unsigned int i;

	for (i = 0; i < RANKING_BUCKETS; i++)
		at += snprintf(buf + at, len - at, " %u", i == b ? n : 0);
	snprintf(buf + at, len - at, " %s\n", comm);
}

static void test_parse(void)
{
	char text[4096], line[512], err[256] = "";
	struct ranking r;
	size_t at;

	at = snprintf(text, sizeof(text), "by task\ncpu 0 dropped 2\n");
	/* 100 waits of 2-4 us and one of 1-2 ms, on two CPUs */
	entry(line, sizeof(line), "42 100 300000 3900", 12, 100, "victim one");
	at += snprintf(text + at, sizeof(text) - at, "%s", line);
	entry(line, sizeof(line), "7 1 500 500", 9, 1, "other");
	at += snprintf(text + at, sizeof(text) - at, "%s", line);
	at += snprintf(text + at, sizeof(text) - at, "cpu 1 dropped 1\n");
	entry(line, sizeof(line), "42 1 1500000 1500000", 21, 1, "victim one");
	at += snprintf(text + at, sizeof(text) - at, "%s", line);
	if (!CHECK_MSG(!ranking_parse(text, at, &r, err, sizeof(err)), "%s",
		       err))
		return;
	CHECK_STR_EQ(r.by, "task");
	CHECK_EQ_U64(r.dropped, 3);
	CHECK_EQ_U64(r.cpus, 2);
	CHECK_EQ_U64(r.n, 2);
	CHECK_EQ_U64(r.e[0].key, 42);
	CHECK_EQ_U64(r.e[0].count, 101);
	CHECK_EQ_U64(r.e[0].sum_ns, 1800000);
	CHECK_EQ_U64(r.e[0].max_ns, 1500000);
	CHECK_STR_EQ(r.e[0].comm, "victim one");
	CHECK_EQ_U64(r.e[0].buckets[12], 100);
	CHECK_EQ_U64(r.e[0].buckets[21], 1);
	ranking_free(&r);

	/* refused: no header, an entry before its CPU, a short line, key 0 */
	CHECK_EQ_INT(ranking_parse("cpu 0 dropped 0\n", 16, &r, err,
				   sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "is not 'by KEY'");
	at = snprintf(text, sizeof(text), "by task\n%s", line);
	CHECK_EQ_INT(ranking_parse(text, at, &r, err, sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "ranking line 2");
	at = snprintf(text, sizeof(text), "by task\ncpu 0 dropped 0\n1 2 3\n");
	CHECK_EQ_INT(ranking_parse(text, at, &r, err, sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "ranking line 3: '1 2 3'");
	entry(line, sizeof(line), "0 1 2 2", 1, 1, "x");
	at = snprintf(text, sizeof(text), "by task\ncpu 0 dropped 0\n%s", line);
	CHECK_EQ_INT(ranking_parse(text, at, &r, err, sizeof(err)), -EINVAL);
	at = snprintf(text, sizeof(text), "by task\ncpu 0 dropped x\n");
	CHECK_EQ_INT(ranking_parse(text, at, &r, err, sizeof(err)), -EINVAL);
	CHECK(!r.e && !r.n);
	/* an empty ranking */
	CHECK_EQ_INT(ranking_parse("by off\n", 7, &r, err, sizeof(err)), 0);
	CHECK_EQ_U64(r.n, 0);
	ranking_free(&r);
}

static const char *path_of(void *ctx, uint64_t id)
{
	(void)ctx;
	return id == 42 ? "/web" : NULL;
}

static void test_print(void)
{
	char text[4096], line[512], err[256], *out = NULL;
	struct ranking_row *rows;
	struct ranking r;
	size_t at, len;
	json_t *j;
	FILE *mem;

	at = snprintf(text, sizeof(text), "by process\ncpu 0 dropped 0\n");
	entry(line, sizeof(line), "42 100 300000 3900", 12, 100, "few");
	at += snprintf(text + at, sizeof(text) - at, "%s", line);
	/* fewer waits, each longer: first by p99, second by total */
	entry(line, sizeof(line), "7 2 100000 60000", 16, 2, "long");
	at += snprintf(text + at, sizeof(text) - at, "%s", line);
	if (!CHECK(!ranking_parse(text, at, &r, err, sizeof(err))))
		return;
	rows = ranking_rows(&r, NULL, NULL);
	if (!CHECK(rows))
		return;
	CHECK_EQ_U64(rows[0].e->key, 7);
	CHECK(rows[0].p99_us <= 60 && rows[0].p99_us > 32);
	CHECK(rows[1].mean_us == 3);
	mem = open_memstream(&out, &len);
	if (CHECK(mem)) {
		CHECK(!ranking_print(mem, &r, rows, 1, 5));
		fclose(mem);
		CHECK_STR_HAS(out, "# waits for a CPU by process: 2, 102 waits "
			      "in 5.0 s\n# the 1 with the highest p99\n     PID "
			      "COMM                WAITS");
		CHECK_STR_HAS(out, "\n       7 long                    2");
		CHECK_STR_HAS(out, "# the 1 with the most wait in all\n");
		CHECK_STR_HAS(out, "\n      42 few                   100         "
			      "0.3        3.0");
		free(out);
	}
	out = NULL;
	mem = open_memstream(&out, &len);
	if (CHECK(mem)) {
		CHECK(!ranking_print_json(mem, &r, rows, 5));
		fclose(mem);
		j = json_loads(out, 0, NULL);
		CHECK(j);
		CHECK_STR_EQ(json_string_value(json_object_get(j, "by")),
			     "process");
		CHECK_EQ_U64(json_array_size(json_object_get(j, "entries")), 2);
		CHECK_EQ_INT(json_integer_value(json_object_get(json_array_get(
			json_object_get(j, "entries"), 1), "pid")), 42);
		json_decref(j);
		free(out);
	}
	free(rows);
	/* cgroups by path; one gone */
	snprintf(r.by, sizeof(r.by), "cgroup");
	rows = ranking_rows(&r, path_of, NULL);
	if (CHECK(rows)) {
		CHECK_STR_EQ(rows[0].name, "(gone)");
		CHECK_STR_EQ(rows[1].name, "/web");
		free(rows);
	}
	ranking_free(&r);
}

void test_ranking(void)
{
	test_parse();
	test_print();
}
