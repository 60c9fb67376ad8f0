/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Power-of-two histograms of u64 values, and their text form: what bpftrace
 * 0.17 prints for `print(@name)` of a hist() map, drawn from the numbers
 * the module's hist/<name> files hold (hist/raw.h, docs/interface.md).
 *
 * Buckets: 0 holds the value 0, 1 the value 1, k >= 2 the values
 * [2^(k-1), 2^k); bucket 64 ends at UINT64_MAX.
 *
 * Text form, one line per bucket from the lowest to the highest non-empty one:
 *
 *   "@name: \n"              (note the space bpftrace puts after the colon)
 *   "%-16s%8llu |%-52s|\n"   label, count, bar of '@' scaled to the largest
 *                            count as (int)((float)count / (float)max * 52)
 *   "\n"
 *
 * Labels: "[0]", "[1]", "[2, 4)", ..., "[512, 1K)", "[1K, 2K)", with K, M, G
 * and T for 2^10, 2^20, 2^30 and 2^40 and no larger suffix: "[1024T, 2048T)".
 * An empty histogram prints the name line and the blank line, as bpftrace does
 * for a map after zero(); after clear() bpftrace prints just "\n", which this
 * code neither prints nor parses.
 *
 * Differences from bpftrace 0.17 itself, all outside what it can print:
 *  - it has no buckets past [2G, 4G): before 0.20 its log2() puts every value
 *    from 2^31 to 2^63-1 in [2G, 4G). Buckets 33..64 here are labelled as its
 *    label code would label them, up to "[8388608T, 16777216T)".
 *  - it keeps counts in an int; counts above INT_MAX print correctly here.
 *  - it has a "(..., 0)" bucket for negative values.
 * The bar width must be computed in single-precision float as above: integer
 * count * 52 / max differs from it from max = 289313 upwards (count 250367
 * gives 45 '@', not 44; checked with bpftrace 0.17.0).
 */
#ifndef SCHEDSCOPE_LOG2_HIST_H
#define SCHEDSCOPE_LOG2_HIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define LOG2_HIST_BUCKETS	65
#define LOG2_HIST_NAME_MAX	64	/* including the NUL; without the '@' */
#define LOG2_HIST_BAR_WIDTH	52
#define LOG2_HIST_LABEL_MAX	64	/* room for any label and its NUL */

struct log2_hist {
	char name[LOG2_HIST_NAME_MAX];	/* map name without '@', may be "" */
	uint64_t buckets[LOG2_HIST_BUCKETS];
};

/* Empty histogram; name without '@', cut at LOG2_HIST_NAME_MAX - 1 bytes. */
void log2_hist_init(struct log2_hist *h, const char *name);

/* Bucket of a value, 0..64. */
unsigned int log2_hist_bucket(uint64_t value);
/* Smallest and largest value of a bucket (both inclusive). */
uint64_t log2_hist_bucket_min(unsigned int bucket);
uint64_t log2_hist_bucket_max(unsigned int bucket);
/* bpftrace's label of a bucket: "[0]", "[4, 8)", "[1K, 2K)". */
void log2_hist_bucket_label(unsigned int bucket, char label[LOG2_HIST_LABEL_MAX]);

/* Print in bpftrace's layout. Returns 0, or -EIO if out reported an error. */
int log2_hist_print(const struct log2_hist *h, FILE *out);

/*
 * The module's bucket lines (hist/raw.h) into h, whose name is set; the
 * rules of hist_raw_parse_rows(). 0 or -EINVAL.
 */
int log2_hist_parse_rows(struct log2_hist *h, const char *buf, size_t len,
			 unsigned int *line, size_t *used, char *err,
			 size_t errlen);

#endif
