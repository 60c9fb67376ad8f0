/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpftrace's text layout of a hist() map, shared by hist/log2_hist.c and
 * hist/slog2_hist.c (the layout and the parser's rules are in hist/log2_hist.h): the
 * name line, one row per bucket from the first to the last non-empty one,
 * a blank line. A flavour of histogram gives its rows' labels and how a
 * label is found at the start of a row line.
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
	/*
	 * Length of the label at the start of a row line (len > 0), or 0
	 * with "line N: ..." in err.
	 */
	size_t (*label_span)(const char *line, size_t len, unsigned int lineno,
			     char *err, size_t errlen);
	const char *kind;		/* "a log2 histogram" */
	/*
	 * Errors quote a bad count, name the column widths and say why a
	 * first or last row must not be empty.
	 */
	bool detailed_errors;
};

/* bpftrace's bar width in '@' for count out of max, in its float arithmetic. */
int hist_text_bar_width(uint64_t count, uint64_t max);

/*
 * Length of "[...]" or "(...)" at the start of line up to its first ')' or
 * ']', or 0 when there is none or it would not fit a label.
 */
size_t hist_text_label_end(const char *line, size_t len);

/* Print rows 0..f->rows - 1 of counts. Returns 0, or -EIO. */
int hist_text_print(const struct hist_text_flavour *f, const char *name,
		    const uint64_t *counts, FILE *out);

/*
 * Parse one histogram into name and counts (f->rows of them), both cleared
 * first. Returns 0, or -EINVAL with "line N: ..." in err and name and counts
 * left partly filled.
 */
int hist_text_parse(const struct hist_text_flavour *f, const char *buf,
		    size_t len, char name[LOG2_HIST_NAME_MAX], uint64_t *counts,
		    char *err, size_t errlen);

#endif
