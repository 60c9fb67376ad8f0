/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpftrace's text layout of a hist() map, drawn for hist/log2_hist.c and
 * hist/slog2_hist.c (the layout is in hist/log2_hist.h): the name line, one
 * row per bucket from the first to the last non-empty one, a blank line. A
 * flavour of histogram gives its rows' labels.
 */
#ifndef SCHEDSCOPE_HIST_TEXT_H
#define SCHEDSCOPE_HIST_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hist/log2_hist.h"

/* Rows of the largest flavour, the signed histogram. */
#define HIST_TEXT_ROWS_MAX	(2 * LOG2_HIST_BUCKETS - 2)

struct hist_text_flavour {
	unsigned int rows;		/* at most HIST_TEXT_ROWS_MAX */
	void (*row_label)(unsigned int row, char label[LOG2_HIST_LABEL_MAX]);
};

/*
 * The rows a layout prints, the first to the last non-empty one of
 * counts[0..n - 1] (both -1 when every count is 0), and the largest count,
 * which scales the bars.
 */
void hist_text_rows(const uint64_t *counts, unsigned int n, int *first,
		    int *last, uint64_t *max);

/* Print rows 0..f->rows - 1 of counts. Returns 0, or -EIO. */
int hist_text_print(const struct hist_text_flavour *f, const char *name,
		    const uint64_t *counts, FILE *out);

#endif
