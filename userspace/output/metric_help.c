// SPDX-License-Identifier: GPL-2.0
/*
 * The HELP line of each module counter, for the OpenMetrics and Prometheus
 * printers: the catalogue's (module/metrics.h) text of each counter, and of
 * each histogram for its count and sums.
 */
#include <stdio.h>
#include <string.h>

#include "output/metric_help.h"

enum hist_kind { LOG2, SLOG2 };

static const struct {
	const char *key;
	const char *help;
} counter_helps[] = {
	/* not a counter of its own: voluntary + involuntary */
	{ "switches", "Switch-outs of the measured task" },
#define SS_COUNTER(id, name, group, help) { #name, help },
#include "../../module/metrics.h"
};

static const struct {
	const char *name, *unit, *help;
	enum hist_kind kind;
} hist_helps[] = {
#define SS_HIST(id, name, unit, kind, group, help) { #name, #unit, help, kind },
#include "../../module/metrics.h"
};

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

	for (i = 0; i < sizeof(hist_helps) / sizeof(hist_helps[0]); i++) {
		const char *suffix = suffix_of(key, hist_helps[i].name);
		const char *what = NULL;

		if (!suffix)
			continue;
		snprintf(sum, sizeof(sum), "sum_%s", hist_helps[i].unit);
		snprintf(pos, sizeof(pos), "sum_pos_%s", hist_helps[i].unit);
		snprintf(neg, sizeof(neg), "sum_neg_%s", hist_helps[i].unit);
		if (!strcmp(suffix, "count"))
			what = "values counted";
		else if (hist_helps[i].kind == LOG2 && !strcmp(suffix, sum))
			what = "sum";
		else if (hist_helps[i].kind == SLOG2 && !strcmp(suffix, pos))
			what = "sum of the positive values";
		else if (hist_helps[i].kind == SLOG2 && !strcmp(suffix, neg))
			what = "sum of the negative values' magnitudes";
		if (!what)
			continue;
		snprintf(buf, sizeof(buf), "%s: %s%s%s", hist_helps[i].help, what,
			 strcmp(suffix, "count") ? ", " : "",
			 strcmp(suffix, "count") ? hist_helps[i].unit : "");
		return buf;
	}
	return NULL;
}

const char *metric_help(const char *key)
{
	const char *help;
	size_t i;

	for (i = 0; i < sizeof(counter_helps) / sizeof(counter_helps[0]); i++)
		if (!strcmp(counter_helps[i].key, key))
			return counter_helps[i].help;
	help = hist_help(key);
	return help ? help : METRIC_HELP_UNKNOWN;
}
