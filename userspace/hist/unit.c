// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "hist/unit.h"

static const struct {
	const char *name;
	uint64_t divisor;
} units[] = {
	[HIST_UNIT_NS] = { "ns", 1 },
	[HIST_UNIT_US] = { "us", 1000 },
	[HIST_UNIT_MS] = { "ms", 1000000 },
};

int hist_unit_parse(const char *s, enum hist_unit *unit)
{
	unsigned int i;

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (!strcmp(s, units[i].name)) {
			*unit = i;
			return 0;
		}
	}
	return -EINVAL;
}

const char *hist_unit_name(enum hist_unit unit)
{
	return units[unit].name;
}

uint64_t hist_unit_divisor(enum hist_unit unit)
{
	return units[unit].divisor;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

bool hist_unit_rename(const char *name, enum hist_unit unit, char *out,
		      size_t len)
{
	size_t n = strlen(name);

	if (ends_with(name, "_vns")) {
		snprintf(out, len, "%.*s_v%s", (int)(n - 4), name, units[unit].name);
		return true;
	}
	if (ends_with(name, "_ns")) {
		snprintf(out, len, "%.*s_%s", (int)(n - 3), name, units[unit].name);
		return true;
	}
	snprintf(out, len, "%s", name);
	return false;
}

static void rescale_buckets(const uint64_t in[LOG2_HIST_BUCKETS], uint64_t d,
			    uint64_t out[LOG2_HIST_BUCKETS])
{
	unsigned int k;

	memset(out, 0, sizeof(uint64_t) * LOG2_HIST_BUCKETS);
	for (k = 0; k < LOG2_HIST_BUCKETS; k++)
		out[log2_hist_bucket(log2_hist_bucket_min(k) / d)] += in[k];
}

void log2_hist_rescale(const struct log2_hist *in, uint64_t divisor,
		       struct log2_hist *out)
{
	struct log2_hist tmp;

	log2_hist_init(&tmp, in->name);
	rescale_buckets(in->buckets, divisor ? divisor : 1, tmp.buckets);
	*out = tmp;
}

void slog2_hist_rescale(const struct slog2_hist *in, uint64_t divisor,
			struct slog2_hist *out)
{
	struct slog2_hist tmp;
	uint64_t neg[LOG2_HIST_BUCKETS];

	slog2_hist_init(&tmp, in->name);
	if (!divisor)
		divisor = 1;
	rescale_buckets(in->pos, divisor, tmp.pos);
	/* Magnitudes, truncated toward zero: a magnitude that becomes 0 is 0. */
	rescale_buckets(in->neg, divisor, neg);
	tmp.pos[0] += neg[0];
	neg[0] = 0;
	memcpy(tmp.neg, neg, sizeof(neg));
	*out = tmp;
}
