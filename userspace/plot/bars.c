// SPDX-License-Identifier: GPL-2.0
/* Bars of a chart filled run by run (plot/bars.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot/bars.h"

size_t plot_most_runs(const struct sweep_results *res)
{
	size_t s, most = 0;

	for (s = 0; s < res->nsettings; s++)
		if (res->settings[s].nruns > most)
			most = res->settings[s].nruns;
	return most;
}

void plot_bars_init(struct plot_bars_values *bv, struct plot_bars *bars,
		    const struct sweep_results *res)
{
	bv->bars = bars;
	bv->nsettings = res->nsettings;
	bv->nruns = plot_most_runs(res);
	bv->v = NULL;
}

double *plot_bars_value(struct plot_bars_values *bv, size_t row, size_t s,
			size_t r)
{
	return &bv->v[(row * bv->nsettings + s) * bv->nruns + r];
}

long plot_bars_row(struct plot_bars_values *bv, const char *label)
{
	struct plot_bars *bars = bv->bars;
	size_t i, cells = bv->nsettings * bv->nruns;
	void *grown;

	for (i = 0; i < bars->nrows; i++)
		if (!strcmp(bars->row[i], label))
			return i;
	grown = realloc(bars->row, (bars->nrows + 1) * sizeof(*bars->row));
	if (!grown)
		return -1;
	bars->row = grown;
	grown = realloc(bv->v, (bars->nrows + 1) * cells * sizeof(*bv->v));
	if (!grown)
		return -1;
	bv->v = grown;
	snprintf(bars->row[bars->nrows], sizeof(bars->row[0]), "%s", label);
	for (i = 0; i < cells; i++)
		bv->v[bars->nrows * cells + i] = NAN;
	return bars->nrows++;
}

int plot_bars_finish(struct plot_bars_values *bv)
{
	struct plot_bars *bars = bv->bars;
	size_t cell, ncells = bars->nrows * bv->nsettings;

	bars->stat = calloc(ncells ? ncells : 1, sizeof(*bars->stat));
	for (cell = 0; bars->stat && cell < ncells; cell++)
		summary_stats_compute(&bv->v[cell * bv->nruns], bv->nruns,
				      &bars->stat[cell]);
	free(bv->v);
	bv->v = NULL;
	return bars->stat ? 0 : -ENOMEM;
}
