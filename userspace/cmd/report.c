// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope report: the tables people post about a sweep (docs/sweep.md),
 * from its result directory alone: means per setting, the mmtests-style
 * comparison with Welch's t-test, seconds against the baseline, CPU share
 * per task and group, wakeup latency histograms and summaries. Text or
 * markdown; every section only where the sweep has its data.
 *
 * Here: the command line and the order of the sections; the sections
 * themselves are in report*.c (report/report.h).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cmd/commands.h"
#include "report/report.h"
#include "sweep/results.h"

static const char *const cmd = "report";

struct report_params {
	bool markdown;
	bool output;			/* -o: DIR/report.txt and DIR/report.md */
	const char *format;		/* as given, for the conflict message */
	const char *baseline;
	const char *dir;
};

static void usage(FILE *out)
{
	fprintf(out,
"Usage: schedscope report [OPTIONS] DIR\n"
"\n"
"Print the tables of a sweep's result directory DIR (see `schedscope sweep`):\n"
"per setting the means over the repetitions (seconds, context switches,\n"
"migrations, the module's decisions), a comparison against the baseline\n"
"setting with Welch's t-test at 5%%, each repetition's seconds and their ratio\n"
"to the baseline, CPU share per task and group, and wakeup latency\n"
"histograms and summaries; each section only where the sweep has its data.\n"
"Runs whose workload failed are left out.\n"
"\n"
"  -f, --format FORMAT   text (default) or markdown\n"
"  -b, --baseline NAME   the setting the others are compared with (default:\n"
"                        the first)\n"
"  -o, --output          write DIR/report.txt and DIR/report.md instead of\n"
"                        printing\n"
CLI_HELP_HELP
"\n"
"Exit status: 0 success, 1 DIR unreadable or not a sweep, 2 bad command line\n"
"(also an unknown baseline).\n");
}

/* The whole report to out; 0, or -errno with r->msg for -EINVAL. */
static int write_report(struct report *r, FILE *out, bool md)
{
	r->out = out;
	r->md = md;
	r->error = 0;
	report_header(r);
	section_means(r);
	section_comparison(r);
	section_ratios(r);
	section_share(r);
	section_module_hists(r);
	section_latency_summary(r);
	section_workload_hists(r);
	if (!r->error && ferror(out))
		r->error = -EIO;
	return r->error;
}

static int report_error(const struct report *r, int ret, const char *what)
{
	if (ret == -EINVAL)
		cli_error(cmd, "%s", r->msg);
	else
		cli_error(cmd, "%s: %s", what, strerror(-ret));
	return 1;
}

/* Both formats into DIR/report.txt and DIR/report.md. */
static int write_files(struct report *r)
{
	static const char *const names[] = { "report.txt", "report.md" };
	char path[sizeof(r->res->dir) + 16];
	size_t i, len;
	char *text;
	FILE *mem, *f;
	int ret;

	for (i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "%s/%s", r->res->dir, names[i]);
		text = NULL;
		mem = open_memstream(&text, &len);
		if (!mem)
			return report_error(r, -errno, path);
		ret = write_report(r, mem, i == 1);
		if (fclose(mem) && !ret)
			ret = -EIO;
		if (ret) {
			free(text);
			return report_error(r, ret, path);
		}
		f = fopen(path, "w");
		if (!f) {
			cli_error(cmd, "%s: %s", path, strerror(errno));
			free(text);
			return 1;
		}
		if (fwrite(text, 1, len, f) != len || fclose(f)) {
			cli_error(cmd, "%s: write failed", path);
			free(text);
			return 1;
		}
		free(text);
	}
	return 0;
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
	p->dir = argv[optind++];
	return cli_no_arguments(cmd, argc, argv);
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
	ret = sweep_results_load(&res, p.dir, err, sizeof(err));
	if (ret) {
		cli_error(cmd, "%s", err);
		return 1;
	}
	memset(&r, 0, sizeof(r));
	r.res = &res;
	ret = find_baseline(&res, p.baseline, &r.base);
	if (ret)
		goto out;
	if (p.output) {
		ret = write_files(&r);
		goto out;
	}
	ret = write_report(&r, stdout, p.markdown);
	if (!ret && fflush(stdout))
		ret = -EIO;
	if (ret)
		ret = report_error(&r, ret, "standard output");
out:
	sweep_results_free(&res);
	return ret;
}
