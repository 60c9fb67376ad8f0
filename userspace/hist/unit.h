/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Time units of `show --unit ns|us|ms`, and histograms moved to them.
 *
 * The module counts ns (map names "*_ns") and virtual-time ns ("*_vns").
 * runqlat -u puts log2(ns / 1000) in its buckets; from ns buckets alone that
 * is not exact, because one ns bucket [L, 2L) can straddle two us buckets.
 * Each ns bucket moves whole into the target bucket of its lower bound,
 * floor(L / divisor): every count stays a count of waits that happened, and
 * no bucket shows waits the ns histogram cannot place there. That target
 * bucket holds at least 95% of the ns bucket's range in us (90% in ms), so
 * a wait in the top 5% (10%) of its ns bucket shows one bucket lower than
 * runqlat -u, which divides each wait, would put it.
 */
#ifndef SCHEDSCOPE_HIST_UNIT_H
#define SCHEDSCOPE_HIST_UNIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hist/log2_hist.h"
#include "hist/slog2_hist.h"

enum hist_unit { HIST_UNIT_NS, HIST_UNIT_US, HIST_UNIT_MS };

/* "ns", "us", "ms". Returns 0 or -EINVAL. */
int hist_unit_parse(const char *s, enum hist_unit *unit);
const char *hist_unit_name(enum hist_unit unit);
uint64_t hist_unit_divisor(enum hist_unit unit);

/*
 * The map name in another unit: "wakeup_lat_ns" -> "wakeup_lat_us",
 * "lag_pick_vns" -> "lag_pick_vus". Returns false, with out a copy of name,
 * for a name without a time suffix (a histogram that is not rescaled).
 */
bool hist_unit_rename(const char *name, enum hist_unit unit, char *out,
		      size_t len);

/*
 * out = in with each bucket [L, 2L) moved whole to the bucket of
 * floor(L / divisor) (name copied). divisor >= 1.
 */
void log2_hist_rescale(const struct log2_hist *in, uint64_t divisor,
		       struct log2_hist *out);
/* The same for signed values; the division truncates toward zero. */
void slog2_hist_rescale(const struct slog2_hist *in, uint64_t divisor,
			struct slog2_hist *out);

#endif
