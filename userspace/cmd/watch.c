// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope watch INTERVAL [COUNT]: what happened in each interval, like
 * runqlat's interval output. Each interval is the difference of two
 * readings, so other readers of the module see nothing reset.
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/module_access.h"
#include "cli/output_options.h"
#include "cmd/commands.h"
#include "kmod/snapshot.h"
#include "output/watch_line.h"

static const char cmd[] = "watch";

static void usage(FILE *out)
{
	fprintf(out,
"Usage: schedscope watch [OPTIONS] INTERVAL [COUNT]\n"
"\n"
"Every INTERVAL seconds (a decimal, 0.001 to 86400), print what the module\n"
"counted in that interval, COUNT times (default: until SIGINT or SIGTERM;\n"
"an interval cut short by the signal is printed with its real length).\n"
"Each interval is the difference of two readings: nothing is reset. The\n"
"module is enabled for the run if it was disabled, and disabled again.\n"
"Without options one line per interval under a \"#\" header: switches and\n"
"wakeups a second, the share of switches that slept, the wakeup wait's\n"
"p50, p99 and max and the preempted wait's p99 in microseconds, the share\n"
"of wakeup decisions that preempted; with --all or any option below, every\n"
"counter and histogram each interval.\n"
"\n"
"  --all                 every counter and histogram\n"
"  --hist NAME           only histogram NAME, without counters\n"
"  --format FMT          bpftrace (default), bcc, libbpf-tools, json, csv\n"
"  --json                JSON Lines: one object per interval\n"
"  --csv                 CSV, one header: time,cpu,kind,name,lo,hi,value\n"
"  --per-cpu             per-CPU counters and histograms\n"
"  --unit ns|us|ms       unit of the time histograms (default ns)\n"
"  --no-summary          no summary line under each histogram\n"
CLI_FILTER_HELP
"  --debugfs DIR         the module's debugfs directory\n"
CLI_HELP_HELP
"\n"
"The full text output starts each interval with \"# HH:MM:SS interval\n"
"S.SSS s\".\n");
}

struct watch_params {
	struct cli_common_params common;
	struct output_params output;
	double interval;
	uint64_t count;		/* 0: forever */
};

static int take_option(void *params, int opt, const char *arg)
{
	struct watch_params *p = params;

	return output_option(cmd, &p->output, opt, arg);
}

static const struct option options[] = {
	OUTPUT_OPTIONS,
	CLI_FILTER_OPTIONS,
	CLI_DEBUGFS_OPTION,
	CLI_HELP_OPTION,
	{ NULL, 0, NULL, 0 },
};

static const struct cli_command_options watch_options = {
	.cmd = cmd,
	.usage = usage,
	.optstring = ":h",
	.options = options,
	.take = take_option,
};

/* INTERVAL [COUNT], after the options. */
static int parse_positionals(int argc, char **argv, struct watch_params *p)
{
	if (optind >= argc)
		return cli_usage_error(cmd, "missing INTERVAL (seconds)");
	if (cli_parse_interval(argv[optind], &p->interval))
		return cli_usage_error(cmd, "bad INTERVAL '%s': seconds, a number "
				       "from 0.001 to 86400", argv[optind]);
	if (++optind < argc && cli_parse_uint(argv[optind++], 1, UINT32_MAX,
					       &p->count))
		return cli_usage_error(cmd, "bad COUNT '%s': a whole number of "
				       "intervals, at least 1", argv[optind - 1]);
	return cli_no_arguments(cmd, argc, argv);
}

static int parse_args(int argc, char **argv, struct watch_params *p)
{
	int ret;

	memset(p, 0, sizeof(*p));
	output_params_init(&p->output);
	ret = cli_parse_options(&watch_options, argc, argv, &p->common, p);
	if (ret)
		return ret;
	if (p->output.out.format == OUT_OPENMETRICS ||
	    p->output.out.format == OUT_PROMETHEUS)
		return cli_usage_error(cmd, "OpenMetrics and Prometheus text are "
				       "snapshot formats: use 'schedscope export "
				       "--textfile PATH --interval S'");
	return parse_positionals(argc, argv, p);
}

static double seconds_between(const struct timespec *a, const struct timespec *b)
{
	return (b->tv_sec - a->tv_sec) + (b->tv_nsec - a->tv_nsec) / 1e9;
}

static int print_interval(const struct ss_snapshot *now,
			  const struct ss_snapshot *prev, struct watch_params *p,
			  bool first)
{
	struct ss_snapshot delta;
	char err[1024], when[32];
	bool reset;
	struct tm tm;
	int ret;

	ret = ss_snapshot_diff(now, prev, &delta, &reset, err, sizeof(err));
	if (ret) {
		cli_error(cmd, "%s", err);
		return ret;
	}
	p->output.out.interval = seconds_between(&prev->mono, &now->mono);
	p->output.out.reset_seen = reset;
	p->output.out.csv_header = first;
	localtime_r(&now->when.tv_sec, &tm);
	strftime(when, sizeof(when), "%H:%M:%S", &tm);
	if (!p->output.detailed) {
		if (first)
			out_watch_header(stdout);
		if (reset)
			fprintf(stderr, "schedscope watch: %s: the counters "
				"went down (reset by someone): showing the "
				"values since then\n", when);
		ret = out_watch_line(&delta, p->output.out.interval, when,
				     stdout);
		goto out;
	}
	if (p->output.out.format != OUT_JSON && p->output.out.format != OUT_CSV) {
		printf("# %s interval %.3f s\n", when, p->output.out.interval);
		if (reset)
			printf("# the counters went down in this interval (reset "
			       "by someone): showing the values since then\n");
	} else if (reset && p->output.out.format == OUT_CSV) {
		fprintf(stderr, "schedscope watch: %s: the counters went down "
			"(reset by someone): showing the values since then\n", when);
	}
	ret = out_snapshot(&delta, &p->output.out, stdout);
out:
	ss_snapshot_free(&delta);
	fflush(stdout);
	return ret;
}

/* Print p->count intervals (or until a stop signal); 0 or the error. */
static int watch_intervals(const char *dir, const struct ss_snapshot_opts *sopts,
			   struct watch_params *p)
{
	struct ss_snapshot prev, now;
	struct timespec next;
	char err[1024];
	uint64_t done = 0;
	int ret;

	ret = ss_snapshot_read(dir, sopts, &prev, err, sizeof(err));
	if (ret) {
		cli_error(cmd, "%s", err);
		return ret;
	}
	next = prev.mono;
	while (!cli_stop_requested && (!p->count || done < p->count)) {
		cli_sleep_until_next(&next, p->interval);
		ret = ss_snapshot_read(dir, sopts, &now, err, sizeof(err));
		if (ret) {
			cli_error(cmd, "%s", err);
			break;
		}
		ret = print_interval(&now, &prev, p, done == 0);
		ss_snapshot_free(&prev);
		prev = now;
		if (ret)
			break;
		done++;
	}
	ss_snapshot_free(&prev);
	return ret;
}

int cmd_watch(int argc, char **argv)
{
	struct ss_snapshot_opts sopts = { 0 };
	struct watch_params p;
	struct ss_session session;
	char filter[4200];
	const char *dir;
	int ret;

	ret = parse_args(argc, argv, &p);
	if (ret)
		return ret < 0 ? 0 : ret;
	if (ss_require_debugfs_dir(cmd, p.common.debugfs, &dir))
		return 1;
	sopts.percpu = p.output.out.per_cpu;
	sopts.only_hist = p.output.hist;
	cli_filter_string(&p.common.filter, filter, sizeof(filter));
	cli_stop_on_signals();
	if (ss_session_begin(&session, cmd, dir, filter))
		return 1;
	ret = watch_intervals(dir, &sopts, &p);
	ss_session_end(&session, cmd);
	return ret ? 1 : 0;
}
