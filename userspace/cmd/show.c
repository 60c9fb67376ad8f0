// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope show: the module's counters and histograms, once.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cmd/commands.h"
#include "hist/unit.h"
#include "kmod/control.h"
#include "kmod/snapshot.h"

static const char *const cmd = "show";

static void usage(FILE *out)
{
	fprintf(out,
"Usage: schedscope show [OPTIONS]\n"
"\n"
"Print the module's counters and histograms (stats, hist/<name>).\n"
"\n"
"  --hist NAME           only histogram NAME (hist/NAME), without counters\n"
"  --format FMT          histogram layout: bpftrace (default: bpftrace's\n"
"                        hist()), bcc (runqlat.py's print_log2_hist),\n"
"                        libbpf-tools (runqlat's print_log2_hist)\n"
"  --json                one JSON object\n"
"  --csv                 CSV: time,cpu,kind,name,lo,hi,value\n"
"  --openmetrics         OpenMetrics text (node_exporter textfile collector)\n"
"  --per-cpu             per-CPU counters and histograms (stats_percpu,\n"
"                        hist_percpu/<name>)\n"
"  --unit ns|us|ms       unit of the time histograms (default ns); us and ms\n"
"                        rebucket log2(value / 1000) as runqlat -u/-m does\n"
"  --no-summary          no summary line under each histogram\n"
"  --debugfs DIR         the module's debugfs directory (default\n"
"                        $%s, else %s)\n"
"  -h, --help            this text\n"
"\n"
"Summary lines give count, min, max, mean, stddev and p50/p90/p99/p99.9.\n"
"From log2 buckets only ranges are exact: min, max and each percentile lie\n"
"in the [lo, hi] range printed; '~' marks an estimate (a percentile\n"
"interpolated linearly inside its bucket, a mean from bucket middles). The\n"
"mean is exact where the module keeps the sum (*_sum_ns).\n",
		SS_DEBUGFS_ENV, SS_DEBUGFS_DEFAULT);
}

void output_params_init(struct output_params *p)
{
	memset(p, 0, sizeof(*p));
	p->out.format = OUT_BPFTRACE;
	p->out.unit = HIST_UNIT_NS;
	p->out.summary = true;
	p->out.stats = true;
	p->out.csv_header = true;
}

static int set_format(const char *cmd_name, struct output_params *p,
		      enum out_format f, const char *opt)
{
	if (p->format_opt && p->out.format != f)
		return cli_usage_error(cmd_name, "%s conflicts with %s: choose one "
				       "output format", opt, p->format_opt);
	p->out.format = f;
	p->format_opt = opt;
	return 1;
}

int output_option(const char *cmd_name, struct output_params *p, int opt,
		  const char *arg)
{
	switch (opt) {
	case OPT_FORMAT:
		if (!strcmp(arg, "bpftrace"))
			return set_format(cmd_name, p, OUT_BPFTRACE, "--format bpftrace");
		if (!strcmp(arg, "bcc"))
			return set_format(cmd_name, p, OUT_BCC, "--format bcc");
		if (!strcmp(arg, "libbpf-tools"))
			return set_format(cmd_name, p, OUT_LIBBPF,
					  "--format libbpf-tools");
		if (!strcmp(arg, "json"))
			return set_format(cmd_name, p, OUT_JSON, "--format json");
		if (!strcmp(arg, "csv"))
			return set_format(cmd_name, p, OUT_CSV, "--format csv");
		if (!strcmp(arg, "openmetrics"))
			return set_format(cmd_name, p, OUT_OPENMETRICS,
					  "--format openmetrics");
		return cli_usage_error(cmd_name, "--format: unknown format '%s' "
				       "(bpftrace, bcc, libbpf-tools, json, csv, "
				       "openmetrics)", arg);
	case OPT_JSON:
		return set_format(cmd_name, p, OUT_JSON, "--json");
	case OPT_CSV:
		return set_format(cmd_name, p, OUT_CSV, "--csv");
	case OPT_OPENMETRICS:
		return set_format(cmd_name, p, OUT_OPENMETRICS, "--openmetrics");
	case OPT_PER_CPU:
		p->out.per_cpu = true;
		return 1;
	case OPT_UNIT:
		if (hist_unit_parse(arg, &p->out.unit))
			return cli_usage_error(cmd_name, "--unit: '%s' is not ns, "
					       "us or ms", arg);
		return 1;
	case OPT_HIST:
		if (!*arg || strchr(arg, '/') || !strcmp(arg, ".") ||
		    !strcmp(arg, ".."))
			return cli_usage_error(cmd_name, "--hist: '%s' is not a "
					       "histogram name", arg);
		p->hist = arg;
		p->out.stats = false;
		return 1;
	case OPT_NO_SUMMARY:
		p->out.summary = false;
		return 1;
	default:
		return 0;
	}
}

struct show_params {
	struct output_params output;
	const char *debugfs;
};

static int parse_args(int argc, char **argv, struct show_params *p)
{
	static const struct option options[] = {
		OUTPUT_OPTIONS,
		{ "debugfs", required_argument, NULL, OPT_DEBUGFS },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int opt, ret;

	memset(p, 0, sizeof(*p));
	output_params_init(&p->output);
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
		ret = output_option(cmd, &p->output, opt, optarg);
		if (ret == 1)
			continue;
		if (ret)
			return ret;
		switch (opt) {
		case OPT_DEBUGFS:
			p->debugfs = optarg;
			break;
		case 'h':
			usage(stdout);
			return -1;
		default:
			return cli_bad_option(cmd, opt, argv);
		}
	}
	if (optind < argc)
		return cli_unexpected_argument(cmd, argv[optind]);
	return 0;
}

int cmd_show(int argc, char **argv)
{
	struct ss_snapshot_opts sopts = { 0 };
	struct ss_snapshot snap;
	struct show_params p;
	const char *dir;
	char err[1024];
	int ret;

	ret = parse_args(argc, argv, &p);
	if (ret)
		return ret < 0 ? 0 : ret;
	dir = cli_debugfs_dir(p.debugfs);
	sopts.percpu = p.output.out.per_cpu;
	sopts.only_hist = p.output.hist;
	ret = ss_snapshot_read(dir, &sopts, &snap, err, sizeof(err));
	if (ret == -ENOENT && access(dir, F_OK)) {
		ss_explain_missing(cmd, dir, ret);
		return 1;
	}
	if (ret) {
		cli_error(cmd, "%s", err);
		return 1;
	}
	ret = out_snapshot(&snap, &p.output.out, stdout);
	ss_snapshot_free(&snap);
	if (ret || fflush(stdout)) {
		cli_error(cmd, "writing the output: %s", strerror(errno));
		return 1;
	}
	return 0;
}
