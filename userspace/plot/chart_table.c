// SPDX-License-Identifier: GPL-2.0
/*
 * The charts of `schedscope plot`, one entry each (plot/data.h): a new chart
 * is its entry here, its enum value, and its parts.
 */
#include <stddef.h>

#include "plot/data.h"

#define BARS(member)	offsetof(struct plot_data, member)

const struct plot_chart_info plot_charts[PLOT_NCHARTS] = {
	[PLOT_WAKEUP_CDF] = {
		.name = "wakeup_latency_cdf",
		.help = "the module's wakeup_lat histogram as a tail:\n"
			"1 - CDF on log-log axes",
		.title = "Wakeup latency tail, 1 - CDF (module: wakeup_lat, "
			 "all repetitions)",
		.setting_has = plot_has_lat,
		.write_dat = plot_dat_cdf,
		.write_gp = plot_gp_cdf,
	},
	[PLOT_LAG_PICK] = {
		.name = "lag_pick",
		.help = "the module's lag_pick histogram, fraction of picks",
		.title = "Lag V - v of the picked entity (module: lag_pick, "
			 "all repetitions)",
		.setting_has = plot_has_lag,
		.write_dat = plot_dat_lag,
		.write_gp = plot_gp_lag,
	},
	[PLOT_SWITCHES] = {
		.name = "switches_by_cause",
		.help = "module switch counters, mean and min..max per run",
		.title = "Switches and scheduler events by cause (module "
			 "counters per run)",
		.bars = BARS(switches),
		.setting_has = plot_has_bars,
		.write_dat = plot_dat_bars,
		.write_gp = plot_gp_bars,
	},
	[PLOT_CPU_SHARE] = {
		.name = "cpu_share",
		.help = "the workload's cpu_share per task",
		.title = "CPU share per task (workload's cpu_share)",
		.bars = BARS(share),
		.setting_has = plot_has_bars,
		.write_dat = plot_dat_bars,
		.write_gp = plot_gp_bars,
	},
	[PLOT_SECONDS] = {
		.name = "seconds",
		.help = "the workload's seconds, mean, min..max and each run",
		.title = "Workload seconds per setting",
		.setting_has = plot_has_seconds,
		.write_dat = plot_dat_seconds,
		.write_gp = plot_gp_seconds,
	},
	[PLOT_DECISIONS] = {
		.name = "wakeup_decisions",
		.help = "the module's wakeup decision classes, % per setting",
		.title = "Wakeup decisions: preempted or declined, and why "
			 "(module, mean per run)",
		.bars = BARS(decisions),
		.setting_has = plot_has_bars,
		.write_dat = plot_dat_bars,
		.write_gp = plot_gp_decisions,
	},
	[PLOT_TOOLS] = {
		.name = "tool_metrics",
		.help = "each number of the tools' own output (hackbench,\n"
			"tbench, cyclictest, --metric, ...) over the first\n"
			"setting's mean",
		.title = "The tools' own results, relative to the first setting",
		.bars = BARS(tools),
		.setting_has = plot_has_bars,
		.write_dat = plot_dat_bars,
		.write_gp = plot_gp_bars,
	},
	[PLOT_GROUP_SHARE] = {
		.name = "group_share",
		.help = "each group's CPU share from its cgroup (--group)",
		.title = "CPU share per group (its cgroup's cpu.stat in the "
			 "run's window)",
		.bars = BARS(group_share),
		.setting_has = plot_has_bars,
		.write_dat = plot_dat_bars,
		.write_gp = plot_gp_bars,
	},
};
