// SPDX-License-Identifier: GPL-2.0
/* bpftrace's layout of a hist() map drawn (hist/text.h). */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "hist/text.h"

/* Column widths of bpftrace's TextOutput::hist_to_str(). */
#define LABEL_WIDTH	16
#define COUNT_WIDTH	8

/* The float arithmetic is bpftrace's: integer math rounds differently. */
static int bar_width(uint64_t count, uint64_t max)
{
	return (float)count / (float)max * LOG2_HIST_BAR_WIDTH;
}

void hist_text_rows(const uint64_t *counts, unsigned int n, int *first,
		    int *last, uint64_t *max)
{
	unsigned int row;

	*first = *last = -1;
	*max = 0;
	for (row = 0; row < n; row++) {
		if (!counts[row])
			continue;
		if (*first < 0)
			*first = row;
		*last = row;
		if (counts[row] > *max)
			*max = counts[row];
	}
}

int hist_text_print(const struct hist_text_flavour *f, const char *name,
		    const uint64_t *counts, FILE *out)
{
	char label[LOG2_HIST_LABEL_MAX], bar[LOG2_HIST_BAR_WIDTH + 1];
	int first, last, row, width;
	uint64_t max;

	hist_text_rows(counts, f->rows, &first, &last, &max);
	fprintf(out, "@%s: \n", name);
	for (row = first; first >= 0 && row <= last; row++) {
		f->row_label(row, label);
		width = bar_width(counts[row], max);
		memset(bar, '@', width);
		bar[width] = '\0';
		fprintf(out, "%-*s%*" PRIu64 " |%-*s|\n", LABEL_WIDTH, label,
			COUNT_WIDTH, counts[row], LOG2_HIST_BAR_WIDTH, bar);
	}
	fputc('\n', out);
	return ferror(out) ? -EIO : 0;
}
