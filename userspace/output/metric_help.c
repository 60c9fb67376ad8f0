// SPDX-License-Identifier: GPL-2.0
/*
 * The HELP line of each module counter, for the OpenMetrics and Prometheus
 * printers: the catalogue's (kmod/catalogue.h) text of each counter, and of
 * each histogram for its count and sums.
 */
#include <stdio.h>
#include <string.h>

#include "kmod/catalogue.h"
#include "output/metric_help.h"

/* KEY is NAME_SUFFIX: the suffix, or NULL */
static const char *suffix_of(const char *key, const char *name)
{
	size_t n = strlen(name);

	return !strncmp(key, name, n) && key[n] == '_' ? key + n + 1 : NULL;
}

/* A histogram's stats key: NAME_count, NAME_sum_UNIT, NAME_sum_pos/neg_UNIT */
static const char *hist_help(const char *key)
{
	static char buf[256];
	char sum[64], pos[64], neg[64];
	size_t i;

	for (i = 0; i < CAT_NR_HISTS; i++) {
		const struct cat_hist_info *h = &cat_hists[i];
		const char *suffix = suffix_of(key, h->name);
		const char *what = NULL;

		if (!suffix)
			continue;
		snprintf(sum, sizeof(sum), "sum_%s", h->unit);
		snprintf(pos, sizeof(pos), "sum_pos_%s", h->unit);
		snprintf(neg, sizeof(neg), "sum_neg_%s", h->unit);
		if (!strcmp(suffix, "count"))
			what = "values counted";
		else if (!h->is_signed && !strcmp(suffix, sum))
			what = "sum";
		else if (h->is_signed && !strcmp(suffix, pos))
			what = "sum of the positive values";
		else if (h->is_signed && !strcmp(suffix, neg))
			what = "sum of the negative values' magnitudes";
		if (!what)
			continue;
		snprintf(buf, sizeof(buf), "%s: %s%s%s", h->help, what,
			 strcmp(suffix, "count") ? ", " : "",
			 strcmp(suffix, "count") ? h->unit : "");
		return buf;
	}
	return NULL;
}

const char *metric_help(const char *key)
{
	const char *help;
	size_t i;

	/* not a counter of its own: voluntary + involuntary */
	if (!strcmp(key, "switches"))
		return "Switch-outs of the measured task";
	for (i = 0; i < CAT_NR_COUNTERS; i++)
		if (!strcmp(cat_counters[i].name, key))
			return cat_counters[i].help;
	help = hist_help(key);
	return help ? help : METRIC_HELP_UNKNOWN;
}
