// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope show: the module's counters and histograms, once.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/module_access.h"
#include "cli/output_options.h"
#include "cmd/commands.h"
#include "kmod/snapshot.h"
#include "lib/read_file.h"
#include "output/overview.h"

static const char cmd[] = "show";

static void usage(FILE *out)
{
	fprintf(out,
"Usage: schedscope show [OPTIONS]\n"
"\n"
"Print what the module measured: without options a short overview (the\n"
"waits for a CPU with their percentiles in microseconds, switches by\n"
"cause, wakeup decisions as shares, EEVDF picks, delayed dequeues, the\n"
"metric groups that are off); with --all or any option below, every\n"
"counter and histogram (stats, hist/<name>).\n"
"\n"
"  --all                 every counter and histogram\n"
"  --hist NAME           only histogram NAME (hist/NAME), without counters\n"
"  --format FMT          histogram layout: bpftrace (default: bpftrace's\n"
"                        hist()), bcc (runqlat.py's print_log2_hist),\n"
"                        libbpf-tools (runqlat's print_log2_hist)\n"
"  --json                one JSON object\n"
"  --csv                 CSV: time,cpu,kind,name,lo,hi,value\n"
"  --openmetrics         OpenMetrics text\n"
"  --format prometheus   Prometheus text 0.0.4, times in seconds (what\n"
"                        node_exporter's textfile collector reads; see export)\n"
"  --per-cpu             per-CPU counters and histograms (stats_percpu,\n"
"                        hist_percpu/<name>)\n"
"  --unit ns|us|ms       unit of the time histograms (default ns); us and ms\n"
"                        rebucket log2(value / 1000) as runqlat -u/-m does\n"
"  --no-summary          no summary line under each histogram\n"
CLI_DEBUGFS_HELP
CLI_HELP_HELP
"\n"
"The overview's percentiles are interpolated within the module's log2\n"
"buckets; its max is the top of the highest bucket that holds a wait.\n"
"Summary lines give count, min, max, mean, stddev and p50/p90/p99/p99.9.\n"
"From log2 buckets only ranges are exact: min, max and each percentile lie\n"
"in the [lo, hi] range printed; '~' marks an estimate (a percentile\n"
"interpolated linearly inside its bucket, a mean from bucket middles). The\n"
"mean is exact where the module keeps the sum (*_sum_ns).\n");
}

struct show_params {
	struct cli_common_params common;
	struct output_params output;
};

static int take_option(void *params, int opt, const char *arg)
{
	struct show_params *p = params;

	return output_option(cmd, &p->output, opt, arg);
}

static const struct option options[] = {
	OUTPUT_OPTIONS,
	CLI_DEBUGFS_OPTION,
	CLI_HELP_OPTION,
	{ NULL, 0, NULL, 0 },
};

static const struct cli_command_options show_options = {
	.cmd = cmd,
	.usage = usage,
	.optstring = ":h",
	.options = options,
	.take = take_option,
};

static int parse_args(int argc, char **argv, struct show_params *p)
{
	int ret;

	memset(p, 0, sizeof(*p));
	output_params_init(&p->output);
	ret = cli_parse_options(&show_options, argc, argv, &p->common, p);
	return ret ? ret : cli_no_arguments(cmd, argc, argv);
}

/* The overview, with what the status file says (if it can be read). */
static int print_overview(const struct ss_snapshot *snap, const char *dir)
{
	char path[PATH_MAX], err[256];
	char *status = NULL;
	size_t len;
	int ret;

	snprintf(path, sizeof(path), "%s/status", dir);
	if (read_file(path, &status, &len, err, sizeof(err)))
		status = NULL;
	ret = out_overview(snap, status, stdout);
	free(status);
	return ret;
}

int cmd_show(int argc, char **argv)
{
	struct ss_snapshot_opts sopts = { 0 };
	struct ss_snapshot snap;
	struct show_params p;
	const char *dir;
	int ret;

	ret = parse_args(argc, argv, &p);
	if (ret)
		return ret < 0 ? 0 : ret;
	dir = cli_debugfs_dir(p.common.debugfs);
	sopts.percpu = p.output.out.per_cpu;
	sopts.only_hist = p.output.hist;
	if (ss_read_snapshot(cmd, dir, &sopts, &snap))
		return 1;
	cmd_warn_disabled(cmd, dir);
	ret = p.output.detailed ? out_snapshot(&snap, &p.output.out, stdout) :
				  print_overview(&snap, dir);
	ss_snapshot_free(&snap);
	if (ret || fflush(stdout)) {
		cli_error(cmd, "writing the output: %s", strerror(errno));
		return 1;
	}
	return 0;
}
