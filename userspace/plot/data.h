/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The numbers behind `schedscope plot`: a sweep's results (sweep/results.h)
 * turned into one table per chart, and those tables written as gnuplot data
 * files (NAME.dat). plot/script.c writes the gnuplot scripts that read them,
 * plot/charts.c the files and runs gnuplot.
 *
 * Only runs whose workload exited with status 0 count: a failed run's
 * counters and tables stop somewhere in the middle.
 *
 * The .dat files: a header of '#' comments, the last one naming the columns;
 * missing values are "-" (gnuplot: set datafile missing '-'); row labels
 * (causes, tasks, settings' names) are quoted with '"'.
 *
 *  wakeup_latency_cdf.dat  one block per setting with wakeups, in setting
 *                          order, two blank lines apart (gnuplot `index`):
 *                          lo_us hi_us upper_us count cumulative fraction
 *                          per bucket of the summed wakeup_lat histogram;
 *                          fraction = wakeups with a latency below upper_us
 *  lag_pick.dat            bucket lo hi, then per setting fraction and count
 *                          (columns 4 + 2 * s and 5 + 2 * s)
 *  switches_by_cause.dat   cause, then per setting mean min max n
 *                          (columns 2 + 4 * s ... 5 + 4 * s)
 *  cpu_share.dat           task, then per setting mean min max n
 *  seconds.dat             block 0: index setting mean min max n per setting;
 *                          block 1: index repetition seconds per run
 *  wakeup_decisions.dat    class (its label), then per setting mean min max n
 *                          of its % of each run's wakeup decisions; only the
 *                          classes that occurred
 *  tool_metrics.dat        metric ("tool: name"), then per setting mean min
 *                          max n of each run's value over the first
 *                          setting's mean (sweep/tool_metric_keys.h: the
 *                          numbers of the tools' own output, units apart)
 *  group_share.dat         group, then per setting mean min max n of its
 *                          share_of_cpus (a group sweep's cgroups)
 */
#ifndef SCHEDSCOPE_PLOT_DATA_H
#define SCHEDSCOPE_PLOT_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lib/summary_stats.h"
#include "plot/bars.h"
#include "results/sweep_results.h"

enum plot_chart {
	PLOT_WAKEUP_CDF,
	PLOT_LAG_PICK,
	PLOT_SWITCHES,
	PLOT_CPU_SHARE,
	PLOT_SECONDS,
	PLOT_DECISIONS,
	PLOT_TOOLS,
	PLOT_GROUP_SHARE,
	PLOT_NCHARTS,
};

struct plot_data;

/*
 * Each chart, one entry of plot_charts[] (plot/chart_table.c): its name
 * ("wakeup_latency_cdf", ...: the files' names without suffix), what it
 * shows (`plot --help`; lines apart by '\n'), its title, where its bars are
 * in struct plot_data (0: it has none), and its parts: whether a setting has
 * data in it, its NAME.dat (plot/dat.c) and its plot commands (plot/script.c).
 */
struct plot_chart_info {
	const char *name;
	const char *help;
	const char *title;
	size_t bars;
	bool (*setting_has)(const struct plot_data *pd, enum plot_chart c,
			    size_t s);
	void (*write_dat)(const struct plot_data *pd, enum plot_chart c,
			  FILE *out);
	void (*write_gp)(const struct plot_data *pd, enum plot_chart c,
			 FILE *out);
};

extern const struct plot_chart_info plot_charts[PLOT_NCHARTS];

/* The module's counters the switches chart shows (module/metrics.h). */
extern const enum cat_counter plot_causes[];
extern const size_t plot_ncauses;

/* Buckets a histogram can have: 65 unsigned, 2 * 64 + 1 signed. */
#define PLOT_MAX_BUCKETS	129

/* A module histogram summed over a setting's runs, buckets ascending. */
struct plot_hist {
	size_t n;
	double lo[PLOT_MAX_BUCKETS], hi[PLOT_MAX_BUCKETS];	/* inclusive */
	uint64_t count[PLOT_MAX_BUCKETS];
	uint64_t total;
	size_t runs;			/* runs that had the histogram */
};

struct plot_data {
	const struct sweep_results *res;
	size_t nsettings;
	size_t runs_used;		/* runs with exit status 0 */
	bool have[PLOT_NCHARTS];
	char why[PLOT_NCHARTS][160];	/* why a chart is not there */

	/* wakeup_latency_cdf: per setting; upper bounds in us from unit */
	char lat_unit[16];		/* "ns", "us" or "ms" */
	double lat_us;			/* one unit in us */
	struct plot_hist *lat;

	/* lag_pick: per setting, then every bucket any setting has */
	char lag_unit[16];		/* "vns", ... */
	struct plot_hist *lag;
	struct plot_hist lag_all;	/* counts: every setting's together */
	char (*lag_label)[PLOT_LABEL_MAX];	/* of lag_all's buckets */

	struct plot_bars switches, share, decisions, group_share;
	/* tool_metrics: ratios to the first setting's mean (tool_data.c) */
	struct plot_bars tools;

	struct summary_stats *seconds;	/* per setting */
	bool seconds_own;		/* all the workload's own, none elapsed_s */
};

/*
 * Build every chart's table from res (which must outlive pd). A chart
 * without data gets have[] false and a reason in why[]. Returns 0, or
 * -EINVAL / -ENOMEM with a message naming the file in err (pd then needs
 * no free).
 */
int plot_data_build(struct plot_data *pd, const struct sweep_results *res,
		    char *err, size_t errlen);
void plot_data_free(struct plot_data *pd);

/* The bars of a clustered or stacked bar chart (switches, share, ...), or NULL. */
const struct plot_bars *plot_bars_of(const struct plot_data *pd,
				     enum plot_chart c);

/* The charts' parts (plot_chart_info): has a setting data in the chart? */
bool plot_has_lat(const struct plot_data *pd, enum plot_chart c, size_t s);
bool plot_has_lag(const struct plot_data *pd, enum plot_chart c, size_t s);
bool plot_has_bars(const struct plot_data *pd, enum plot_chart c, size_t s);
bool plot_has_seconds(const struct plot_data *pd, enum plot_chart c, size_t s);
/* Their NAME.dat (plot/dat.c). */
void plot_dat_cdf(const struct plot_data *pd, enum plot_chart c, FILE *out);
void plot_dat_lag(const struct plot_data *pd, enum plot_chart c, FILE *out);
void plot_dat_bars(const struct plot_data *pd, enum plot_chart c, FILE *out);
void plot_dat_seconds(const struct plot_data *pd, enum plot_chart c,
		      FILE *out);
/* Their plot commands in NAME.gp (plot/script.c). */
void plot_gp_cdf(const struct plot_data *pd, enum plot_chart c, FILE *out);
void plot_gp_lag(const struct plot_data *pd, enum plot_chart c, FILE *out);
void plot_gp_bars(const struct plot_data *pd, enum plot_chart c, FILE *out);
void plot_gp_decisions(const struct plot_data *pd, enum plot_chart c,
		       FILE *out);
void plot_gp_seconds(const struct plot_data *pd, enum plot_chart c,
		     FILE *out);

/*
 * Does setting s have data in chart c (a line, a series of bars)? For
 * PLOT_SECONDS: a mean.
 */
bool plot_setting_has(const struct plot_data *pd, enum plot_chart c, size_t s);

/* The exclusive upper bound of bucket b, in the histogram's unit. */
double plot_hist_upper(const struct plot_hist *h, size_t b);

/* The tool_metrics chart's bars and have/why (tool_data.c). 0 or -ENOMEM. */
int plot_build_tools(struct plot_data *pd);

/* Write chart c's NAME.dat to out (have[c] must be true). 0 or -EIO. (dat.c) */
int plot_data_write(const struct plot_data *pd, enum plot_chart c, FILE *out);

#endif
