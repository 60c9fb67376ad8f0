// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope export --textfile PATH [--interval S]: the module's counters
 * and histograms as Prometheus text (output/prometheus.c) in a file for
 * node_exporter's textfile collector, replaced in one step
 * (lib/atomic_file.h), once or every S seconds until SIGINT or SIGTERM.
 * It only reads the module: enable and filter stay as they are.
 */
#include <errno.h>
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
#include "lib/atomic_file.h"

static const char cmd[] = "export";

static void usage(FILE *out)
{
	fprintf(out,
"Usage: schedscope export --textfile PATH [--interval S] [OPTIONS]\n"
"\n"
"Write the module's counters and histograms to PATH in the Prometheus text\n"
"format node_exporter's textfile collector reads (times in seconds), once,\n"
"or every S seconds until SIGINT or SIGTERM. PATH is replaced in one step\n"
"(a temporary .NAME.XXXXXX beside it, fsync, rename): a scrape sees the old\n"
"file or the new one. The module is only read: enable and filter stay.\n"
"\n"
"  --textfile PATH       the file to write; its name must end in .prom (the\n"
"                        collector reads no other), its directory must exist\n"
"  --interval S          write again every S seconds (0.001 to 86400)\n"
"  --per-cpu             per-CPU counters and histograms, labelled cpu=\"N\"\n"
CLI_DEBUGFS_HELP
CLI_HELP_HELP
"\n"
"Debian's textfile directory is /var/lib/prometheus/node-exporter;\n"
"systemd/schedscope-export.service runs this command every 15 s.\n");
}

enum {
	OPT_TEXTFILE = OPT_FIRST_COMMAND_OPT,
	OPT_INTERVAL,
};

struct export_params {
	struct cli_common_params common;
	const char *textfile;
	double interval;	/* 0: once */
	bool per_cpu;
};

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

static int take_option(void *params, int opt, const char *arg)
{
	struct export_params *p = params;

	switch (opt) {
	case OPT_TEXTFILE:
		if (!ends_with(arg, ".prom") || ends_with(arg, "/.prom"))
			return cli_usage_error(cmd, "--textfile '%s': the name must "
					       "end in .prom, the textfile "
					       "collector reads no other", arg);
		p->textfile = arg;
		return 0;
	case OPT_INTERVAL:
		if (cli_parse_interval(arg, &p->interval))
			return cli_usage_error(cmd, "bad --interval '%s': seconds, "
					       "a number from 0.001 to 86400", arg);
		return 0;
	default:		/* OPT_PER_CPU */
		p->per_cpu = true;
		return 0;
	}
}

static const struct option options[] = {
	{ "textfile", required_argument, NULL, OPT_TEXTFILE },
	{ "interval", required_argument, NULL, OPT_INTERVAL },
	{ "per-cpu", no_argument, NULL, OPT_PER_CPU },
	CLI_DEBUGFS_OPTION,
	CLI_HELP_OPTION,
	{ NULL, 0, NULL, 0 },
};

static const struct cli_command_options export_options = {
	.cmd = cmd,
	.usage = usage,
	.optstring = ":h",
	.options = options,
	.take = take_option,
};

static int parse_args(int argc, char **argv, struct export_params *p)
{
	int ret;

	memset(p, 0, sizeof(*p));
	ret = cli_parse_options(&export_options, argc, argv, &p->common, p);
	if (ret)
		return ret;
	if (!p->textfile)
		return cli_usage_error(cmd, "missing --textfile PATH");
	return cli_no_arguments(cmd, argc, argv);
}

struct export_write {
	const struct ss_snapshot *snap;
	struct out_opts opts;
};

static int write_snapshot(FILE *out, void *arg)
{
	const struct export_write *w = arg;

	return out_snapshot(w->snap, &w->opts, out);
}

/* One reading of the module into p->textfile; 0 or 1 after the message. */
static int export_once(const char *dir, const struct export_params *p)
{
	struct ss_snapshot_opts sopts = { .percpu = p->per_cpu };
	struct export_write w = {
		.opts = {
			.format = OUT_PROMETHEUS,
			.unit = HIST_UNIT_NS,
			.per_cpu = p->per_cpu,
			.stats = true,
		},
	};
	struct ss_snapshot snap;
	char err[1024];
	int ret;

	if (ss_read_snapshot(cmd, dir, &sopts, &snap))
		return 1;
	w.snap = &snap;
	ret = atomic_file_write(p->textfile, write_snapshot, &w, err,
				sizeof(err));
	ss_snapshot_free(&snap);
	if (ret) {
		cli_error(cmd, "%s", err);
		return 1;
	}
	return 0;
}

/* Every p->interval seconds, on a fixed grid, until a stop signal. */
static int export_every(const char *dir, const struct export_params *p)
{
	struct timespec next;
	int ret;

	clock_gettime(CLOCK_MONOTONIC, &next);
	while (!cli_stop_requested) {
		ret = export_once(dir, p);
		if (ret)
			return ret;
		cli_sleep_until_next(&next, p->interval);
	}
	return 0;
}

int cmd_export(int argc, char **argv)
{
	struct export_params p;
	const char *dir;
	char err[1024];
	int ret;

	ret = parse_args(argc, argv, &p);
	if (ret)
		return ret < 0 ? 0 : ret;
	if (atomic_file_check(p.textfile, err, sizeof(err))) {
		cli_error(cmd, "--textfile: %s", err);
		return 1;
	}
	dir = cli_debugfs_dir(p.common.debugfs);
	/* A signal during a write lets it finish: no temporary file left. */
	cli_stop_on_signals();
	if (!p.interval)
		return export_once(dir, &p);
	return export_every(dir, &p);
}
