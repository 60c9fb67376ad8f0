/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The files of `schedscope plot` in its output directory: per chart
 * NAME.dat (plot/data.h) and NAME.gp (plot/script.h), then the pictures
 * gnuplot draws from them, run in that directory.
 *
 * Errors come back as a message in err for the caller to print.
 */
#ifndef SCHEDSCOPE_PLOT_CHARTS_H
#define SCHEDSCOPE_PLOT_CHARTS_H

#include <stddef.h>

#include "plot/data.h"
#include "plot/script.h"

struct plot_output {
	const char *dir;		/* OUTDIR */
	struct plot_formats fmts;
};

/* Create dir unless it is a directory already. 0, or -1 with a message. */
int plot_output_dir(const char *dir, char *err, size_t errlen);

/* Write chart c's NAME.dat and NAME.gp. 0, or -1 with a message. */
int plot_chart_write(const struct plot_data *pd, enum plot_chart c,
		     const struct plot_output *o, char *err, size_t errlen);

/*
 * Run `gnuplot NAME.gp` for chart c in o->dir. 0; -ENOENT and no message
 * when there is no gnuplot on PATH; else -1 with a message.
 */
int plot_chart_draw(enum plot_chart c, const struct plot_output *o,
		    char *err, size_t errlen);

#endif
