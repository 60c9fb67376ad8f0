// SPDX-License-Identifier: GPL-2.0
/*
 * Histograms as text, in the layout bpftrace's print() gives a hist() map, so
 * that tools reading one read the other (docs/interface.md).
 */
#include <linux/bitops.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/seq_file.h>

#include "schedscope.h"

#define SS_HIST_BAR	52	/* bpftrace's bar width */

/*
 * A positive IEEE-754 single-precision number: mant * 2^exp, with
 * 2^23 <= mant < 2^24.  bpftrace sizes a bar as
 * (int)((float)count / (float)max * 52); with large counts that differs from
 * the exact quotient, so the same float steps are done here in integers.
 */
struct ss_float {
	u64 mant;
	int exp;
};

/* Rounds @x * 2^exp to 24 bits, to nearest, ties to even; @sticky: more bits */
static struct ss_float ss_float_round(u64 x, int exp, bool sticky)
{
	int shift = fls64(x) - 24;
	struct ss_float f;
	u64 rest, half;

	if (shift <= 0)
		return (struct ss_float){ x << -shift, exp + shift };
	f.mant = x >> shift;
	f.exp = exp + shift;
	rest = x & (BIT_ULL(shift) - 1);
	half = BIT_ULL(shift - 1);
	if (rest > half || (rest == half && (sticky || (f.mant & 1))))
		f.mant++;
	if (f.mant == BIT_ULL(24)) {
		f.mant >>= 1;
		f.exp++;
	}
	return f;
}

static unsigned int ss_hist_bar_width(u64 count, u64 max)
{
	struct ss_float c, m, q, w;
	u64 rem;

	if (!count || !max)
		return 0;
	c = ss_float_round(count, 0, false);
	m = ss_float_round(max, 0, false);
	/* 26 extra bits leave at least two to round with */
	q.mant = div64_u64_rem(c.mant << 26, m.mant, &rem);
	q = ss_float_round(q.mant, c.exp - m.exp - 26, rem != 0);
	w = ss_float_round(q.mant * SS_HIST_BAR, q.exp, false);
	if (w.exp <= -24)	/* below 1: no '@' (and no shift by 64+) */
		return 0;
	return min_t(u64, w.exp >= 0 ? w.mant << w.exp : w.mant >> -w.exp,
			     SS_HIST_BAR);
}

/*
 * 2^power as bpftrace labels it: 1, 2, ... 512, 1K, ... 512K, 1M, ... 1T, and
 * no larger suffix: 2^63 is 8388608T.
 */
static void ss_hist_label(char *buf, size_t len, unsigned int power)
{
	static const char suffix[] = " KMGT";
	unsigned int unit = min(power / 10, 4U);

	if (unit)
		snprintf(buf, len, "%u%c", 1U << (power - 10 * unit),
			 suffix[unit]);
	else
		snprintf(buf, len, "%u", 1U << power);
}

static void ss_hist_row(struct seq_file *m, const char *range, u64 count,
			u64 max)
{
	unsigned int width = ss_hist_bar_width(count, max);
	char bar[SS_HIST_BAR + 1];

	memset(bar, '@', width);
	memset(bar + width, ' ', SS_HIST_BAR - width);
	bar[SS_HIST_BAR] = '\0';
	seq_printf(m, "%-16s%8llu |%s|\n", range, count, bar);
}

/*
 * Rows are numbered -64..64: row r < 0 is the negative bucket -r (values
 * -1, or (-2^k, -2^(k-1)]), row r >= 0 the bucket r of values >= 0.
 */
static u64 ss_hist_row_count(const struct ss_hist *h, int r)
{
	return r < 0 ? h->neg[-r] : h->buckets[r];
}

static void ss_hist_row_label(char *range, size_t len, int r)
{
	char from[16], to[16];

	if (r == -1 || r == 0 || r == 1) {
		snprintf(range, len, "[%d]", r);
	} else if (r < 0) {
		ss_hist_label(from, sizeof(from), -r);
		ss_hist_label(to, sizeof(to), -r - 1);
		snprintf(range, len, "(-%s, -%s]", from, to);
	} else {
		ss_hist_label(from, sizeof(from), r - 1);
		ss_hist_label(to, sizeof(to), r);
		snprintf(range, len, "[%s, %s)", from, to);
	}
}

/* @name and @unit make the map name, e.g. "@wakeup_lat_ns"; @key: [cpu] */
void ss_hist_print(struct seq_file *m, const struct ss_hist_info *info,
		   const struct ss_hist *h, int key)
{
	int first = info->kind == SS_SLOG2 ? -(SS_HIST_BUCKETS - 1) : 0;
	int lo = SS_HIST_BUCKETS, hi = -SS_HIST_BUCKETS, r;
	char range[48];
	u64 max = 0;

	/* bpftrace prints a map's name as "@name: ", with the space. */
	if (key >= 0)
		seq_printf(m, "@%s_%s[%d]: %s\n", info->name, info->unit, key, "");
	else
		seq_printf(m, "@%s_%s: %s\n", info->name, info->unit, "");
	for (r = first; r < SS_HIST_BUCKETS; r++) {
		u64 count = ss_hist_row_count(h, r);

		if (!count)
			continue;
		lo = min(lo, r);
		hi = r;
		max = max(max, count);
	}
	for (r = lo; r <= hi; r++) {
		ss_hist_row_label(range, sizeof(range), r);
		ss_hist_row(m, range, ss_hist_row_count(h, r), max);
	}
	seq_putc(m, '\n');
}
