// SPDX-License-Identifier: GPL-2.0
/*
 * The gnuplot script of each chart of `schedscope plot` (plot/script.h).
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "plot/script.h"

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
	gp_str(out, plot_charts[c].title);
	fputs(" . \"\\n\" . ", out);
	gp_str(out, sub);
	fputc('\n', out);
}

/*
 * Clustered bars with min..max error bars: switches_by_cause, cpu_share,
 * group_share.
 */
void plot_gp_bars(const struct plot_data *pd, enum plot_chart c, FILE *out)
{
	const struct plot_bars *bars = plot_bars_of(pd, c);
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
	if (c != PLOT_CPU_SHARE || bars->nrows > 8)
		fputs("set xtics rotate by -30\n", out);
	if (c == PLOT_TOOLS) {
		fputs("set xlabel \"tool: metric (its own output)\"\n"
		      "set ylabel ", out);
		gp_str(out, "a run's value / the mean of ");
		fputs(" . ", out);
		gp_str(out, pd->res->settings[0].name);
		fputs(" . \" (1: as there); mean, bars min..max\"\n"
		      "set arrow from graph 0, first 1 to graph 1, first 1 "
		      "nohead dt 2\n", out);
	} else if (c == PLOT_SWITCHES)
		fputs("set xlabel \"module counter\"\n"
		      "set ylabel \"per run: mean over the repetitions, bars "
		      "min..max\"\n", out);
	else if (c == PLOT_GROUP_SHARE)
		fputs("set xlabel \"group (cgroup)\"\n"
		      "set ylabel \"CPU time / (window x CPUs): mean, bars "
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
			first ? "" : ", \\\n    ", first ? plot_charts[c].name : "",
			first ? ".dat" : "",
			2 + 4 * s, 3 + 4 * s, 4 + 4 * s, first ? ":xtic(1)" : "");
		gp_str(out, pd->res->settings[s].name);
		first = false;
	}
	fputc('\n', out);
}

/* The longest setting name, in bytes. */
static size_t longest_setting(const struct plot_data *pd)
{
	size_t s, n, most = 0;

	for (s = 0; s < pd->nsettings; s++) {
		n = strlen(pd->res->settings[s].name);
		if (n > most)
			most = n;
	}
	return most;
}

/* One stacked bar per setting, a segment per decision class. */
void plot_gp_decisions(const struct plot_data *pd, enum plot_chart c,
		       FILE *out)
{
	bool first = true;
	size_t s, k;

	fputs("set style data histograms\n"
	      "set style histogram columnstacked\n"
	      "set style fill solid 0.85 border -1\n"
	      "set boxwidth 0.6\n"
	      "set xtics scale 0 rotate by 30 right\n"
	      "set yrange [0:100]\n"
	      "set grid ytics\n"
	      "set key outside right top\n"
	      "set ylabel \"% of the wakeups decided (mean over the "
	      "repetitions)\"\n", out);
	/* room under the frame for the longest name, turned */
	fprintf(out, "set bmargin %zu\n", longest_setting(pd) / 4 + 3);
	/* columnstacked: bar k stands at x = k, named here */
	fputs("set xtics (", out);
	for (s = 0, k = 0; s < pd->nsettings; s++) {
		if (!plot_setting_has(pd, c, s))
			continue;
		fputs(k ? ", " : "", out);
		gp_str(out, pd->res->settings[s].name);
		fprintf(out, " %zu", k++);
	}
	fputs(")\nplot", out);
	for (s = 0; s < pd->nsettings; s++) {
		if (!plot_setting_has(pd, c, s))
			continue;
		/* the segments' names from column 1 */
		fprintf(out, "%s '%s' using %zu%s title ",
			first ? "" : ", \\\n    ",
			first ? "wakeup_decisions.dat" : "", 2 + 4 * s,
			first ? ":key(1)" : "");
		gp_str(out, pd->res->settings[s].name);
		first = false;
	}
	fputc('\n', out);
}

void plot_gp_cdf(const struct plot_data *pd, enum plot_chart c, FILE *out)
{
	size_t s, block = 0;

	/*
	 * 1 - CDF on log axes: the tail, where settings differ, reads as
	 * plainly as the body (p99 at 0.01, p99.9 at 0.001); the last bucket,
	 * with none above it, has no point
	 */
	/* SI prefixes on x (1, 10, 100, 1k, ...): one tick format */
	fputs("set logscale xy 10\n"
	      "set autoscale xfix\n"
	      "set format x '%.0s%c'\n"
	      "set format y '%.0e'\n"
	      "set xlabel \"wakeup latency x, µs (the top of a log2 bucket; "
	      "log scale)\"\n"
	      "set ylabel \"fraction of wakeups longer than x (log scale; "
	      "lower is better)\"\n"
	      "set yrange [*:1]\n"
	      "set grid\n"
	      "set key bottom left\n"
	      "plot", out);
	for (s = 0; s < pd->nsettings; s++) {
		if (!plot_setting_has(pd, c, s))
			continue;
		fprintf(out, "%s '%s' index %zu using 3:(1 - $6 > 0 ? 1 - $6 : "
			"NaN) with linespoints pt 7 ps 0.6 lw 2 title ",
			block ? ", \\\n    " : "",
			block ? "" : "wakeup_latency_cdf.dat", block);
		gp_str(out, pd->res->settings[s].name);
		block++;
	}
	fputc('\n', out);
}

void plot_gp_lag(const struct plot_data *pd, enum plot_chart c, FILE *out)
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
	/* vns, vus: virtual time, the weighted clock EEVDF compares */
	fprintf(out, "set xlabel \"lag V - v at pick, %s%s (log2 buckets; below "
		"0: picked while not eligible)\"\nplot", pd->lag_unit,
		pd->lag_unit[0] == 'v' ? " = virtual time, a nice-0 task's "
		"run time" : "");
	for (s = 0; s < pd->nsettings; s++) {
		if (!plot_setting_has(pd, c, s))
			continue;
		fprintf(out, "%s '%s' using %zu%s title ",
			first ? "" : ", \\\n    ", first ? "lag_pick.dat" : "",
			4 + 2 * s, first ? ":xtic(1)" : "");
		gp_str(out, pd->res->settings[s].name);
		first = false;
	}
	fputc('\n', out);
}

/*
 * Every run's seconds the same (one run, or a tool that prints few
 * digits): a range of 5% around them, where gnuplot would warn of an empty
 * one and make its own.
 */
static void seconds_range(const struct plot_data *pd, FILE *out)
{
	double lo = INFINITY, hi = -INFINITY, d;
	size_t s;

	for (s = 0; s < pd->nsettings; s++) {
		if (!pd->seconds[s].n)
			continue;
		lo = fmin(lo, pd->seconds[s].min);
		hi = fmax(hi, pd->seconds[s].max);
	}
	if (!(lo == hi))
		return;
	d = lo ? fabs(lo) * 0.05 : 1;
	fprintf(out, "set yrange [%g:%g]\n", lo - d, hi + d);
}

void plot_gp_seconds(const struct plot_data *pd, enum plot_chart c,
		     FILE *out)
{
	unsigned int reps = pd->res->repetitions;
	/* The repetitions' points right of the mean, a little apart. */
	double step = reps > 1 ? 0.2 / (reps - 1) : 0;

	(void)c;
	fprintf(out, "set xrange [-0.5:%zu.5]\n"
		"set offsets 0, 0, graph 0.1, graph 0.1\n"
		"set xtics scale 0\n"
		"set grid ytics\n"
		"set key below\n"
		"set ylabel \"%s\"\n",
		pd->nsettings - 1, pd->seconds_own ?
		"seconds (the workload's own measure)" :
		"seconds (wall-clock, exec to exit, where the workload printed "
		"none)");
	seconds_range(pd, out);
	/*
	 * Long names side by side run together (NO_DELAY_DEQUEUE next to
	 * NO_DELAY_DEQUEUE,NO_PLACE_LAG): slanted, each ends at its tic.
	 */
	if (longest_setting(pd) * pd->nsettings > 60 || longest_setting(pd) > 20)
		/* The slanted names' height, in lines: half their length's. */
		fprintf(out, "set xtics rotate by 30 right\nset key above\n"
			"set bmargin %zu\n", longest_setting(pd) / 4 + 3);
	fprintf(out,
		"plot 'seconds.dat' index 0 using 1:3:4:5:xtic(2) with yerrorbars "
		"pt 7 ps 1.5 lw 2 lc rgb 'black' title \"mean, bars min..max\", "
		"\\\n"
		"    '' index 1 using ($1 + 0.12 + %g * $2):3 with points pt 6 "
		"ps 1.2 lw 1.5 lc rgb '#d62728' title \"each repetition\"\n",
		step);
}

void plot_script_write(const struct plot_data *pd, enum plot_chart c,
		       const struct plot_formats *fmts, FILE *out)
{
	const char *name = plot_charts[c].name;
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
	for (i = 0; i < fmts->n; i++) {
		if (!(fmts->chosen & fmts->format[i].flag))
			continue;
		/* The terminal before the first plot: none opens a window. */
		fprintf(out, "\nset terminal %s\nset output '%s.%s'\n",
			fmts->format[i].terminal, name, fmts->format[i].name);
		if (plotted) {
			fputs("replot\n", out);
			continue;
		}
		plotted = true;
		plot_charts[c].write_gp(pd, c, out);
	}
	fputs("unset output\n", out);
}
