/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parts of `schedscope report`: the report being written, the whole of
 * it, what every section uses, the numbers taken from the runs, and the
 * sections.
 *
 * Only runs whose workload exited with status 0 count: a failed run's
 * counters and tables stop somewhere in the middle.
 */
#ifndef SCHEDSCOPE_REPORT_H
#define SCHEDSCOPE_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "report/table.h"
#include "lib/summary_stats.h"
#include "results/sweep_results.h"

struct report {
	const struct sweep_results *res;
	size_t base;			/* baseline setting */
	bool md;
	FILE *out;
	int error;			/* -ENOMEM, or -EINVAL with msg */
	char msg[1024];
};

/* ---- The whole report (report/write.c) ---- */

/*
 * Every section in order to out, text or markdown (md). 0, or -errno
 * (-EINVAL: a run file is not what it should be, said in r->msg).
 */
int report_write(struct report *r, FILE *out, bool md);
/* The message of report_write()'s failure ret while writing to what. */
void report_failure(const struct report *r, int ret, const char *what,
		    char *err, size_t errlen);
/*
 * Both formats into DIR/report.txt and DIR/report.md, each file written
 * once its report is whole. 0, or -1 with the message in err.
 */
int report_write_files(struct report *r, char *err, size_t errlen);

/* ---- What every section uses (report/report.c) ---- */

/*
 * A line of the header: "name:        value" (text) or "- name: value"
 * (markdown); a note (something wrong with the runs) in bold there.
 */
void report_field(struct report *r, bool note, const char *name,
		  const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* A section's title: underlined (text) or "## " (markdown). */
void report_title(struct report *r, const char *text);
/* Print t, then free it; a table that ran out of memory sets r->error. */
void report_print_table(struct report *r, struct report_table *t);
/*
 * Cell (row, col) of t: the mean of st over that of base, "-" where either
 * has none or base's is not above 0.
 */
void report_set_ratio(struct report_table *t, size_t row, size_t col,
		      const struct summary_stats *st,
		      const struct summary_stats *base);

/* Which way a metric is better, for the sign of its change (mmtests'). */
enum report_better {
	REPORT_NO_BETTER,	/* + is larger */
	REPORT_LOWER_BETTER,	/* + is lower: better */
	REPORT_HIGHER_BETTER,	/* + is higher: better */
};

/*
 * Which way a tool's number is better, from its column's name: times
 * (seconds, *_us, *_ms, *_ns, usecs_per_op) lower, rates (*_per_sec)
 * higher; counts have no better side.
 */
enum report_better report_column_better(const char *column);

/*
 * "mean ( +x.xx%)": change of st's mean against base's, signed as mmtests'
 * compare-kernels signs it: + is better, - worse where better says which
 * way that is, else + is larger; '*' marks instead of the parentheses when
 * Welch's test says p < 0.05, '[' ']' where there is no test, "-" where st
 * has no values.
 */
void report_comparison_cell(char *buf, size_t len,
			    const struct summary_stats *st,
			    const struct summary_stats *base, bool is_base,
			    int decimals, enum report_better better);

/* ---- Numbers per run and per setting (report/metrics.c) ---- */

/* Runs of set that count (sweep_run_used()). */
size_t setting_runs_used(const struct sweep_setting *set);

/* A number of a run; NAN where the run has none. */
typedef double (*run_metric)(const struct sweep_run *run);

/*
 * Summary of value(run, arg), a number or NAN for none, over the runs of
 * setting s that count. Out of memory: r->error set, st of no values.
 */
void setting_summary(struct report *r, size_t s,
		     double (*value)(const struct sweep_run *run, const void *arg),
		     const void *arg, struct summary_stats *st);
/* The same of a run_metric. */
void setting_stats(struct report *r, size_t s, run_metric get,
		   struct summary_stats *st);
/* Any setting with a value of the metric. */
bool have_metric(struct report *r, run_metric get);
/* Any setting with a value(run, arg) that is a number. */
bool have_summary(struct report *r,
		  double (*value)(const struct sweep_run *run, const void *arg),
		  const void *arg);

/* ---- The sections, in the order of the report ---- */

/* What was measured: kernel, workload, settings, baseline, failures. */
void report_header(struct report *r);		/* report/report.c */
/*
 * The feature word each setting ran with, what it changed from the
 * kernel's defaults at boot, and a "default" that was not those.
 */
void report_features(struct report *r);		/* report/features.c */
/* a. Means per setting; b. the mmtests comparison; c. seconds per run. */
void section_means(struct report *r);		/* report/means.c */
void section_comparison(struct report *r);
void section_ratios(struct report *r);
/* The numbers of the tool output parsers and --metric. */
void section_tool_metrics(struct report *r);	/* report/tool_metrics.c */
/* The wakeup preemption decisions: each class in % of the wakeups. */
void section_decisions(struct report *r);	/* report/decisions.c */
/* d. CPU share per task and per group. */
void section_share(struct report *r);		/* report/share.c */
/* The groups' CPU share from their cgroups, and their own results. */
void section_group_share(struct report *r);	/* report/group_share.c */
/*
 * A group's result in a run: column of its first table that has it, the
 * first row's or (sum) every row's summed; NAN where it has none.
 */
double report_group_result(const struct sweep_run *run, const char *group,
			   const char *column, bool sum);
/* Per setting, run time, switches and waits per task name (taskstats). */
void section_task_delays(struct report *r);	/* report/task_delays.c */
/* e. Wakeup latency: the module's histograms, a summary, the workload's. */
void section_module_hists(struct report *r);	/* report/latency.c */
void section_latency_summary(struct report *r);
void section_workload_hists(struct report *r);
/* The mean of the workload's own latency summary of a run, in us. */
double metric_lat_mean_us(const struct sweep_run *run);
/* The module's mean wakeup latency of a run, in us, from its counters. */
double metric_wakeup_lat_us(const struct sweep_run *run);
/*
 * The percentiles of the run's wakeup_lat histogram (interpolated within
 * its log2 buckets), in us; NAN without one.
 */
double metric_wakeup_p50_us(const struct sweep_run *run);
double metric_wakeup_p90_us(const struct sweep_run *run);
double metric_wakeup_p99_us(const struct sweep_run *run);
double metric_wakeup_p999_us(const struct sweep_run *run);

#endif
