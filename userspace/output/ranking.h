/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `schedscope show --by task|process|cgroup`: which tasks suffer, as
 * runqlat -L/-P would say it in one table: the keys with the highest p99
 * wait, then those with the most wait in all, each with its waits, total,
 * mean, p50, p99 and max (percentiles interpolated in the module's log2
 * buckets, as show's overview does; mean and max exact). Or one JSON
 * object with every key.
 */
#ifndef SCHEDSCOPE_OUTPUT_RANKING_H
#define SCHEDSCOPE_OUTPUT_RANKING_H

#include <stdio.h>

#include "kmod/ranking.h"

struct ranking_row {
	const struct ranking_entry *e;
	const char *name;		/* comm, or a cgroup's path */
	double total_ms, mean_us, p50_us, p99_us, max_us;
};

/*
 * The rows of r, names looked up through name_of (cgroups; NULL: the
 * comm), sorted by p99 (then total) descending. NULL: no memory.
 */
struct ranking_row *ranking_rows(const struct ranking *r,
				 const char *(*name_of)(void *ctx, uint64_t id),
				 void *ctx);

/* The two tables of at most top rows each; "#" lines around them. */
int ranking_print(FILE *out, const struct ranking *r,
		  const struct ranking_row *rows, size_t top, double seconds);
/* One JSON object: by, seconds, dropped, entries (every key, by p99). */
int ranking_print_json(FILE *out, const struct ranking *r,
		       const struct ranking_row *rows, double seconds);

#endif
