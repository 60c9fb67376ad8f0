// SPDX-License-Identifier: GPL-2.0
/*
 * Histograms as terse text (docs/interface.md): a "#" line naming the map
 * and the columns, then one "lo hi count" line per non-empty bucket, lowest
 * first, both bounds inclusive. The bpftrace, bcc and libbpf-tools layouts
 * are drawn from these numbers by `schedscope show`.
 */
#include <linux/bits.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/seq_file.h>

#include "schedscope.h"

/*
 * Rows are numbered -64..64: row r < 0 is the negative bucket -r (values
 * -1, or (-2^k, -2^(k-1)]), row r >= 0 the bucket r of values >= 0.
 */
static u64 ss_hist_row_count(const struct ss_hist *h, int r)
{
	return r < 0 ? h->neg[-r] : h->buckets[r];
}

/* Bucket k >= 0 of values >= 0: 0, 1, then [2^(k-1), 2^k - 1]. */
static void ss_hist_bucket_bounds(unsigned int k, u64 *lo, u64 *hi)
{
	*lo = k < 2 ? k : BIT_ULL(k - 1);
	*hi = k < 2 ? k : (k == 64 ? U64_MAX : BIT_ULL(k) - 1);
}

static void ss_hist_row(struct seq_file *m, int r, u64 count)
{
	u64 lo, hi;

	ss_hist_bucket_bounds(abs(r), &lo, &hi);
	if (r >= 0)
		seq_printf(m, "%llu %llu %llu\n", lo, hi, count);
	else if (r == -64)	/* only S64_MIN: -2^63 */
		seq_printf(m, "%lld %lld %llu\n", S64_MIN, S64_MIN, count);
	else
		seq_printf(m, "-%llu -%llu %llu\n", hi, lo, count);
}

/*
 * The "# name_unit: lo hi count" line, e.g. "# wakeup_lat_ns: lo hi count";
 * @per_cpu: hist_percpu/<name>, whose CPUs follow as "cpu N" lines.
 */
void ss_hist_print_header(struct seq_file *m, const struct ss_hist_info *info,
			  bool per_cpu)
{
	seq_printf(m, "# %s_%s: lo hi count%s\n", info->name, info->unit,
		   per_cpu ? ", per cpu" : "");
}

void ss_hist_print(struct seq_file *m, const struct ss_hist_info *info,
		   const struct ss_hist *h)
{
	int r = info->kind == SS_SLOG2 ? -(SS_HIST_BUCKETS - 1) : 0;
	u64 count;

	for (; r < SS_HIST_BUCKETS; r++) {
		count = ss_hist_row_count(h, r);
		if (count)
			ss_hist_row(m, r, count);
	}
}
