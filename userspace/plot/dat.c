// SPDX-License-Identifier: GPL-2.0
/*
 * The tables of `schedscope plot` written as gnuplot data files, NAME.dat
 * (plot/data.h describes them).
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>

#include "plot/data.h"

static void put_num(FILE *out, double v)
{
	if (isnan(v))
		fputs(" -", out);
	else
		fprintf(out, " %.12g", v);
}

/* mean min max n; a summary of no values is "- - - 0". */
static void put_stat(FILE *out, const struct summary_stats *st)
{
	put_num(out, st->mean);
	put_num(out, st->min);
	put_num(out, st->max);
	fprintf(out, " %zu", st->n);
}

/*
 * Text from the sweep in a comment or a field: a control character would
 * end the comment line, so it becomes '?'; in a field, so does a blank
 * ('_') and a '"' ('\'').
 */
static void put_text(FILE *out, const char *s, bool field)
{
	for (; *s; s++) {
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			fputc(field && *s == '\t' ? '_' : '?', out);
		else if (field && *s == ' ')
			fputc('_', out);
		else if (field && *s == '"')
			fputc('\'', out);
		else
			fputc(*s, out);
	}
}

/* A setting's name in a column name: "NO_RUN_TO_PARITY.mean". */
static void put_column_name(FILE *out, const char *setting, const char *what)
{
	fputc(' ', out);
	put_text(out, setting, true);
	fprintf(out, ".%s", what);
}

/* A word as a quoted data field, as gnuplot's xtic(N) reads it. */
static void put_quoted(FILE *out, const char *s)
{
	const char *p;

	fputc('"', out);
	for (p = s; *p; p++)
		fputc((unsigned char)*p < 0x20 ? '?' : *p == '"' ? '\'' : *p,
		      out);
	fputc('"', out);
}

static void put_header(const struct plot_data *pd, enum plot_chart c,
		       const char *what, FILE *out)
{
	const struct sweep_results *res = pd->res;
	size_t s;

	fprintf(out, "# %s.dat: %s\n# written by `schedscope plot` from ",
		plot_charts[c].name, what);
	put_text(out, res->dir, false);
	fputs(" (workload: ", out);
	put_text(out, res->workload, false);
	fputs("; kernel ", out);
	put_text(out, res->kernel, false);
	fputs(")\n", out);
	for (s = 0; s < res->nsettings; s++) {
		fprintf(out, "# setting %zu: ", s);
		put_text(out, res->settings[s].name, false);
		fputc('\n', out);
	}
}

void plot_dat_cdf(const struct plot_data *pd, enum plot_chart c, FILE *out)
{
	size_t s, b;

	put_header(pd, c, "the module's wakeup_lat histogram "
		   "summed over each setting's repetitions, as a CDF; one block "
		   "per setting with wakeups; fraction: wakeups with a latency "
		   "below upper_us", out);
	for (s = 0; s < pd->nsettings; s++) {
		const struct plot_hist *h = &pd->lat[s];
		uint64_t cum = 0;

		if (!plot_setting_has(pd, c, s))
			continue;
		fprintf(out, "# setting %zu: ", s);
		put_text(out, pd->res->settings[s].name, false);
		fprintf(out, " (%zu runs, %" PRIu64 " wakeups)\n# lo_us hi_us "
			"upper_us count cumulative fraction\n", h->runs,
			h->total);
		for (b = 0; b < h->n; b++) {
			cum += h->count[b];
			fprintf(out, "%.12g %.12g %.12g %" PRIu64 " %" PRIu64
				" %.12g\n", h->lo[b] * pd->lat_us,
				h->hi[b] * pd->lat_us,
				plot_hist_upper(h, b) * pd->lat_us, h->count[b],
				cum, (double)cum / h->total);
		}
		fputs("\n\n", out);
	}
}

void plot_dat_lag(const struct plot_data *pd, enum plot_chart c, FILE *out)
{
	const struct plot_hist *all = &pd->lag_all;
	size_t s, b, j;

	put_header(pd, c, "the module's lag_pick histogram (lag "
		   "V - v of the picked entity) summed over each setting's "
		   "repetitions: per bucket the fraction and the number of the "
		   "setting's picks", out);
	fprintf(out, "# lag in %s; bucket: lo..hi inclusive\n# bucket lo hi",
		pd->lag_unit);
	for (s = 0; s < pd->nsettings; s++) {
		put_column_name(out, pd->res->settings[s].name, "fraction");
		put_column_name(out, pd->res->settings[s].name, "count");
	}
	fputc('\n', out);
	for (b = 0; b < all->n; b++) {
		fprintf(out, "%s %.12g %.12g", pd->lag_label[b], all->lo[b],
			all->hi[b]);
		for (s = 0; s < pd->nsettings; s++) {
			const struct plot_hist *h = &pd->lag[s];
			uint64_t n = 0;

			for (j = 0; j < h->n; j++)
				if (h->lo[j] == all->lo[b])
					n = h->count[j];
			if (!h->total) {
				fputs(" - -", out);
				continue;
			}
			put_num(out, (double)n / h->total);
			fprintf(out, " %" PRIu64, n);
		}
		fputc('\n', out);
	}
}

/* The bar charts' files: the name of their first column, and what they hold. */
static const struct {
	const char *first;
	const char *what;
} bar_files[PLOT_NCHARTS] = {
	[PLOT_SWITCHES] = { "cause", "module counters per run: mean, min, "
			    "max over each setting's repetitions" },
	[PLOT_DECISIONS] = { "class", "each wakeup decision class in % of a "
			     "run's decisions: mean, min, max over each "
			     "setting's repetitions" },
	[PLOT_TOOLS] = { "metric", "each number of the tools' own output, a "
			 "run's value over the first setting's mean: mean, "
			 "min, max over each setting's repetitions" },
	[PLOT_CPU_SHARE] = { "task", "the workload's cpu_share per task (CPU "
			     "time / elapsed): mean, min, max over each "
			     "setting's repetitions" },
	[PLOT_GROUP_SHARE] = { "group", "each group's CPU time in the run's "
			       "window / (window x CPUs), from its cgroup: "
			       "mean, min, max over each setting's "
			       "repetitions" },
};

void plot_dat_bars(const struct plot_data *pd, enum plot_chart c,
		       FILE *out)
{
	const struct plot_bars *bars = plot_bars_of(pd, c);
	size_t s, r;

	put_header(pd, c, bar_files[c].what, out);
	fprintf(out, "# %s", bar_files[c].first);
	for (s = 0; s < pd->nsettings; s++) {
		put_column_name(out, pd->res->settings[s].name, "mean");
		put_column_name(out, pd->res->settings[s].name, "min");
		put_column_name(out, pd->res->settings[s].name, "max");
		put_column_name(out, pd->res->settings[s].name, "n");
	}
	fputc('\n', out);
	for (r = 0; r < bars->nrows; r++) {
		/* Quoted: a task label could start with '#'. */
		put_quoted(out, bars->row[r]);
		for (s = 0; s < pd->nsettings; s++)
			put_stat(out, &bars->stat[r * pd->nsettings + s]);
		fputc('\n', out);
	}
}

void plot_dat_seconds(const struct plot_data *pd, enum plot_chart c,
		      FILE *out)
{
	const struct sweep_results *res = pd->res;
	size_t s, r;
	double v;

	put_header(pd, c, "the workload's seconds per setting "
		   "(block 0: mean, min, max over the repetitions; block 1: "
		   "each run)", out);
	fputs("# index setting mean min max n\n", out);
	for (s = 0; s < pd->nsettings; s++) {
		fprintf(out, "%zu ", s);
		put_quoted(out, res->settings[s].name);
		put_stat(out, &pd->seconds[s]);
		fputc('\n', out);
	}
	fputs("\n\n# index repetition seconds\n", out);
	for (s = 0; s < pd->nsettings; s++) {
		for (r = 0; r < res->settings[s].nruns; r++) {
			const struct sweep_run *run = res->settings[s].runs[r];

			bool own;

			v = sweep_run_seconds(run, &own);
			if (sweep_run_used(run) && !isnan(v))
				fprintf(out, "%zu %u %.12g\n", s, run->repetition,
					v);
		}
	}
}

int plot_data_write(const struct plot_data *pd, enum plot_chart c, FILE *out)
{
	plot_charts[c].write_dat(pd, c, out);
	return ferror(out) ? -EIO : 0;
}
