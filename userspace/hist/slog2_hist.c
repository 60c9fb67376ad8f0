// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>

#include "hist/raw.h"
#include "hist/text.h"
#include "hist/slog2_hist.h"

#define NEG_ROWS	(LOG2_HIST_BUCKETS - 1)	/* neg[64] .. neg[1] */

void slog2_hist_init(struct slog2_hist *h, const char *name)
{
	memset(h, 0, sizeof(*h));
	snprintf(h->name, sizeof(h->name), "%s", name);
}

static uint64_t magnitude(int64_t value)
{
	/* -(value + 1) + 1 keeps INT64_MIN defined. */
	return (uint64_t)(-(value + 1)) + 1;
}

unsigned int slog2_hist_row(int64_t value)
{
	if (value >= 0)
		return NEG_ROWS + log2_hist_bucket(value);
	return LOG2_HIST_BUCKETS - 1 - log2_hist_bucket(magnitude(value));
}

uint64_t slog2_hist_row_count(const struct slog2_hist *h, unsigned int row)
{
	if (row >= NEG_ROWS)
		return h->pos[row - NEG_ROWS];
	return h->neg[LOG2_HIST_BUCKETS - 1 - row];
}

uint64_t *slog2_hist_row_slot(struct slog2_hist *h, unsigned int row)
{
	if (row >= NEG_ROWS)
		return &h->pos[row - NEG_ROWS];
	return &h->neg[LOG2_HIST_BUCKETS - 1 - row];
}

/* -m for a magnitude 1..2^63. */
static int64_t negate(uint64_t m)
{
	return m == (1ull << 63) ? INT64_MIN : -(int64_t)m;
}

int64_t slog2_hist_row_min(unsigned int row)
{
	uint64_t m;

	if (row >= NEG_ROWS)
		return (int64_t)log2_hist_bucket_min(row - NEG_ROWS);
	/* Magnitudes of int64_t values end at 2^63 (INT64_MIN). */
	m = log2_hist_bucket_max(LOG2_HIST_BUCKETS - 1 - row);
	return negate(m > (1ull << 63) ? (1ull << 63) : m);
}

int64_t slog2_hist_row_max(unsigned int row)
{
	if (row >= NEG_ROWS) {
		uint64_t max = log2_hist_bucket_max(row - NEG_ROWS);

		return max > INT64_MAX ? INT64_MAX : (int64_t)max;
	}
	return negate(log2_hist_bucket_min(LOG2_HIST_BUCKETS - 1 - row));
}

void slog2_hist_row_label(unsigned int row, char label[LOG2_HIST_LABEL_MAX])
{
	unsigned int bucket;
	char ulabel[LOG2_HIST_LABEL_MAX];
	const char *comma;

	if (row >= NEG_ROWS) {
		log2_hist_bucket_label(row - NEG_ROWS, label);
		return;
	}
	bucket = LOG2_HIST_BUCKETS - 1 - row;
	if (bucket == 1) {
		snprintf(label, LOG2_HIST_LABEL_MAX, "[-1]");
		return;
	}
	/* "[lo, hi)" of the magnitudes becomes "(-hi, -lo]". */
	log2_hist_bucket_label(bucket, ulabel);
	comma = strchr(ulabel, ',');
	snprintf(label, LOG2_HIST_LABEL_MAX, "(-%.*s, -%.*s]",
		 (int)strlen(comma + 2) - 1, comma + 2,
		 (int)(comma - ulabel - 1), ulabel + 1);
}

bool slog2_hist_name_is_signed(const char *name)
{
	size_t len = strlen(name);

	return len >= 4 && !strcmp(name + len - 4, "_vns");
}

_Static_assert(SLOG2_HIST_ROWS <= HIST_TEXT_ROWS_MAX, "signed rows fit hist_text");

static const struct hist_text_flavour slog2_text = {
	.rows = SLOG2_HIST_ROWS,
	.row_label = slog2_hist_row_label,
};

int slog2_hist_print(const struct slog2_hist *h, FILE *out)
{
	uint64_t counts[SLOG2_HIST_ROWS];
	unsigned int row;

	for (row = 0; row < SLOG2_HIST_ROWS; row++)
		counts[row] = slog2_hist_row_count(h, row);
	return hist_text_print(&slog2_text, h->name, counts, out);
}

static void row_bounds(unsigned int row, char lo[HIST_RAW_BOUND_MAX],
		       char hi[HIST_RAW_BOUND_MAX])
{
	snprintf(lo, HIST_RAW_BOUND_MAX, "%lld",
		 (long long)slog2_hist_row_min(row));
	snprintf(hi, HIST_RAW_BOUND_MAX, "%lld",
		 (long long)slog2_hist_row_max(row));
}

static const struct hist_raw_rows slog2_raw = {
	.rows = SLOG2_HIST_ROWS,
	.bounds = row_bounds,
	.kind = "a signed log2 histogram",
};

int slog2_hist_parse_rows(struct slog2_hist *h, const char *buf, size_t len,
			  unsigned int *line, size_t *used, char *err,
			  size_t errlen)
{
	uint64_t counts[SLOG2_HIST_ROWS];
	unsigned int row;
	int ret;

	ret = hist_raw_parse_rows(&slog2_raw, buf, len, line, counts, used,
				  err, errlen);
	for (row = 0; !ret && row < SLOG2_HIST_ROWS; row++)
		*slog2_hist_row_slot(h, row) = counts[row];
	return ret;
}
