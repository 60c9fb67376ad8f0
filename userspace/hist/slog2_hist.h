/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Signed power-of-two histograms: the module's EEVDF histograms (lag,
 * deadline distance), named with a "_vns" suffix (docs/interface.md,
 * "Signed histograms").
 *
 * Values >= 0 go into pos[] exactly as in struct log2_hist. A value v < 0
 * goes into neg[log2_hist_bucket(-v)]: neg[1] holds -1, neg[k] (k >= 2)
 * holds -2^(k-1) down to -(2^k - 1); neg[0] is never used. INT64_MIN goes
 * into neg[64].
 *
 * Text form: the bpftrace layout of hist/log2_hist.h, mirrored below zero. Rows
 * run from the most negative non-empty bucket to the most positive one,
 * empty ones between included; negative labels are "[-1]", "(-4, -2]",
 * "(-2K, -1K]", ... with the same K/M/G/T rule; the bar is scaled to the
 * largest count on either side.
 */
#ifndef SCHEDSCOPE_SLOG2_HIST_H
#define SCHEDSCOPE_SLOG2_HIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hist/log2_hist.h"

/* Rows: neg[64] .. neg[1], then pos[0] .. pos[63] (pos[64] would be past INT64_MAX). */
#define SLOG2_HIST_ROWS		(2 * LOG2_HIST_BUCKETS - 2)

struct slog2_hist {
	char name[LOG2_HIST_NAME_MAX];	/* map name without '@' */
	uint64_t neg[LOG2_HIST_BUCKETS];
	uint64_t pos[LOG2_HIST_BUCKETS];
};

void slog2_hist_init(struct slog2_hist *h, const char *name);

/* Row index 0..SLOG2_HIST_ROWS-1 of a value, and the count in a row. */
unsigned int slog2_hist_row(int64_t value);
uint64_t slog2_hist_row_count(const struct slog2_hist *h, unsigned int row);
/* Where a row's count is kept (to add to it). */
uint64_t *slog2_hist_row_slot(struct slog2_hist *h, unsigned int row);
/* Smallest and largest value of a row (both inclusive). */
int64_t slog2_hist_row_min(unsigned int row);
int64_t slog2_hist_row_max(unsigned int row);
/* Label of a row: "(-4, -2]", "[-1]", "[0]", "[2, 4)". */
void slog2_hist_row_label(unsigned int row, char label[LOG2_HIST_LABEL_MAX]);

/* Print in the signed bpftrace layout. Returns 0, or -EIO. */
int slog2_hist_print(const struct slog2_hist *h, FILE *out);

/*
 * The module's bucket lines of a signed histogram (hist/raw.h) into h,
 * whose name is set; the rules of hist_raw_parse_rows(). 0 or -EINVAL.
 */
int slog2_hist_parse_rows(struct slog2_hist *h, const char *buf, size_t len,
			  unsigned int *line, size_t *used, char *err,
			  size_t errlen);

/* True when a histogram's map name marks it as signed (ends in "_vns"). */
bool slog2_hist_name_is_signed(const char *name);

#endif
