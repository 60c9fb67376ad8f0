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

void ss_hist_print(struct seq_file *m, const char *name,
		   const struct ss_hist *h)
{
	int lo = -1, hi = -1, b;
	u64 max = 0;

	/* bpftrace prints a map's name as "@name: ", with the space. */
	seq_printf(m, "@%s_ns: %s\n", name, "");
	for (b = 0; b < SS_HIST_BUCKETS; b++) {
		if (!h->buckets[b])
			continue;
		if (lo < 0)
			lo = b;
		hi = b;
		max = max_t(u64, max, h->buckets[b]);
	}
	for (b = lo; lo >= 0 && b <= hi; b++) {
		char range[40], from[16], to[16];
		char bar[SS_HIST_BAR + 1];
		unsigned int width = ss_hist_bar_width(h->buckets[b], max);

		if (b < 2) {
			snprintf(range, sizeof(range), "[%d]", b);
		} else {
			ss_hist_label(from, sizeof(from), b - 1);
			ss_hist_label(to, sizeof(to), b);
			snprintf(range, sizeof(range), "[%s, %s)", from, to);
		}
		memset(bar, '@', width);
		memset(bar + width, ' ', SS_HIST_BAR - width);
		bar[SS_HIST_BAR] = '\0';
		seq_printf(m, "%-16s%8llu |%s|\n", range, h->buckets[b], bar);
	}
	seq_putc(m, '\n');
}
