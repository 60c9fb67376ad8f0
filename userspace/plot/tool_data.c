// SPDX-License-Identifier: GPL-2.0
/*
 * The tool_metrics chart's numbers (plot/data.h): every number the tools
 * printed (sweep/tool_metric_keys.h), one row each, a run's value over the
 * first setting's mean. MB/sec, microseconds and ops/sec then share one
 * axis, and 1 is "as in the first setting", as in the seed threads' tables
 * of ratios to a baseline. A table of more than PLOT_TOOL_MAX_ROWS rows
 * labelled by a word is one per task (rt-app's): its numbers would crowd
 * the chart, and its summary is a table of its own (the report has both).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "plot/data.h"
#include "results/tool_metric_keys.h"

#define PLOT_TOOL_MAX_ROWS	4

/* The mean of k over setting s's used runs, or NAN without one. */
static double setting_mean(const struct sweep_results *res, size_t s,
			   const struct tool_metric_key *k)
{
	const struct sweep_setting *set = &res->settings[s];
	double v, sum = 0;
	size_t r, n = 0;

	for (r = 0; r < set->nruns; r++) {
		v = tool_metric_value(set->runs[r], k);
		if (sweep_run_used(set->runs[r]) && isfinite(v)) {
			sum += v;
			n++;
		}
	}
	return n ? sum / n : NAN;
}

/* Key k's row: each used run's value over base. 0 or -ENOMEM. */
static int key_row(struct plot_bars_values *bv, const struct sweep_results *res,
		   const struct tool_metric_key *k, double base)
{
	char name[160], label[PLOT_LABEL_MAX];
	long row = -1;
	size_t s, r;
	double v;

	tool_metric_name(k, name, sizeof(name));
	/* a long name is cut: the report has it whole */
	snprintf(label, sizeof(label), "%.20s: %.41s", k->tool, name);
	for (s = 0; s < res->nsettings; s++) {
		for (r = 0; r < res->settings[s].nruns; r++) {
			const struct sweep_run *run = res->settings[s].runs[r];

			v = tool_metric_value(run, k);
			if (!sweep_run_used(run) || !isfinite(v))
				continue;
			if (row < 0)
				row = plot_bars_row(bv, label);
			if (row < 0)
				return -1;
			*plot_bars_value(bv, row, s, r) = v / base;
		}
	}
	return 0;
}

int plot_build_tools(struct plot_data *pd)
{
	const struct sweep_results *res = pd->res;
	struct tool_metric_keys keys = { 0 };
	struct plot_bars_values bv;
	size_t i, zero = 0;
	int ret = -ENOMEM;
	double base;

	plot_bars_init(&bv, &pd->tools, res);
	if (tool_metric_keys_collect(res, &keys))
		goto out;
	for (i = 0; i < keys.n; i++) {
		if (keys.k[i].label[0] &&
		    keys.k[i].table_rows > PLOT_TOOL_MAX_ROWS)
			continue;
		base = setting_mean(res, 0, &keys.k[i]);
		/* no ratio to a zero or missing baseline: the report has them */
		if (!isfinite(base) || base == 0) {
			zero++;
			continue;
		}
		if (key_row(&bv, res, &keys.k[i], base))
			goto out;
	}
	ret = plot_bars_finish(&bv);
	if (ret)
		goto out;
	pd->have[PLOT_TOOLS] = pd->tools.nrows > 0;
	if (!keys.n)
		snprintf(pd->why[PLOT_TOOLS], sizeof(pd->why[PLOT_TOOLS]),
			 "no numbers from a tool's own output or --metric "
			 "beside the seconds");
	else if (!pd->have[PLOT_TOOLS])
		snprintf(pd->why[PLOT_TOOLS], sizeof(pd->why[PLOT_TOOLS]),
			 "the tools' %zu numbers are 0 or missing in setting "
			 "%.40s: no ratio to it (the report has them)", zero,
			 res->settings[0].name);
out:
	free(bv.v);
	tool_metric_keys_free(&keys);
	return ret;
}
