// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope report: the tables people post about a sweep (docs/sweep.md),
 * from its result directory alone: means per setting, the mmtests-style
 * comparison with Welch's t-test, seconds against the baseline, CPU share
 * per task and group, wakeup latency histograms and summaries. Text or
 * markdown; every section only where the sweep has its data.
 *
 * Here: the command line; the report is report/'s (report/report.h).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cmd/commands.h"
#include "report/report.h"
#include "results/sweep_results.h"

static const char *const cmd = "report";

struct report_params {
	bool markdown;
	bool output;			/* -o: DIR/report.txt and DIR/report.md */
	const char *format;		/* as given, for the conflict message */
	const char *baseline;
	const char *const *dirs;	/* one, or sweeps to join */
	size_t ndirs;
};

static void usage(FILE *out)
{
	fprintf(out,
"Usage: schedscope report [OPTIONS] DIR [DIR...]\n"
"\n"
"Print the tables of a sweep's result directory DIR (see `schedscope sweep`):\n"
"per setting the means over the repetitions (seconds, context switches,\n"
"migrations, the module's decisions), a comparison against the baseline\n"
"setting with Welch's t-test at 5%%, each repetition's seconds and their ratio\n"
"to the baseline, CPU share per task and group, and wakeup latency\n"
"histograms and summaries; each section only where the sweep has its data.\n"
"Runs whose workload failed are left out, and so are run files that cannot\n"
"be read (the report's header names each and says why).\n"
"\n"
"Several DIRs, sweeps of one workload (two kernels, two boxes), make one\n"
"report with their settings side by side, each named LABEL:SETTING, LABEL\n"
"its kernel release up to its first '-' or '+' (its directory's name where\n"
"two ran one release); the first DIR's first setting is the baseline.\n"
"\n"
"  -f, --format FORMAT   text (default) or markdown\n"
"  -b, --baseline NAME   the setting the others are compared with (default:\n"
"                        the first)\n"
"  -o, --output          write DIR/report.txt and DIR/report.md instead of\n"
"                        printing (one DIR)\n"
CLI_HELP_HELP
"\n"
"Exit status: 0 success, 1 DIR unreadable or not a sweep, 2 bad command line\n"
"(also an unknown baseline).\n");
}

static int take_option(void *params, int opt, const char *arg)
{
	struct report_params *p = params;

	switch (opt) {
	case 'f':
		if (!strcmp(arg, "text"))
			p->markdown = false;
		else if (!strcmp(arg, "markdown") || !strcmp(arg, "md"))
			p->markdown = true;
		else
			return cli_usage_error(cmd, "unknown format '%s' (text "
					       "or markdown)", arg);
		p->format = arg;
		return 0;
	case 'b':
		p->baseline = arg;
		return 0;
	default:		/* 'o' */
		p->output = true;
		return 0;
	}
}

static const struct option options[] = {
	{ "format", required_argument, NULL, 'f' },
	{ "baseline", required_argument, NULL, 'b' },
	{ "output", no_argument, NULL, 'o' },
	CLI_HELP_OPTION,
	{ NULL, 0, NULL, 0 },
};

static const struct cli_command_options report_options = {
	.cmd = "report",
	.usage = usage,
	.optstring = ":f:b:oh",
	.options = options,
	.take = take_option,
};

static int parse_args(int argc, char **argv, struct report_params *p)
{
	struct cli_common_params common = { 0 };
	int ret;

	memset(p, 0, sizeof(*p));
	ret = cli_parse_options(&report_options, argc, argv, &common, p);
	if (ret)
		return ret;
	if (p->output && p->format)
		return cli_usage_error(cmd, "--output writes both formats: no "
				       "--format with it");
	if (optind >= argc)
		return cli_usage_error(cmd, "no result directory given");
	p->dirs = (const char *const *)argv + optind;
	p->ndirs = argc - optind;
	if (p->output && p->ndirs > 1)
		return cli_usage_error(cmd, "--output writes into DIR: with "
				       "several sweeps, redirect the printed "
				       "report instead");
	return 0;
}

/* Index of the baseline, or EXIT_USAGE after naming the settings there are. */
static int find_baseline(const struct sweep_results *res, const char *name,
			 size_t *base)
{
	char list[2048] = "";
	size_t s, used = 0;

	*base = 0;
	if (!name)
		return 0;
	for (s = 0; s < res->nsettings; s++) {
		if (!strcmp(res->settings[s].name, name)) {
			*base = s;
			return 0;
		}
		if (used < sizeof(list))
			used += snprintf(list + used, sizeof(list) - used, "%s%s",
					 s ? ", " : "", res->settings[s].name);
	}
	return cli_usage_error(cmd, "no setting '%s' in %s (settings: %s)", name,
			       res->dir, list);
}

/* The report on standard output. 0, or -1 with the message in err. */
static int print_report(struct report *r, bool md, char *err, size_t errlen)
{
	int ret = report_write(r, stdout, md);

	if (!ret && fflush(stdout))
		ret = -EIO;
	if (ret)
		report_failure(r, ret, "standard output", err, errlen);
	return ret ? -1 : 0;
}

int cmd_report(int argc, char **argv)
{
	struct report_params p;
	struct sweep_results res;
	struct report r;
	char err[4096 + 1024];
	int ret;

	ret = parse_args(argc, argv, &p);
	if (ret)
		return ret < 0 ? 0 : ret;
	ret = sweep_results_load_joined(&res, p.dirs, p.ndirs, err,
					sizeof(err));
	if (ret) {
		cli_error(cmd, "%s", err);
		return 1;
	}
	memset(&r, 0, sizeof(r));
	r.res = &res;
	ret = find_baseline(&res, p.baseline, &r.base);
	if (ret)
		goto out;
	/* Printed, the report's header says it; into files, here too. */
	for (size_t i = 0; p.output && i < res.nbad; i++)
		fprintf(stderr, "schedscope %s: %s; left out\n", cmd, res.bad[i]);
	if (p.output)
		ret = report_write_files(&r, err, sizeof(err));
	else
		ret = print_report(&r, p.markdown, err, sizeof(err));
	if (ret) {
		cli_error(cmd, "%s", err);
		ret = 1;
	}
out:
	sweep_results_free(&res);
	return ret;
}
