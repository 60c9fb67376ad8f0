// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope plot: gnuplot charts of a sweep's result directory. Here: the
 * command line, and what is said on the way; the charts' numbers are
 * plot/data.c's, their scripts plot/script.c's, their files and gnuplot's
 * run plot/charts.c's.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cmd/commands.h"
#include "plot/charts.h"
#include "results/sweep_results.h"

static const char *const cmd = "plot";

enum { PLOT_PNG = 1, PLOT_SVG = 2 };

static const struct plot_format formats[] = {
	{ PLOT_PNG, "png", "pngcairo size 1000,600 noenhanced font \"sans,10\"" },
	{ PLOT_SVG, "svg", "svg size 1000,600 noenhanced font \"sans,10\" "
	  "background rgb 'white'" },
};

#define NFORMATS	(sizeof(formats) / sizeof(formats[0]))

struct plot_params {
	const char *const *dirs;	/* one, or sweeps to join */
	size_t ndirs;
	char outdir[4096];
	unsigned int formats;		/* PLOT_PNG | PLOT_SVG */
	bool data_only;			/* no gnuplot: .dat and .gp only */
};

/* NAME and what it shows, a line each, continuations under the text. */
static void print_charts(FILE *out)
{
	const char *help, *nl;
	size_t c;

	for (c = 0; c < PLOT_NCHARTS; c++) {
		help = plot_charts[c].help;
		fprintf(out, "  %-20s  ", plot_charts[c].name);
		while ((nl = strchr(help, '\n'))) {
			fprintf(out, "%.*s\n%24s", (int)(nl - help), help, "");
			help = nl + 1;
		}
		fprintf(out, "%s\n", help);
	}
}

static void usage(FILE *out)
{
	fprintf(out,
"Usage: schedscope plot [-o OUTDIR] [--format png,svg | --data-only] DIR [DIR...]\n"
"\n"
"Draw the results of `schedscope sweep` in DIR with gnuplot: per chart\n"
"OUTDIR/NAME.dat (the numbers), OUTDIR/NAME.gp (a gnuplot script reading\n"
"them: edit it and rerun `gnuplot NAME.gp` in OUTDIR) and the pictures.\n"
"Several DIRs (sweeps of one workload) are drawn side by side, as `report`\n"
"joins them; -o is needed then.\n"
"Charts, each where the sweep has its data:\n");
	print_charts(out);
	fprintf(out,
"Runs whose workload failed (exit status not 0) are left out.\n"
"\n"
"  -o, --output OUTDIR   where to write (default DIR/plots)\n"
"      --format LIST     png, svg or png,svg (default): pngcairo and svg\n"
"                        terminals, 1000x600\n"
"      --data-only       the .dat and .gp files only, without gnuplot (to\n"
"                        draw elsewhere: `gnuplot NAME.gp` in OUTDIR)\n"
CLI_HELP_HELP
"\n"
"Needs gnuplot on PATH (Debian: apt-get install gnuplot-nox).\n");
}

static int parse_formats(const char *s, unsigned int *out)
{
	const char *p = s, *end;
	size_t i, len;

	*out = 0;
	for (;;) {
		end = strchrnul(p, ',');
		len = end - p;
		for (i = 0; i < NFORMATS; i++)
			if (len == strlen(formats[i].name) &&
			    !strncmp(p, formats[i].name, len))
				break;
		if (i == NFORMATS)
			return cli_usage_error(cmd, "--format: '%.*s' is not png "
					       "or svg", (int)len, p);
		*out |= formats[i].flag;
		if (!*end)
			return 0;
		p = end + 1;
	}
}

/* What the options give: the params, and -o before it becomes p->outdir. */
struct plot_args {
	struct plot_params *p;
	const char *outdir;
};

static int take_option(void *params, int opt, const char *arg)
{
	struct plot_args *args = params;

	if (opt == 'o') {
		if (!*arg)
			return cli_usage_error(cmd, "-o: empty directory name");
		args->outdir = arg;
		return 0;
	}
	if (opt == OPT_FIRST_COMMAND_OPT + 1) {
		args->p->data_only = true;
		return 0;
	}
	return parse_formats(arg, &args->p->formats);	/* --format */
}

static const struct option options[] = {
	{ "output", required_argument, NULL, 'o' },
	{ "format", required_argument, NULL, OPT_FIRST_COMMAND_OPT },
	{ "data-only", no_argument, NULL, OPT_FIRST_COMMAND_OPT + 1 },
	CLI_HELP_OPTION,
	{ NULL, 0, NULL, 0 },
};

static const struct cli_command_options plot_options = {
	.cmd = "plot",
	.usage = usage,
	.optstring = ":ho:",
	.options = options,
	.take = take_option,
};

static int parse_params(int argc, char **argv, struct plot_params *p)
{
	struct cli_common_params common = { 0 };
	struct plot_args args = { .p = p };
	const char *outdir;
	int ret;

	memset(p, 0, sizeof(*p));
	p->formats = PLOT_PNG | PLOT_SVG;
	ret = cli_parse_options(&plot_options, argc, argv, &common, &args);
	if (ret)
		return ret;
	if (optind == argc)
		return cli_usage_error(cmd, "no result directory given");
	p->dirs = (const char *const *)argv + optind;
	p->ndirs = argc - optind;
	outdir = args.outdir;
	if (p->ndirs > 1 && !outdir)
		return cli_usage_error(cmd, "several sweeps: say where the "
				       "charts go with -o OUTDIR");
	if ((size_t)snprintf(p->outdir, sizeof(p->outdir), outdir ? "%s" :
			     "%s/plots", outdir ? outdir : p->dirs[0]) >=
	    sizeof(p->outdir))
		return cli_usage_error(cmd, "%s: path too long",
				       outdir ? outdir : p->dirs[0]);
	return 0;
}

/* Runs left out because their workload failed, named on stdout. */
static void note_failed_runs(const struct sweep_results *res)
{
	size_t i;

	for (i = 0; i < res->nruns; i++)
		if (!sweep_run_used(&res->runs[i]))
			printf("note: %s: workload exit status %d, left out\n",
			       res->runs[i].path, res->runs[i].exit_status);
}

/* Every .dat and .gp first: they are there even without gnuplot. 0 or 1. */
static int write_charts(const struct plot_data *pd, const struct plot_output *o)
{
	char err[8192];
	int c;

	for (c = 0; c < PLOT_NCHARTS; c++) {
		if (pd->have[c] && plot_chart_write(pd, c, o, err, sizeof(err))) {
			cli_error(cmd, "%s", err);
			return 1;
		}
	}
	return 0;
}

/* "wrote   NAME  OUTDIR/NAME.png ...": the pictures of chart c. */
static void print_written(enum plot_chart c, const struct plot_output *o)
{
	size_t i;

	printf("wrote   %-20s", plot_charts[c].name);
	for (i = 0; i < o->fmts.n; i++)
		if (o->fmts.chosen & o->fmts.format[i].flag)
			printf(" %s/%s.%s", o->dir, plot_charts[c].name,
			       o->fmts.format[i].name);
	putchar('\n');
}

/* --data-only: "wrote   NAME  OUTDIR/NAME.dat OUTDIR/NAME.gp" per chart. */
static int list_data(const struct plot_data *pd, const struct plot_output *o)
{
	int c;

	for (c = 0; c < PLOT_NCHARTS; c++) {
		if (!pd->have[c])
			printf("skipped %-20s %s\n", plot_charts[c].name,
			       pd->why[c]);
		else
			printf("wrote   %-20s %s/%s.dat %s/%s.gp\n",
			       plot_charts[c].name, o->dir, plot_charts[c].name,
			       o->dir, plot_charts[c].name);
	}
	return 0;
}

/* gnuplot on each chart there is; the others named as skipped. 0 or 1. */
static int draw_charts(const struct plot_data *pd, const struct plot_output *o)
{
	char err[8192];
	int c, ret, status = 0;
	size_t written = 0;

	for (c = 0; c < PLOT_NCHARTS; c++) {
		if (!pd->have[c]) {
			printf("skipped %-20s %s\n", plot_charts[c].name, pd->why[c]);
			continue;
		}
		ret = plot_chart_draw(c, o, err, sizeof(err));
		if (ret == -ENOENT) {
			cli_error(cmd, "gnuplot is not on PATH: install it "
				  "(Debian: apt-get install gnuplot-nox); the "
				  "data and scripts are in %s", o->dir);
			return 1;
		}
		if (ret) {
			cli_error(cmd, "%s", err);
			status = 1;
		} else {
			print_written(c, o);
			written++;
		}
	}
	if (!written && !status) {
		cli_error(cmd, "%s: nothing to plot", pd->res->dir);
		status = 1;
	}
	return status;
}

int cmd_plot(int argc, char **argv)
{
	struct sweep_results res;
	struct plot_params p;
	struct plot_output o;
	struct plot_data pd;
	char err[8192];
	int ret, status = 1;

	ret = parse_params(argc, argv, &p);
	if (ret)
		return ret < 0 ? 0 : ret;
	if (sweep_results_load_joined(&res, p.dirs, p.ndirs, err,
				      sizeof(err))) {
		cli_error(cmd, "%s", err);
		return 1;
	}
	for (size_t i = 0; i < res.nbad; i++)
		fprintf(stderr, "schedscope %s: %s; left out\n", cmd, res.bad[i]);
	if (!res.nruns) {
		cli_error(cmd, "%s/sweep.json: no runs in it, nothing to plot",
			  res.dir);
		goto out_res;
	}
	if (plot_data_build(&pd, &res, err, sizeof(err))) {
		cli_error(cmd, "%s", err);
		goto out_res;
	}
	note_failed_runs(&res);
	o.dir = p.outdir;
	o.fmts.format = formats;
	o.fmts.n = NFORMATS;
	o.fmts.chosen = p.formats;
	if (plot_output_dir(o.dir, err, sizeof(err))) {
		cli_error(cmd, "%s", err);
		goto out_pd;
	}
	status = write_charts(&pd, &o);
	if (!status)
		status = p.data_only ? list_data(&pd, &o) : draw_charts(&pd, &o);
out_pd:
	plot_data_free(&pd);
out_res:
	sweep_results_free(&res);
	if (fflush(stdout))
		status = 1;
	return status;
}
