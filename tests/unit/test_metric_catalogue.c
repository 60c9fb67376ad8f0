// SPDX-License-Identifier: GPL-2.0
/*
 * The catalogue (module/metrics.h) and what the CLI makes of it: every
 * counter and every histogram key has its own HELP text, the decision
 * classes are the catalogue's, in its order, and the report's and plots'
 * counters are counters of it.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "kmod/decision_classes.h"
#include "output/metric_help.h"

static const char *const counters[] = {
#define SS_COUNTER(id, name, group, help) #name,
#include "../../module/metrics.h"
};

static const struct {
	const char *name;
	bool preempted;
} classes[] = {
#define SS_DECISION(id, name, help, preempt, text) { #name, preempt },
#include "../../module/metrics.h"
};

enum hist_kind { LOG2, SLOG2 };

static const struct {
	const char *name, *unit;
	enum hist_kind kind;
} hists[] = {
#define SS_HIST(id, name, unit, kind, group, help) { #name, #unit, kind },
#include "../../module/metrics.h"
};

/*
 * The counters the report and the plots show, and the counters they take
 * in: by ID, so a role naming no counter does not compile.
 */
static const enum cat_counter roles[] = {
#define SS_REPORT_COUNT(id, head, row) CAT_##id,
#define SS_REPORT_PCT(id, whole, plus, head, row) CAT_##id, CAT_##whole,
#define SS_PLOT_CAUSE(id) CAT_##id,
#include "../../module/metrics.h"
};

static bool is_counter(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(counters) / sizeof(counters[0]); i++)
		if (!strcmp(counters[i], name))
			return true;
	return false;
}

/* KEY has a text of its own, not the generic one, and no two keys share it */
static void check_help(const char *key)
{
	const char *help = metric_help(key);

	CHECK_MSG(strcmp(help, METRIC_HELP_UNKNOWN) != 0, "%s has no help", key);
	CHECK_MSG(strlen(help) > 10, "%s: help '%s' too short", key, help);
}

void test_metric_catalogue(void)
{
	char key[128];
	size_t i, j;

	CHECK(sizeof(counters) / sizeof(counters[0]) > 40);
	for (i = 0; i < sizeof(counters) / sizeof(counters[0]); i++) {
		check_help(counters[i]);
		for (j = 0; j < i; j++)
			CHECK_MSG(strcmp(metric_help(counters[i]),
					 metric_help(counters[j])) != 0,
				  "%s and %s share a help text", counters[i],
				  counters[j]);
	}
	check_help("switches");
	/* a role names a counter of the catalogue, as stats spells it */
	CHECK(sizeof(roles) / sizeof(roles[0]) > 10);
	for (i = 0; i < sizeof(roles) / sizeof(roles[0]); i++)
		CHECK_MSG(roles[i] < CAT_NR_COUNTERS &&
			  is_counter(cat_counters[roles[i]].name),
			  "role %zu, no counter", i);
	/* kmod/catalogue.c's tables are the catalogue's, in its order */
	CHECK_EQ_U64(CAT_NR_COUNTERS, sizeof(counters) / sizeof(counters[0]));
	for (i = 0; i < CAT_NR_COUNTERS; i++)
		CHECK_STR_EQ(cat_counters[i].name, counters[i]);
	CHECK_EQ_U64(CAT_NR_HISTS, sizeof(hists) / sizeof(hists[0]));
	for (i = 0; i < CAT_NR_HISTS; i++) {
		CHECK_STR_EQ(cat_hists[i].name, hists[i].name);
		CHECK_STR_EQ(cat_hists[i].unit, hists[i].unit);
		CHECK(cat_hists[i].is_signed == (hists[i].kind == SLOG2));
	}
	for (i = 0; i < sizeof(hists) / sizeof(hists[0]); i++) {
		snprintf(key, sizeof(key), "%s_count", hists[i].name);
		check_help(key);
		if (hists[i].kind == SLOG2) {
			snprintf(key, sizeof(key), "%s_sum_pos_%s", hists[i].name, hists[i].unit);
			check_help(key);
			snprintf(key, sizeof(key), "%s_sum_neg_%s", hists[i].name, hists[i].unit);
			check_help(key);
			snprintf(key, sizeof(key), "%s_sum_%s", hists[i].name, hists[i].unit);
		} else {
			snprintf(key, sizeof(key), "%s_sum_%s", hists[i].name, hists[i].unit);
			check_help(key);
			snprintf(key, sizeof(key), "%s_sum_pos_%s", hists[i].name, hists[i].unit);
		}
		/* the other kind's sum key is no key of this histogram */
		CHECK_STR_EQ(metric_help(key), METRIC_HELP_UNKNOWN);
	}
	CHECK_STR_EQ(metric_help("wakeup_lat_sum_ns"), "Wakeup-to-run latency: sum, ns");
	CHECK_STR_EQ(metric_help("no_such_key"), METRIC_HELP_UNKNOWN);
	CHECK_STR_EQ(metric_help("wakeup_lat_sum_vns"), METRIC_HELP_UNKNOWN);

	/* the classes: the catalogue's, in order, preempting as named */
	CHECK_EQ_INT(decision_nclasses, sizeof(classes) / sizeof(classes[0]));
	for (i = 0; i < decision_nclasses && i < sizeof(classes) / sizeof(classes[0]); i++) {
		CHECK_STR_EQ(decision_classes[i].key, classes[i].name);
		CHECK(decision_classes[i].preempted == classes[i].preempted);
		CHECK(decision_classes[i].preempted ==
		      !strncmp(classes[i].name, "wakeup_preempt_", 15));
		CHECK(decision_classes[i].label && *decision_classes[i].label);
		/* a class is a counter too */
		for (j = 0; j < sizeof(counters) / sizeof(counters[0]); j++)
			if (!strcmp(counters[j], classes[i].name))
				break;
		CHECK_MSG(j < sizeof(counters) / sizeof(counters[0]),
			  "class %s is no counter", classes[i].name);
	}
}
