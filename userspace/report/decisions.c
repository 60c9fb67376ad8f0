// SPDX-License-Identifier: GPL-2.0
/*
 * The wakeup decisions section of `schedscope report`: per setting, each
 * class of the module's decisions group in % of the wakeups decided, with
 * the change from the baseline and Welch's test as the comparison shows
 * them; the first row is the number of decisions.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "kmod/decision_classes.h"
#include "report/report.h"

static double run_decisions(const struct sweep_run *run, const void *arg)
{
	(void)arg;
	return sweep_run_counter(run, DECISIONS_TOTAL);
}

/* A class's count in a run; NAN without decisions. */
static double run_class_count(const struct sweep_run *run, const void *arg)
{
	const struct decision_class *c = arg;

	return sweep_run_counter(run, DECISIONS_TOTAL) > 0 ?
	       sweep_run_counter(run, c->id) : NAN;
}

/* A class's share of a run's decisions, in %; NAN without decisions. */
static double run_class_pct(const struct sweep_run *run, const void *arg)
{
	const struct decision_class *c = arg;
	double total = sweep_run_counter(run, DECISIONS_TOTAL);

	return total > 0 ? 100 * sweep_run_counter(run, c->id) / total : NAN;
}

/* One row: value(run, arg) of each setting, against the baseline's. */
static void decisions_row(struct report *r, struct report_table *t,
			  const char *head, int decimals,
			  double (*value)(const struct sweep_run *, const void *),
			  const void *arg, struct summary_stats *st)
{
	size_t s, row;

	for (s = 0; s < r->res->nsettings; s++)
		setting_summary(r, s, value, arg, &st[s]);
	row = report_table_row(t);
	report_table_set(t, row, 0, "%s", head);
	for (s = 0; s < r->res->nsettings; s++) {
		char buf[128];

		report_comparison_cell(buf, sizeof(buf), &st[s], &st[r->base],
				       s == r->base, decimals,
				       REPORT_NO_BETTER);
		report_table_set(t, row, s + 1, "%s", buf);
	}
}

/* Whether any setting's runs have a value of the class. */
static bool class_seen(struct report *r, const struct decision_class *c,
		       struct summary_stats *st)
{
	size_t s;

	for (s = 0; s < r->res->nsettings; s++) {
		setting_summary(r, s, run_class_pct, c, &st[s]);
		if (st[s].n && st[s].mean > 0)
			return true;
	}
	return false;
}

/* The table: a first row of the decisions, then one per class seen. */
static void decisions_table(struct report *r, struct summary_stats *st,
			    bool pct)
{
	const struct sweep_results *res = r->res;
	struct report_table t;
	size_t i, s;

	report_table_init(&t, res->nsettings + 1);
	report_table_set(&t, 0, 0, "%s", pct ? "% of the decisions" : "count");
	for (s = 0; s < res->nsettings; s++)
		report_table_set(&t, 0, s + 1, "%s", res->settings[s].name);
	decisions_row(r, &t, "decisions", 0, run_decisions, NULL, st);
	for (i = 0; i < decision_nclasses; i++)
		if (class_seen(r, &decision_classes[i], st))
			decisions_row(r, &t, decision_classes[i].label,
				      pct ? 2 : 0,
				      pct ? run_class_pct : run_class_count,
				      &decision_classes[i], st);
	report_print_table(r, &t);
}

void section_decisions(struct report *r)
{
	const struct sweep_results *res = r->res;
	struct summary_stats *st;
	size_t s;
	bool any = false;

	st = calloc(res->nsettings, sizeof(*st));
	if (!st) {
		r->error = -ENOMEM;
		return;
	}
	for (s = 0; s < res->nsettings && !any; s++) {
		setting_summary(r, s, run_decisions, NULL, &st[s]);
		any = st[s].n && st[s].mean > 0;
	}
	if (!any) {
		free(st);
		return;
	}
	report_title(r, "Wakeup decisions (module): means over repetitions");
	fprintf(r->out, "Why each wakeup of a measured fair task did or did "
		"not preempt the running\ntask (docs/interface.md, group "
		"decisions): each class's count per run,\nthen its %% of the "
		"run's decisions, with the change from %s's as in\nthe "
		"comparison above (* x%%*: Welch's t-test p < %.2f). Classes "
		"that never\noccurred are left out.\n\n",
		res->settings[r->base].name, SUMMARY_ALPHA);
	decisions_table(r, st, false);
	decisions_table(r, st, true);
	free(st);
}
