/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bcc's text layout of a log2 histogram: what runqlat.py and the other bcc
 * Python tools print through table.py's print_log2_hist() (_print_log2_hist
 * with strip_leading_zero off, stars_max 40):
 *
 *   "     %-19s : count     distribution\n"       header, val_type ("usecs")
 *   "%10d -> %-10d : %-8d |%-40s|\n"               one row per slot
 *
 * bcc's slot i (from bpf_log2l(v)) holds [2^(i-1), 2^i - 1] for i >= 2 and
 * both 0 and 1 in slot 1, printed "0 -> 1"; slots are printed from 1 up to
 * the last non-empty one. The stars are floor(40 * count / max). When the
 * last non-empty slot is above 32 the columns widen to 20, the header is
 * "               %-29s : count     distribution" and the bar is 20 wide.
 * An histogram with nothing past slot 0 prints nothing at all (bcc prints
 * no header when the last non-empty slot is 0; our buckets 0 and 1 both
 * land in slot 1, so only an empty histogram prints nothing).
 *
 * libbpf-tools (runqlat, C) print the same rows from slot 0 with a header of
 * "count    distribution" (four spaces): hist_bcc_print_libbpf().
 */
#ifndef SCHEDSCOPE_HIST_BCC_H
#define SCHEDSCOPE_HIST_BCC_H

#include <stdio.h>

#include "hist/log2_hist.h"

/* Returns 0, or -EIO if out reported an error. */
int hist_bcc_print(const struct log2_hist *h, const char *val_type, FILE *out);
int hist_bcc_print_libbpf(const struct log2_hist *h, const char *val_type,
			  FILE *out);

#endif
