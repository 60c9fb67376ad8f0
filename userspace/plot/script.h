/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The gnuplot scripts of `schedscope plot`: NAME.gp reads NAME.dat
 * (plot/data.h) in its own directory and draws the chart once per chosen
 * terminal, so that a user can edit it and rerun `gnuplot NAME.gp` there.
 */
#ifndef SCHEDSCOPE_PLOT_SCRIPT_H
#define SCHEDSCOPE_PLOT_SCRIPT_H

#include <stddef.h>
#include <stdio.h>

#include "plot/data.h"

/* A picture format: the word of --format and the file's suffix. */
struct plot_format {
	unsigned int flag;
	const char *name;		/* "png" */
	const char *terminal;		/* gnuplot's `set terminal` arguments */
};

/* The formats on offer and the flags of those chosen. */
struct plot_formats {
	const struct plot_format *format;
	size_t n;
	unsigned int chosen;
};

/* Write chart c's NAME.gp to out (pd->have[c] must be true). */
void plot_script_write(const struct plot_data *pd, enum plot_chart c,
		       const struct plot_formats *fmts, FILE *out);

#endif
