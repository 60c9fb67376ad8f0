/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bars of a chart (switches by cause, CPU share, decisions, the tools'
 * metrics): one row per cause or task, one bar per setting, each bar the
 * summary of the setting's runs; filled run by run while a sweep's results
 * are read (plot/data.c, plot/tool_data.c).
 */
#ifndef SCHEDSCOPE_PLOT_BARS_H
#define SCHEDSCOPE_PLOT_BARS_H

#include <stddef.h>

#include "lib/summary_stats.h"
#include "results/sweep_results.h"

#define PLOT_LABEL_MAX		64

/* Rows of clustered bars: one row per cause or task, one bar per setting. */
struct plot_bars {
	size_t nrows;
	char (*row)[PLOT_LABEL_MAX];
	struct summary_stats *stat;	/* [row * nsettings + setting] */
};

/*
 * The values behind bars while the runs are read: per row and setting one
 * per run of the setting, in the setting's order of runs (NAN where the run
 * has none), each cell summarized when all are in (plot_bars_finish()).
 */
struct plot_bars_values {
	struct plot_bars *bars;
	size_t nsettings, nruns;	/* nruns: the most runs of a setting */
	double *v;			/* [(row * nsettings + s) * nruns + r] */
};

void plot_bars_init(struct plot_bars_values *bv, struct plot_bars *bars,
		    const struct sweep_results *res);
/* Where run r of setting s puts its value in a row. */
double *plot_bars_value(struct plot_bars_values *bv, size_t row, size_t s,
			size_t r);
/* The index of the row named label, added (no values) if new; -1: no memory. */
long plot_bars_row(struct plot_bars_values *bv, const char *label);
/* Every row's values summarized into bars->stat, and freed. 0 or -ENOMEM. */
int plot_bars_finish(struct plot_bars_values *bv);

/* The most runs any setting of res has. */
size_t plot_most_runs(const struct sweep_results *res);

#endif
