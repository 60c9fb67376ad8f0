// SPDX-License-Identifier: GPL-2.0
/* Runs every suite; the last line is "N passed, N failed". */
#include <stdio.h>

#include "check.h"

static const struct {
	const char *name;
	void (*run)(void);
} suites[] = {
	{ "kv_stats", test_kv_stats },
	{ "log2_hist", test_log2_hist },
	{ "proc_task", test_proc_task },
	{ "slog2_hist", test_slog2_hist },
	{ "hist_raw", test_hist_raw },
	{ "hist_bcc", test_hist_bcc },
	{ "hist_bins", test_hist_bins },
	{ "snapshot", test_snapshot },
	{ "output", test_output },
	{ "btf_layout", test_btf_layout },
	{ "modinfo", test_modinfo },
	{ "installed", test_installed },
	{ "feature_word", test_feature_word },
	{ "catalogue", test_metric_catalogue },
	{ "catalogue_extra", test_catalogue_extra },
	{ "wait_clock", test_wait_clock },
	{ "probe_cost", test_probe_cost },
	{ "record_event", test_record_event },
	{ "record_decision", test_record_decision },
	{ "slow_wait", test_slow_wait },
	{ "record_over", test_record_over },
	{ "ranking", test_ranking },
	{ "cli", test_cli },
	{ "atomic_file", test_atomic_file },
	{ "cpu_info", test_cpu_info },
	{ "lat_stats", test_lat_stats },
	{ "sweep_parts", test_sweep_parts },
	{ "run_module", test_run_module },
	{ "sweep_results", test_sweep_results },
	{ "sweep_groups", test_sweep_groups },
	{ "sweep_knobs", test_sweep_knobs },
	{ "tool_output", test_tool_output },
	{ "summary_stats", test_summary_stats },
	{ "report", test_report },
	{ "plot_data", test_plot_data },
	{ "feature_owner", test_feature_owner },
	{ "task_delays", test_task_delays },
	{ "error_msg", test_error_msg },
};

int main(void)
{
	size_t i;

	for (i = 0; i < sizeof(suites) / sizeof(suites[0]); i++) {
		unsigned int passed = checks_passed, failed = checks_failed;

		suites[i].run();
		printf("%-10s %u passed, %u failed\n", suites[i].name,
		       checks_passed - passed, checks_failed - failed);
	}
	printf("%u passed, %u failed\n", checks_passed, checks_failed);
	return checks_failed ? 1 : 0;
}
