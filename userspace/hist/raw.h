/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's histograms as it writes them (docs/interface.md, interface
 * 3): a line "# NAME: lo hi count" (NAME with its unit, "wakeup_lat_ns";
 * hist_percpu/<name> adds ", per cpu" and its CPUs follow as "cpu N" lines),
 * then one "lo hi count" line per non-empty bucket, lowest first, both
 * bounds inclusive; every line ends in '\n'. Numbers only: the layouts a
 * person reads are drawn from them (hist/text.c, hist/bcc.c).
 */
#ifndef SCHEDSCOPE_HIST_RAW_H
#define SCHEDSCOPE_HIST_RAW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hist/log2_hist.h"

/* Room for a bound printed in decimal, sign and NUL included. */
#define HIST_RAW_BOUND_MAX	24

/* A flavour's bucket rows: how many, and each one's bounds as printed. */
struct hist_raw_rows {
	unsigned int rows;
	void (*bounds)(unsigned int row, char lo[HIST_RAW_BOUND_MAX],
		       char hi[HIST_RAW_BOUND_MAX]);
	const char *kind;		/* "a log2 histogram", for errors */
};

/*
 * The header line at the start of buf: NAME into name, *per_cpu. Returns
 * its length with the '\n', or 0 with "line 1: ..." in err.
 */
size_t hist_raw_header(const char *buf, size_t len,
		       char name[LOG2_HIST_NAME_MAX], bool *per_cpu, char *err,
		       size_t errlen);

/*
 * The bucket lines at the start of buf, up to its end or the first line
 * that starts with neither a digit nor '-' ("cpu N"), into counts[] (rows
 * of them, cleared first); *used gets the bytes taken, *line counts the
 * lines. Refused with "line N: ..." in err: bounds that are not a bucket's
 * or not above the previous line's, a count of 0 or past UINT64_MAX, a
 * line that is not three numbers apart by one blank, or lacks its '\n'.
 * Returns 0 or -EINVAL.
 */
int hist_raw_parse_rows(const struct hist_raw_rows *f, const char *buf,
			size_t len, unsigned int *line, uint64_t *counts,
			size_t *used, char *err, size_t errlen);

#endif
