// SPDX-License-Identifier: GPL-2.0
/*
 * cyclictest (rt-tests): per thread, "T: 0 (15611) P: 0 I:1000 C: 100
 * Min: 35 Act: 80 Avg: 121 Max: 3455" (the last such line of each thread;
 * without -q it is redrawn in place), as "# thread cycles min_us avg_us
 * max_us" with one row per thread (T0, T1, ...). With -h, the histogram
 * ("# Histogram", one line per microsecond, a column per thread, then
 * "# Min Latencies:", "# Avg Latencies:", "# Max Latencies:", "# Histogram
 * Overflows:") gives the thread table, plus an "overflows" column, and the
 * histogram summed over the threads in log2 buckets as "# lo_us hi_us
 * count", the workload histogram of docs/sweep.md.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hist/log2_hist.h"
#include "lib/error_msg.h"
#include "tool_output/tool_output.h"
#include "tool_output/tool_table.h"

#define CYCLICTEST_MAX_THREADS	256

enum { CYC_CYCLES, CYC_MIN, CYC_AVG, CYC_MAX, CYC_OVERFLOWS, CYC_VALUES };

struct cyclictest {
	size_t nthreads;		/* threads seen: 0..nthreads-1 */
	bool seen[CYCLICTEST_MAX_THREADS];
	double v[CYCLICTEST_MAX_THREADS][CYC_VALUES];
	bool histogram;			/* -h output */
	uint64_t hist[LOG2_HIST_BUCKETS];
};

static void saw_thread(struct cyclictest *c, size_t t)
{
	c->seen[t] = true;
	if (t + 1 > c->nthreads)
		c->nthreads = t + 1;
}

/* "T: N (tid) P: prio I: interval C: cycles Min: .. Act: .. Avg: .. Max: .." */
static void thread_line(struct cyclictest *c, const char *line)
{
	const char *t = strstr(line, "T:");
	double n, v[4];

	if (!t || !tool_number_after(t, "T:", &n, NULL) || n < 0 ||
	    n >= CYCLICTEST_MAX_THREADS || n != (size_t)n ||
	    !tool_number_after(t, "C:", &v[0], NULL) ||
	    !tool_number_after(t, "Min:", &v[1], NULL) ||
	    !tool_number_after(t, "Avg:", &v[2], NULL) ||
	    !tool_number_after(t, "Max:", &v[3], NULL))
		return;
	saw_thread(c, (size_t)n);
	memcpy(c->v[(size_t)n], v, sizeof(v));
}

/* "# LABEL: n0 n1 ...": one number per thread into value `what`. */
static void per_thread_line(struct cyclictest *c, const char *line,
			    const char *label, int what)
{
	const char *p = line + strlen(label);
	size_t t;
	char *end;

	for (t = 0; t < CYCLICTEST_MAX_THREADS; t++, p = end) {
		double v = strtod(p, &end);

		if (end == p)
			break;
		saw_thread(c, t);
		c->v[t][what] = v;
	}
}

/* A histogram line "000016 000001 000000": microsecond, a count per thread. */
static bool hist_line(struct cyclictest *c, const char *line)
{
	unsigned long long us, count, sum = 0;
	const char *p = line;
	int used;

	if (sscanf(p, "%llu%n", &us, &used) != 1)
		return false;
	for (p += used; sscanf(p, "%llu%n", &count, &used) == 1; p += used)
		sum += count;
	if (*(p + strspn(p, " \t")))
		return false;
	c->hist[log2_hist_bucket(us)] += sum;
	return true;
}

static void read_output(struct cyclictest *c, const char *text)
{
	static const struct {
		const char *label;
		int what;
	} sums[] = {
		{ "# Total:", CYC_CYCLES },
		{ "# Min Latencies:", CYC_MIN },
		{ "# Avg Latencies:", CYC_AVG },
		{ "# Max Latencies:", CYC_MAX },
		{ "# Histogram Overflows:", CYC_OVERFLOWS },
	};
	struct tool_lines lines;
	bool in_hist = false;
	size_t i;

	tool_lines_init(&lines, text);
	while (tool_lines_next(&lines)) {
		if (!strcmp(lines.line, "# Histogram")) {
			c->histogram = in_hist = true;
			continue;
		}
		if (in_hist && hist_line(c, lines.line))
			continue;
		in_hist = false;
		for (i = 0; c->histogram && i < sizeof(sums) / sizeof(sums[0]); i++)
			if (!strncmp(lines.line, sums[i].label, strlen(sums[i].label)))
				per_thread_line(c, lines.line, sums[i].label,
						sums[i].what);
		thread_line(c, lines.line);
	}
}

static int thread_table(struct cyclictest *c, json_t *tables)
{
	static const char *const cols[] = { "thread", "cycles", "min_us",
					    "avg_us", "max_us", "overflows", NULL };
	static const char *const cols_no_hist[] = { "thread", "cycles", "min_us",
						    "avg_us", "max_us", NULL };
	json_t *t = tool_table_add(tables, "cyclictest",
				   c->histogram ? cols : cols_no_hist);
	char label[24];
	size_t i;

	if (!t)
		return -ENOMEM;
	for (i = 0; i < c->nthreads; i++) {
		if (!c->seen[i])
			continue;
		/* -h's "# Total:" counts the samples inside the histogram. */
		if (c->histogram)
			c->v[i][CYC_CYCLES] += c->v[i][CYC_OVERFLOWS];
		snprintf(label, sizeof(label), "T%zu", i);
		if (tool_table_labelled_row(t, label, c->v[i]))
			return -ENOMEM;
	}
	return 0;
}

static int hist_table(const struct cyclictest *c, json_t *tables)
{
	static const char *const cols[] = { "lo_us", "hi_us", "count", NULL };
	json_t *t = tool_table_add(tables, "cyclictest", cols);
	unsigned int k;

	if (!t)
		return -ENOMEM;
	for (k = 0; k < LOG2_HIST_BUCKETS; k++) {
		double row[3] = { log2_hist_bucket_min(k),
				  (double)log2_hist_bucket_max(k) + 1,
				  c->hist[k] };

		if (c->hist[k] && tool_table_row(t, row))
			return -ENOMEM;
	}
	return 0;
}

int tool_cyclictest_parse(const char *text, json_t *tables, char *note,
			  size_t notelen)
{
	struct cyclictest *c = calloc(1, sizeof(*c));
	int ret, n;

	if (!c)
		return -ENOMEM;
	read_output(c, text);
	if (!c->nthreads) {
		error_msg(note, notelen, "cyclictest: no \"T: N ... Min: Avg: "
			  "Max:\" line and no -h summary in its output");
		free(c);
		return 0;
	}
	n = 1 + c->histogram;
	ret = thread_table(c, tables);
	if (!ret && c->histogram)
		ret = hist_table(c, tables);
	free(c);
	return ret ? ret : n;
}
