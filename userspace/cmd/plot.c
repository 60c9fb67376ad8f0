// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope plot: gnuplot charts of a sweep's result directory. Per chart
 * it writes NAME.dat (plot/data.c) and NAME.gp, a script that reads it and
 * that a user can edit and rerun in OUTDIR with `gnuplot NAME.gp`, then runs
 * gnuplot on it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cmd/commands.h"
#include "plot/data.h"
#include "sweep/results.h"

static const char *const cmd = "plot";

enum { PLOT_PNG = 1, PLOT_SVG = 2 };

static const struct {
	unsigned int flag;
	const char *name;
	const char *terminal;
} formats[] = {
	{ PLOT_PNG, "png", "pngcairo size 1000,600 noenhanced font \"sans,10\"" },
	{ PLOT_SVG, "svg", "svg size 1000,600 noenhanced font \"sans,10\" "
	  "background rgb 'white'" },
};

#define NFORMATS	(sizeof(formats) / sizeof(formats[0]))

static const char *const titles[PLOT_NCHARTS] = {
	[PLOT_WAKEUP_CDF] = "Wakeup latency CDF (module: wakeup_lat, all "
			    "repetitions)",
	[PLOT_LAG_PICK] = "Lag V - v of the picked entity (module: lag_pick, "
			  "all repetitions)",
	[PLOT_SWITCHES] = "Switches and scheduler events by cause (module "
			  "counters per run)",
	[PLOT_CPU_SHARE] = "CPU share per task (workload's cpu_share)",
	[PLOT_SECONDS] = "Workload seconds per setting",
};

struct plot_params {
	const char *dir;
	char outdir[4096];
	unsigned int formats;		/* PLOT_PNG | PLOT_SVG */
};

static void usage(FILE *out)
{
	fprintf(out,
"Usage: schedscope plot [-o OUTDIR] [--format png,svg] DIR\n"
"\n"
"Draw the results of `schedscope sweep` in DIR with gnuplot: per chart\n"
"OUTDIR/NAME.dat (the numbers), OUTDIR/NAME.gp (a gnuplot script reading\n"
"them: edit it and rerun `gnuplot NAME.gp` in OUTDIR) and the pictures.\n"
"Charts, each where the sweep has its data:\n"
"  wakeup_latency_cdf    the module's wakeup_lat histogram as a CDF\n"
"  lag_pick              the module's lag_pick histogram, fraction of picks\n"
"  switches_by_cause     module switch counters, mean and min..max per run\n"
"  cpu_share             the workload's cpu_share per task\n"
"  seconds               the workload's seconds, mean, min..max and each run\n"
"Runs whose workload failed (exit status not 0) are left out.\n"
"\n"
"  -o, --output OUTDIR   where to write (default DIR/plots)\n"
"      --format LIST     png, svg or png,svg (default): pngcairo and svg\n"
"                        terminals, 1000x600\n"
"  -h, --help            this text\n"
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

static int parse_params(int argc, char **argv, struct plot_params *p)
{
	static const struct option options[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "format", required_argument, NULL, OPT_FIRST_COMMAND_OPT },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *outdir = NULL;
	int opt, ret;

	memset(p, 0, sizeof(*p));
	p->formats = PLOT_PNG | PLOT_SVG;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":ho:", options, NULL)) != -1) {
		switch (opt) {
		case 'o':
			if (!*optarg)
				return cli_usage_error(cmd, "-o: empty directory "
						       "name");
			outdir = optarg;
			break;
		case OPT_FIRST_COMMAND_OPT:
			ret = parse_formats(optarg, &p->formats);
			if (ret)
				return ret;
			break;
		case 'h':
			usage(stdout);
			return -1;
		default:
			return cli_bad_option(cmd, opt, argv);
		}
	}
	if (optind == argc)
		return cli_usage_error(cmd, "no result directory given");
	if (optind + 1 < argc)
		return cli_unexpected_argument(cmd, argv[optind + 1]);
	p->dir = argv[optind];
	if ((size_t)snprintf(p->outdir, sizeof(p->outdir), outdir ? "%s" :
			     "%s/plots", outdir ? outdir : p->dir) >=
	    sizeof(p->outdir))
		return cli_usage_error(cmd, "%s: path too long",
				       outdir ? outdir : p->dir);
	return 0;
}

/* A gnuplot string in double quotes: '\' and '"' escaped, one line. */
static void gp_str(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', out);
		fputc(*s == '\n' ? ' ' : *s, out);
	}
	fputc('"', out);
}

static void gp_title(const struct plot_data *pd, enum plot_chart c, FILE *out)
{
	const struct sweep_results *res = pd->res;
	char sub[2048];
	int n;

	n = snprintf(sub, sizeof(sub), "workload: %s | kernel %s | %zu runs",
		     res->workload, res->kernel, pd->runs_used);
	if (!res->complete && n > 0 && (size_t)n < sizeof(sub))
		snprintf(sub + n, sizeof(sub) - n, " | incomplete%s%s",
			 res->stopped_by[0] ? ": " : "", res->stopped_by);
	fputs("set title ", out);
	gp_str(out, titles[c]);
	fputs(" . \"\\n\" . ", out);
	gp_str(out, sub);
	fputc('\n', out);
}

/* Clustered bars with min..max error bars: switches_by_cause, cpu_share. */
static void gp_bars(const struct plot_data *pd, enum plot_chart c, FILE *out)
{
	const struct plot_bars *bars = c == PLOT_SWITCHES ? &pd->switches :
				       &pd->share;
	bool first = true;
	size_t s;

	fputs("set style data histograms\n"
	      "set style histogram errorbars gap 1 lw 1\n"
	      "set style fill solid 0.8 border -1\n"
	      "set xtics scale 0\n"
	      "set yrange [0:*]\n"
	      "set grid ytics\n"
	      "set key top right\n", out);
	/* The counters' names are long: slanted, they do not run together. */
	if (c == PLOT_SWITCHES || bars->nrows > 8)
		fputs("set xtics rotate by -30\n", out);
	if (c == PLOT_SWITCHES)
		fputs("set xlabel \"module counter\"\n"
		      "set ylabel \"per run: mean over the repetitions, bars "
		      "min..max\"\n", out);
	else
		fputs("set xlabel \"task\"\n"
		      "set ylabel \"CPU time / elapsed (1 = one CPU): mean, "
		      "bars min..max\"\n", out);
	fputs("plot", out);
	for (s = 0; s < pd->nsettings; s++) {
		if (!plot_setting_has(pd, c, s))
			continue;
		fprintf(out, "%s '%s%s' using %zu:%zu:%zu%s title ",
			first ? "" : ", \\\n    ", first ? plot_chart_name[c] : "",
			first ? ".dat" : "",
			2 + 4 * s, 3 + 4 * s, 4 + 4 * s, first ? ":xtic(1)" : "");
		gp_str(out, pd->res->settings[s].name);
		first = false;
	}
	fputc('\n', out);
}

static void gp_cdf(const struct plot_data *pd, FILE *out)
{
	size_t s, block = 0;

	fputs("set logscale x 10\n"
	      "set format x '%g'\n"
	      "set xlabel \"wakeup latency, µs (upper bound of the log2 bucket; "
	      "log scale)\"\n"
	      "set ylabel \"fraction of wakeups below x\"\n"
	      "set yrange [0:1]\n"
	      "set ytics 0.1\n"
	      "set grid\n"
	      "set key bottom right\n"
	      "plot", out);
	for (s = 0; s < pd->nsettings; s++) {
		if (!plot_setting_has(pd, PLOT_WAKEUP_CDF, s))
			continue;
		fprintf(out, "%s '%s' index %zu using 3:6 with linespoints pt 7 "
			"ps 0.6 lw 2 title ", block ? ", \\\n    " : "",
			block ? "" : "wakeup_latency_cdf.dat", block);
		gp_str(out, pd->res->settings[s].name);
		block++;
	}
	fputc('\n', out);
}

static void gp_lag(const struct plot_data *pd, FILE *out)
{
	bool first = true;
	size_t s;

	fputs("set style data histograms\n"
	      "set style histogram clustered gap 1\n"
	      "set style fill solid 0.8 border -1\n"
	      "set xtics rotate by -60 scale 0\n"
	      "set yrange [0:*]\n"
	      "set grid ytics\n"
	      "set key top left\n"
	      "set ylabel \"fraction of the setting's picks\"\n", out);
	fprintf(out, "set xlabel \"lag V - v at pick, %s (log2 buckets; below "
		"0: picked while not eligible)\"\nplot", pd->lag_unit);
	for (s = 0; s < pd->nsettings; s++) {
		if (!plot_setting_has(pd, PLOT_LAG_PICK, s))
			continue;
		fprintf(out, "%s '%s' using %zu%s title ",
			first ? "" : ", \\\n    ", first ? "lag_pick.dat" : "",
			4 + 2 * s, first ? ":xtic(1)" : "");
		gp_str(out, pd->res->settings[s].name);
		first = false;
	}
	fputc('\n', out);
}

static void gp_seconds(const struct plot_data *pd, FILE *out)
{
	unsigned int reps = pd->res->repetitions;
	/* The repetitions' points right of the mean, a little apart. */
	double step = reps > 1 ? 0.2 / (reps - 1) : 0;

	fprintf(out, "set xrange [-0.5:%zu.5]\n"
		"set offsets 0, 0, graph 0.1, graph 0.1\n"
		"set xtics scale 0\n"
		"set grid ytics\n"
		"set key below\n"
		"set ylabel \"seconds (the workload's own measure)\"\n"
		"plot 'seconds.dat' index 0 using 1:3:4:5:xtic(2) with yerrorbars "
		"pt 7 ps 1.5 lw 2 lc rgb 'black' title \"mean, bars min..max\", "
		"\\\n"
		"    '' index 1 using ($1 + 0.12 + %g * $2):3 with points pt 6 "
		"ps 1.2 lw 1.5 lc rgb '#d62728' title \"each repetition\"\n",
		pd->nsettings - 1, step);
}

static void write_script(const struct plot_data *pd, enum plot_chart c,
			 unsigned int fmts, FILE *out)
{
	const char *name = plot_chart_name[c];
	bool plotted = false;
	size_t i;

	fprintf(out, "# %s.gp: written by `schedscope plot` from ", name);
	for (i = 0; pd->res->dir[i]; i++)	/* one comment line */
		fputc((unsigned char)pd->res->dir[i] < 0x20 ? '?' :
		      pd->res->dir[i], out);
	fprintf(out, ".\n# Reads %s.dat; run it in this directory: gnuplot "
		"%s.gp\nset encoding utf8\nset datafile missing '-'\n", name,
		name);
	gp_title(pd, c, out);
	for (i = 0; i < NFORMATS; i++) {
		if (!(fmts & formats[i].flag))
			continue;
		/* The terminal before the first plot: none opens a window. */
		fprintf(out, "\nset terminal %s\nset output '%s.%s'\n",
			formats[i].terminal, name, formats[i].name);
		if (plotted) {
			fputs("replot\n", out);
			continue;
		}
		plotted = true;
		switch (c) {
		case PLOT_WAKEUP_CDF:
			gp_cdf(pd, out);
			break;
		case PLOT_LAG_PICK:
			gp_lag(pd, out);
			break;
		case PLOT_SWITCHES:
		case PLOT_CPU_SHARE:
			gp_bars(pd, c, out);
			break;
		default:
			gp_seconds(pd, out);
			break;
		}
	}
	fputs("unset output\n", out);
}

/* OUTDIR/NAME.EXT; false if it does not fit. */
static bool out_path(char *buf, size_t len, const char *outdir,
		     const char *name, const char *ext)
{
	return (size_t)snprintf(buf, len, "%s/%s.%s", outdir, name, ext) < len;
}

/* NAME.dat and NAME.gp of chart c. 0, or 1 after a message. */
static int write_chart(const struct plot_data *pd, enum plot_chart c,
		       const struct plot_params *p)
{
	static const char *const ext[] = { "dat", "gp" };
	char path[4200];
	FILE *f;
	int i, err, ret = 0;

	for (i = 0; i < 2; i++) {
		if (!out_path(path, sizeof(path), p->outdir, plot_chart_name[c],
			      ext[i])) {
			cli_error(cmd, "%s: path too long", p->outdir);
			return 1;
		}
		f = fopen(path, "w");
		if (!f) {
			cli_error(cmd, "cannot write %s: %s", path, strerror(errno));
			return 1;
		}
		if (i == 0)
			ret = plot_data_write(pd, c, f);
		else
			write_script(pd, c, p->formats, f);
		err = ret || ferror(f) ? EIO : 0;
		if (fclose(f) && !err)
			err = errno;
		if (err) {
			cli_error(cmd, "cannot write %s: %s", path, strerror(err));
			return 1;
		}
	}
	return 0;
}

/*
 * Run `gnuplot SCRIPT` in outdir. Returns its wait status in *status and 0,
 * or -errno when it could not be started (-ENOENT: no gnuplot on PATH).
 */
static int run_gnuplot(const char *outdir, const char *script, int *status)
{
	int fds[2], child_err = 0;
	ssize_t n;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC))
		return -errno;
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		child_err = errno;
		close(fds[0]);
		close(fds[1]);
		return -child_err;
	}
	if (!pid) {
		/* exec closes the pipe; a failure writes errno into it. */
		close(fds[0]);
		if (!chdir(outdir))
			execlp("gnuplot", "gnuplot", script, (char *)NULL);
		child_err = errno;
		n = write(fds[1], &child_err, sizeof(child_err));
		_exit(n < 0 ? 126 : 127);
	}
	close(fds[1]);
	do
		n = read(fds[0], &child_err, sizeof(child_err));
	while (n < 0 && errno == EINTR);
	close(fds[0]);
	while (waitpid(pid, status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return n == sizeof(child_err) ? -child_err : 0;
}

/* Run gnuplot on chart c's script, say what it wrote. 0, 1 or -ENOENT. */
static int plot_chart(enum plot_chart c, const struct plot_params *p)
{
	char script[256];
	int status, ret;
	size_t i;

	snprintf(script, sizeof(script), "%s.gp", plot_chart_name[c]);
	ret = run_gnuplot(p->outdir, script, &status);
	if (ret == -ENOENT && access(p->outdir, X_OK) == 0)
		return ret;
	if (ret) {
		cli_error(cmd, "cannot run gnuplot %s in %s: %s", script,
			  p->outdir, strerror(-ret));
		return 1;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		cli_error(cmd, "gnuplot %s/%s failed (%s %d)", p->outdir, script,
			  WIFEXITED(status) ? "exit status" : "signal",
			  WIFEXITED(status) ? WEXITSTATUS(status) :
			  WTERMSIG(status));
		return 1;
	}
	printf("wrote   %-20s", plot_chart_name[c]);
	for (i = 0; i < NFORMATS; i++)
		if (p->formats & formats[i].flag)
			printf(" %s/%s.%s", p->outdir, plot_chart_name[c],
			       formats[i].name);
	putchar('\n');
	return 0;
}

static int make_outdir(const char *outdir)
{
	struct stat st;

	if (!mkdir(outdir, 0777))
		return 0;
	if (errno == EEXIST && !stat(outdir, &st) && S_ISDIR(st.st_mode))
		return 0;
	cli_error(cmd, "cannot create %s: %s", outdir,
		  errno == EEXIST ? "exists and is not a directory" :
		  strerror(errno));
	return 1;
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

int cmd_plot(int argc, char **argv)
{
	struct sweep_results res;
	struct plot_params p;
	struct plot_data pd;
	char err[8192];
	int c, ret, status = 0;
	size_t written = 0;

	ret = parse_params(argc, argv, &p);
	if (ret)
		return ret < 0 ? 0 : ret;
	if (sweep_results_load(&res, p.dir, err, sizeof(err))) {
		cli_error(cmd, "%s", err);
		return 1;
	}
	if (!res.nruns) {
		cli_error(cmd, "%s/sweep.json: no runs in it, nothing to plot",
			  res.dir);
		status = 1;
		goto out_res;
	}
	if (plot_data_build(&pd, &res, err, sizeof(err))) {
		cli_error(cmd, "%s", err);
		status = 1;
		goto out_res;
	}
	note_failed_runs(&res);
	if (make_outdir(p.outdir)) {
		status = 1;
		goto out_pd;
	}
	/* Every .dat and .gp first: they are there even without gnuplot. */
	for (c = 0; c < PLOT_NCHARTS; c++) {
		if (pd.have[c] && write_chart(&pd, c, &p)) {
			status = 1;
			goto out_pd;
		}
	}
	for (c = 0; c < PLOT_NCHARTS; c++) {
		if (!pd.have[c]) {
			printf("skipped %-20s %s\n", plot_chart_name[c], pd.why[c]);
			continue;
		}
		ret = plot_chart(c, &p);
		if (ret == -ENOENT) {
			cli_error(cmd, "gnuplot is not on PATH: install it "
				  "(Debian: apt-get install gnuplot-nox); the "
				  "data and scripts are in %s", p.outdir);
			status = 1;
			goto out_pd;
		}
		if (ret)
			status = 1;
		else
			written++;
	}
	if (!written && !status) {
		cli_error(cmd, "%s: nothing to plot", res.dir);
		status = 1;
	}
out_pd:
	plot_data_free(&pd);
out_res:
	sweep_results_free(&res);
	if (fflush(stdout))
		status = 1;
	return status;
}
