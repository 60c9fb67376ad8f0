// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>

#include "hist/raw.h"
#include "hist/text.h"
#include "hist/log2_hist.h"

void log2_hist_init(struct log2_hist *h, const char *name)
{
	memset(h, 0, sizeof(*h));
	snprintf(h->name, sizeof(h->name), "%s", name);
}

unsigned int log2_hist_bucket(uint64_t value)
{
	return value ? 64 - __builtin_clzll(value) : 0;
}

uint64_t log2_hist_bucket_min(unsigned int bucket)
{
	if (bucket < 2)
		return bucket;
	return 1ull << (bucket - 1);
}

uint64_t log2_hist_bucket_max(unsigned int bucket)
{
	uint64_t min = log2_hist_bucket_min(bucket);

	/* 2 * min - 1, written so that bucket 64 ends at UINT64_MAX. */
	return bucket < 2 ? min : min + (min - 1);
}

/* bpftrace's hist_index_label(): 2^power with a K/M/G/T suffix, none past T. */
static int power_label(char *buf, size_t len, unsigned int power)
{
	static const char suffixes[] = "KMGT";
	int level = power >= 40 ? 4 : power / 10;

	if (level == 0)
		return snprintf(buf, len, "%llu", 1ull << power);
	return snprintf(buf, len, "%llu%c", 1ull << (power - 10 * level),
			suffixes[level - 1]);
}

void log2_hist_bucket_label(unsigned int bucket, char label[LOG2_HIST_LABEL_MAX])
{
	char lo[24], hi[24];	/* 2^63 has 19 digits */

	if (bucket < 2) {
		snprintf(label, LOG2_HIST_LABEL_MAX, "[%u]", bucket);
		return;
	}
	power_label(lo, sizeof(lo), bucket - 1);
	power_label(hi, sizeof(hi), bucket);
	snprintf(label, LOG2_HIST_LABEL_MAX, "[%s, %s)", lo, hi);
}

static const struct hist_text_flavour log2_text = {
	.rows = LOG2_HIST_BUCKETS,
	.row_label = log2_hist_bucket_label,
};

int log2_hist_print(const struct log2_hist *h, FILE *out)
{
	return hist_text_print(&log2_text, h->name, h->buckets, out);
}

static void bucket_bounds(unsigned int bucket, char lo[HIST_RAW_BOUND_MAX],
			  char hi[HIST_RAW_BOUND_MAX])
{
	snprintf(lo, HIST_RAW_BOUND_MAX, "%llu",
		 (unsigned long long)log2_hist_bucket_min(bucket));
	snprintf(hi, HIST_RAW_BOUND_MAX, "%llu",
		 (unsigned long long)log2_hist_bucket_max(bucket));
}

static const struct hist_raw_rows log2_raw = {
	.rows = LOG2_HIST_BUCKETS,
	.bounds = bucket_bounds,
	.kind = "a log2 histogram",
};

int log2_hist_parse_rows(struct log2_hist *h, const char *buf, size_t len,
			 unsigned int *line, size_t *used, char *err,
			 size_t errlen)
{
	return hist_raw_parse_rows(&log2_raw, buf, len, line, h->buckets, used,
				   err, errlen);
}
