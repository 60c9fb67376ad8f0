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
#include "cmd/show_ranking.h"
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
"  --by task|process|cgroup\n"
"                        which tasks suffer: the waits for a CPU of each\n"
"                        task, process or cgroup (the module's rank_by),\n"
"                        the --top with the highest p99 and those with the\n"
"                        most wait in all; what the module holds if its\n"
"                        rank_by is already that, else measured for\n"
"                        --duration (default 5 s) and set back; with --json\n"
"                        every one as JSON\n"
"  --top N               rows of each --by table (default 10)\n"
"  --duration SECONDS    --by: measure for SECONDS\n"
CLI_FILTER_HELP
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
	struct show_ranking_params ranking;	/* --by */
};

enum { OPT_BY = OPT_ALL + 1, OPT_TOP, OPT_DURATION };

static int take_option(void *params, int opt, const char *arg)
{
	struct show_params *p = params;
	uint64_t top;

	switch (opt) {
	case OPT_BY:
		if (strcmp(arg, "task") && strcmp(arg, "process") &&
		    strcmp(arg, "cgroup"))
			return cli_usage_error(cmd, "--by '%s': task, process "
					       "or cgroup", arg);
		p->ranking.by = arg;
		return 0;
	case OPT_TOP:
		if (cli_parse_uint(arg, 1, 100000, &top))
			return cli_usage_error(cmd, "--top '%s': a number of "
					       "rows, 1 to 100000", arg);
		p->ranking.top = top;
		return 0;
	case OPT_DURATION:
		if (cli_parse_interval(arg, &p->ranking.duration))
			return cli_usage_error(cmd, "--duration '%s': a number "
					       "of seconds above 0, at most a "
					       "day", arg);
		return 0;
	}
	return output_option(cmd, &p->output, opt, arg);
}

static const struct option options[] = {
	OUTPUT_OPTIONS,
	{ "by", required_argument, NULL, OPT_BY },
	{ "top", required_argument, NULL, OPT_TOP },
	{ "duration", required_argument, NULL, OPT_DURATION },
	CLI_FILTER_OPTIONS,
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
	p->ranking.top = 10;
	ret = cli_parse_options(&show_options, argc, argv, &p->common, p);
	if (ret)
		return ret;
	ret = cli_no_arguments(cmd, argc, argv);
	if (ret)
		return ret;
	if (p->ranking.by) {
		/* the ranking's own output: text, or --json */
		if (p->output.format_opt && p->output.out.format != OUT_JSON)
			return cli_usage_error(cmd, "--by prints a table or "
					       "--json, not %s",
					       p->output.format_opt);
		if (p->output.hist || p->output.out.per_cpu)
			return cli_usage_error(cmd, "--by and --hist or "
					       "--per-cpu: one or the other");
		p->ranking.json = p->output.out.format == OUT_JSON;
		return 0;
	}
	if (p->ranking.duration > 0 || p->ranking.top != 10)
		return cli_usage_error(cmd, "--duration and --top go with --by");
	if (p->common.filter.opt)
		return cli_usage_error(cmd, "the filter options go with --by "
				       "(show prints what the module measured)");
	return 0;
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
	if (p.ranking.by) {
		char filter[4200];

		if (ss_require_debugfs_dir(cmd, p.common.debugfs, &dir))
			return 1;
		cli_filter_string(&p.common.filter, filter, sizeof(filter));
		p.ranking.filter = filter;
		return show_ranking(cmd, dir, &p.ranking);
	}
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
