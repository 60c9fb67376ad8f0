// SPDX-License-Identifier: GPL-2.0
/*
 * rt-app: the per-thread logs it leaves in its log directory, by default
 * its working directory (the sweep runs it in the run's own directory), as
 * "<log_basename>-<task>-<n>.log":
 *
 *   # Policy : SCHED_OTHER priority : 0
 *   #idx     perf      run   period  start  end  rel_st  slack c_duration   c_period     wu_lat
 *      0   105263     1976    37795  ...                 35665       2000      20000        151
 *
 * one row per loop of the thread's phases, times in microseconds. wu_lat is
 * the wakeup latency after the loop's timer events; a loop without a timer
 * (c_period 0) has none. rt-app prints its signed values as unsigned:
 * 18446744073709533960 is -17656, a timer that had expired before the
 * thread came to wait for it (it overran its period), so no wakeup either:
 * those loops count as wu_late, not as latencies. (rt-app may also log such
 * a loop with wu_lat 0; that one counts as a 0 us wakeup, as in the seed
 * 004 thread's summaries.)
 *
 * Tables, tasks labelled by their log's name less ".log" and a leading
 * "rt-app-" (the default log_basename):
 *   # task wu_count wu_min_us wu_max_us wu_mean_us wu_stddev_us wu_late
 *     [slack_mean_us] [run_mean_us]
 *     (the wu_ values 0 where wu_count is 0; slack and run, the mean over
 *     every loop, where every log has them)
 *   # lat_count lat_min_us lat_max_us lat_mean_us lat_stddev_us lat_p50_us
 *     lat_p90_us lat_p99_us lat_p99.9_us: every task's wakeups together
 *   # lo_us hi_us count: their log2 histogram
 * The last two are the workload latency tables of docs/sweep.md.
 */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hist/log2_hist.h"
#include "lib/error_msg.h"
#include "lib/read_file.h"
#include "lib/summary_stats.h"
#include "tool_output/tool_output.h"
#include "tool_output/tool_table.h"

#define RT_APP_MAX_COLUMNS	32
#define RT_APP_LABEL_PREFIX	"rt-app-"

/* A growing array of values. */
struct values {
	double *v;
	size_t n, cap;
};

static int values_add(struct values *vs, double v)
{
	if (vs->n == vs->cap) {
		size_t cap = vs->cap ? 2 * vs->cap : 256;
		double *nv = realloc(vs->v, cap * sizeof(*nv));

		if (!nv)
			return -ENOMEM;
		vs->v = nv;
		vs->cap = cap;
	}
	vs->v[vs->n++] = v;
	return 0;
}

/* What one log holds. */
struct rt_task {
	size_t loops, late;
	struct values wu, slack, run;
	bool have_slack, have_run;
};

/* Where the columns rt-app's "#idx ..." header names are; -1 if absent. */
struct rt_columns {
	size_t n;
	int wu_lat, c_period, slack, run;
};

static bool header_line(const char *line, struct rt_columns *c)
{
	char copy[sizeof(((struct tool_lines *)0)->line)], *save, *tok;

	if (strncmp(line, "#idx", 4))
		return false;
	snprintf(copy, sizeof(copy), "%s", line + 1);
	c->n = 0;
	c->wu_lat = c->c_period = c->slack = c->run = -1;
	for (tok = strtok_r(copy, " \t", &save); tok && c->n < RT_APP_MAX_COLUMNS;
	     tok = strtok_r(NULL, " \t", &save), c->n++) {
		if (!strcmp(tok, "wu_lat"))
			c->wu_lat = c->n;
		else if (!strcmp(tok, "c_period"))
			c->c_period = c->n;
		else if (!strcmp(tok, "slack"))
			c->slack = c->n;
		else if (!strcmp(tok, "run"))
			c->run = c->n;
	}
	return c->wu_lat >= 0;
}

/*
 * A row of c->n integers: slack printed signed, wu_lat unsigned, so each
 * unsigned one read back as the signed value it is.
 */
static bool row_line(const char *line, const struct rt_columns *c, double *v)
{
	const char *p = line;
	size_t i;

	for (i = 0; i < c->n; i++) {
		bool neg;
		char *end;

		p += strspn(p, " \t");
		neg = *p == '-';
		if (p[neg] < '0' || p[neg] > '9')
			return false;
		errno = 0;
		if (neg)
			v[i] = (double)strtoll(p, &end, 10);
		else
			v[i] = (double)(int64_t)strtoull(p, &end, 10);
		if (errno || (*end && *end != ' ' && *end != '\t'))
			return false;
		p = end;
	}
	return !p[strspn(p, " \t")];
}

static int take_row(struct rt_task *t, const struct rt_columns *c,
		    const double *v)
{
	double wu = v[c->wu_lat];

	t->loops++;
	if (c->slack >= 0 && values_add(&t->slack, v[c->slack]))
		return -ENOMEM;
	if (c->run >= 0 && values_add(&t->run, v[c->run]))
		return -ENOMEM;
	if (c->c_period >= 0 && v[c->c_period] == 0)
		return 0;		/* no timer in this loop */
	if (wu < 0) {
		t->late++;
		return 0;
	}
	return values_add(&t->wu, wu);
}

/*
 * One log into t. Returns 0, -ENOMEM, or -EINVAL when it is not an rt-app
 * log (why in err).
 */
static int read_log(const char *path, struct rt_task *t, char *err,
		    size_t errlen)
{
	struct rt_columns c = { 0 };
	struct tool_lines lines;
	double v[RT_APP_MAX_COLUMNS];
	bool have_header = false;
	size_t len;
	char *text;
	int ret = 0;

	if (read_file(path, &text, &len, err, errlen))
		return -EINVAL;
	tool_lines_init(&lines, text);
	while (!ret && tool_lines_next(&lines)) {
		if (!have_header) {
			have_header = header_line(lines.line, &c);
			continue;
		}
		if (row_line(lines.line, &c, v))
			ret = take_row(t, &c, v);
	}
	free(text);
	if (!have_header) {
		error_msg(err, errlen, "no \"#idx ... wu_lat\" header");
		return -EINVAL;
	}
	t->have_slack = c.slack >= 0;
	t->have_run = c.run >= 0;
	return ret;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The nearest-rank percentile p of sorted v[0..n-1], n > 0. */
static double percentile(const double *v, size_t n, double p)
{
	size_t rank = (size_t)(p / 100 * n + 0.999999999);

	return v[rank ? rank - 1 : 0];
}

static double mean_of(const struct values *vs)
{
	struct summary_stats s;

	summary_stats_compute(vs->v, vs->n, &s);
	return s.n ? s.mean : 0;
}

/* n min max mean stddev, then the percentiles asked for; v sorted here. */
static void summarise(struct values *vs, const double *pcts, size_t npcts,
		      double *out)
{
	struct summary_stats s;
	size_t i;

	memset(out, 0, (5 + npcts) * sizeof(*out));
	out[0] = vs->n;
	if (!vs->n)
		return;
	qsort(vs->v, vs->n, sizeof(*vs->v), cmp_double);
	summary_stats_compute(vs->v, vs->n, &s);
	out[1] = s.min;
	out[2] = s.max;
	out[3] = s.mean;
	out[4] = s.n > 1 ? s.stddev : 0;
	for (i = 0; i < npcts; i++)
		out[5 + i] = percentile(vs->v, vs->n, pcts[i]);
}

struct rt_app {
	size_t ntasks;
	char **labels;
	struct rt_task *tasks;
	struct values all;		/* every task's wakeups */
	char note[512];
	size_t notelen;
};

static void add_note(struct rt_app *r, const char *fmt, const char *name,
		     const char *what)
{
	int n;

	if (r->notelen >= sizeof(r->note) - 1)
		return;
	n = snprintf(r->note + r->notelen, sizeof(r->note) - r->notelen, fmt,
		     r->notelen ? "; " : "rt-app: ", name, what);
	if (n > 0)
		r->notelen += (size_t)n < sizeof(r->note) - r->notelen ?
			      (size_t)n : sizeof(r->note) - 1 - r->notelen;
}

static int log_file(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return n > 4 && !strcmp(d->d_name + n - 4, ".log");
}

static int task_table(struct rt_app *r, json_t *tables)
{
	static const char *const cols[] = {
		"task", "wu_count", "wu_min_us", "wu_max_us", "wu_mean_us",
		"wu_stddev_us", "wu_late", "slack_mean_us", "run_mean_us", NULL
	};
	const char *use[sizeof(cols) / sizeof(cols[0])];
	bool slack = true, run = true;
	size_t i, k, ncols = 0;
	json_t *t;

	for (i = 0; i < r->ntasks; i++) {
		slack &= r->tasks[i].have_slack;
		run &= r->tasks[i].have_run;
	}
	for (k = 0; cols[k]; k++)
		if ((slack || strcmp(cols[k], "slack_mean_us")) &&
		    (run || strcmp(cols[k], "run_mean_us")))
			use[ncols++] = cols[k];
	use[ncols] = NULL;
	t = tool_table_add(tables, "rt-app", use);
	if (!t)
		return -ENOMEM;
	for (i = 0; i < r->ntasks; i++) {
		struct rt_task *task = &r->tasks[i];
		double v[16], *p = v;

		summarise(&task->wu, NULL, 0, p);
		p += 5;
		*p++ = task->late;
		if (slack)
			*p++ = mean_of(&task->slack);
		if (run)
			*p++ = mean_of(&task->run);
		if (tool_table_labelled_row(t, r->labels[i], v))
			return -ENOMEM;
	}
	return 0;
}

static int latency_tables(struct rt_app *r, json_t *tables)
{
	static const char *const sum_cols[] = {
		"lat_count", "lat_min_us", "lat_max_us", "lat_mean_us",
		"lat_stddev_us", "lat_p50_us", "lat_p90_us", "lat_p99_us",
		"lat_p99.9_us", NULL
	};
	static const char *const hist_cols[] = { "lo_us", "hi_us", "count", NULL };
	static const double pcts[] = { 50, 90, 99, 99.9 };
	uint64_t hist[LOG2_HIST_BUCKETS] = { 0 };
	double v[9];
	unsigned int k;
	size_t i;
	json_t *t;

	summarise(&r->all, pcts, 4, v);
	t = tool_table_add(tables, "rt-app", sum_cols);
	if (!t || tool_table_row(t, v))
		return -ENOMEM;
	for (i = 0; i < r->all.n; i++)
		hist[log2_hist_bucket((uint64_t)r->all.v[i])]++;
	t = tool_table_add(tables, "rt-app", hist_cols);
	if (!t)
		return -ENOMEM;
	for (k = 0; k < LOG2_HIST_BUCKETS; k++) {
		double row[3] = { log2_hist_bucket_min(k),
				  (double)log2_hist_bucket_max(k) + 1, hist[k] };

		if (hist[k] && tool_table_row(t, row))
			return -ENOMEM;
	}
	return 0;
}

/* The log's task label: its name less ".log" and the default prefix. */
static char *task_label(const char *file)
{
	size_t n = strlen(file) - 4;

	if (n > strlen(RT_APP_LABEL_PREFIX) &&
	    !strncmp(file, RT_APP_LABEL_PREFIX, strlen(RT_APP_LABEL_PREFIX))) {
		file += strlen(RT_APP_LABEL_PREFIX);
		n -= strlen(RT_APP_LABEL_PREFIX);
	}
	return strndup(file, n);
}

/* Every log in dir into r. 0 or -ENOMEM; what it could not read in r->note. */
static int read_logs(struct rt_app *r, const char *dir)
{
	struct dirent **names;
	char path[4400], err[256];
	int n, i, ret = 0;

	n = scandir(dir, &names, log_file, versionsort);
	if (n < 0) {
		add_note(r, "%s%s: %s", dir, strerror(errno));
		return 0;
	}
	r->tasks = calloc(n + 1, sizeof(*r->tasks));
	r->labels = calloc(n + 1, sizeof(*r->labels));
	if (!r->tasks || !r->labels)
		ret = -ENOMEM;
	for (i = 0; i < n; i++) {
		struct rt_task *t = &r->tasks[r->ntasks];
		size_t k;
		int err_ret;

		if (ret)
			goto next;
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name);
		err_ret = read_log(path, t, err, sizeof(err));
		if (err_ret == -EINVAL) {
			add_note(r, "%s%s: %s", names[i]->d_name, err);
		} else if (!err_ret) {
			r->labels[r->ntasks] = task_label(names[i]->d_name);
			if (!r->labels[r->ntasks])
				err_ret = -ENOMEM;
			if (!t->loops)
				add_note(r, "%s%s: %s", names[i]->d_name,
					 "no rows");
			for (k = 0; !err_ret && k < t->wu.n; k++)
				err_ret = values_add(&r->all, t->wu.v[k]);
			if (!err_ret)
				r->ntasks++;
		}
		if (err_ret == -ENOMEM)
			ret = err_ret;
next:
		free(names[i]);
	}
	free(names);
	return ret;
}

static void rt_app_free(struct rt_app *r)
{
	size_t i;

	for (i = 0; i < r->ntasks; i++) {
		free(r->labels[i]);
		free(r->tasks[i].wu.v);
		free(r->tasks[i].slack.v);
		free(r->tasks[i].run.v);
	}
	/* A task read in part when memory ran out. */
	if (r->tasks) {
		free(r->tasks[r->ntasks].wu.v);
		free(r->tasks[r->ntasks].slack.v);
		free(r->tasks[r->ntasks].run.v);
	}
	free(r->labels);
	free(r->tasks);
	free(r->all.v);
}

int tool_rt_app_parse(const char *dir, json_t *tables, char *note,
		      size_t notelen)
{
	struct rt_app r = { 0 };
	int ret;

	ret = read_logs(&r, dir);
	if (!ret && !r.ntasks)
		add_note(&r, "%s%s: %s", dir, "no *.log file with a \"#idx ... "
			 "wu_lat\" header (global.logdir must be the working "
			 "directory, \"./\" as by default)");
	if (!ret && r.ntasks) {
		ret = task_table(&r, tables);
		if (!ret && r.all.n)
			ret = latency_tables(&r, tables);
		else if (!ret)
			add_note(&r, "%s%s: %s", "logs", "no wakeup after a timer "
				 "(wu_lat) in any of them");
	}
	if (r.notelen)
		error_msg(note, notelen, "%s", r.note);
	ret = ret ? ret : r.ntasks ? 1 + 2 * (r.all.n > 0) : 0;
	rt_app_free(&r);
	return ret;
}
