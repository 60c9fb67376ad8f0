// SPDX-License-Identifier: GPL-2.0
/*
 * The overview `schedscope show` prints by default (output/overview.h).
 * Counters a kernel or the loaded groups do not have are left out with
 * their lines; the module's status file names the groups that are off.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "kmod/decision_classes.h"
#include "output/hist_summary.h"
#include "lib/text_lines.h"
#include "output/overview.h"

/* The waits for a CPU, by what started them (the module's *_lat). */
static const struct {
	const char *file;
	const char *label;
} wait_kinds[] = {
	{ "wakeup_lat", "after a wakeup" },
	{ "preempt_lat", "after a preemption" },
	{ "new_lat", "new task" },
	{ "throttled_lat", "throttled (cpu.max)" },
};

static bool counter(const struct ss_snapshot *snap, const char *key,
		 uint64_t *value)
{
	return !kv_stats_get(&snap->stats, key, value);
}

static double share(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0;
}

/* A time in us, to a precision that suits its size. */
static void us_text(char *buf, size_t len, long double us)
{
	if (us < 10)
		snprintf(buf, len, "%.2Lf", us);
	else if (us < 1000)
		snprintf(buf, len, "%.1Lf", us);
	else
		snprintf(buf, len, "%.0Lf", us);
}

static void print_wait(const struct snapshot_hist *h, const char *label,
		       const struct ss_snapshot *snap, FILE *out)
{
	const struct out_opts us = { .unit = HIST_UNIT_US, .summary = true };
	struct out_hist o;
	char num[32], max[40];
	int i;

	out_hist_prepare(&o, h, &snap->stats, false, &us);
	fprintf(out, "  %-20s %9" PRIu64, label, o.sum.count);
	if (!o.have_pct) {
		fputc('\n', out);
		return;
	}
	for (i = 0; i < OUT_NPCT; i++) {
		us_text(num, sizeof(num), o.pct[i]);
		fprintf(out, " %8s", num);
	}
	/* the largest wait lies in the last bucket: at most its top */
	us_text(num, sizeof(num), o.sum.max_hi);
	snprintf(max, sizeof(max), "<=%s", num);
	fprintf(out, " %10s\n", max);
}

static void print_waits(const struct ss_snapshot *snap, FILE *out)
{
	const struct snapshot_hist *h;
	bool header = false;
	size_t i;
	int p;

	for (i = 0; i < sizeof(wait_kinds) / sizeof(wait_kinds[0]); i++) {
		h = ss_snapshot_hist(snap, wait_kinds[i].file);
		if (!h)
			continue;
		if (!header) {
			fprintf(out, "Waits for a CPU, in \u00b5s (percentiles "
				"interpolated within log2 buckets):\n");
			fprintf(out, "  %-20s %9s", "wait", "count");
			for (p = 0; p < OUT_NPCT; p++)
				fprintf(out, " %8s", out_pct_name[p]);
			fprintf(out, " %10s\n", "max");
			header = true;
		}
		print_wait(h, wait_kinds[i].label, snap, out);
	}
}

/* How the measured tasks left the CPU. */
static void print_switches(const struct ss_snapshot *snap, FILE *out)
{
	uint64_t all, vol, invol, by_wakeup, idle, exiting, moves;

	if (!counter(snap, "switches", &all) ||
	    !counter(snap, "switches_voluntary", &vol) ||
	    !counter(snap, "switches_involuntary", &invol))
		return;
	fprintf(out, "Switches out: %" PRIu64 "; slept %" PRIu64 " (%.1f%%), "
		"preempted %" PRIu64 " (%.1f%%", all, vol, share(vol, all),
		invol, share(invol, all));
	/* the decisions group knows which preemptions its wakeups caused */
	if (counter(snap, "wakeup_preemptions", &by_wakeup) ||
	    counter(snap, "preempted_by_wakeup", &by_wakeup))
		fprintf(out, ": by a wakeup %" PRIu64 ", other %" PRIu64,
			by_wakeup, invol > by_wakeup ? invol - by_wakeup : 0);
	fprintf(out, ")\n");
	if (!counter(snap, "switches_to_idle", &idle) ||
	    !counter(snap, "migrations", &moves))
		return;
	fprintf(out, "  to the idle task %" PRIu64, idle);
	if (counter(snap, "switches_exiting", &exiting))
		fprintf(out, ", exiting %" PRIu64, exiting);
	fprintf(out, ", migrations %" PRIu64 "\n", moves);
}

/* Each decision class with its share, the classes seen only. */
static void print_decisions(const struct ss_snapshot *snap, FILE *out)
{
	uint64_t total, n;
	size_t i;

	if (!counter(snap, DECISIONS_TOTAL_KEY, &total))
		return;
	fprintf(out, "Wakeup decisions: %" PRIu64 " wakeups of fair tasks\n",
		total);
	for (i = 0; i < decision_nclasses; i++)
		if (counter(snap, decision_classes[i].key, &n) && n)
			fprintf(out, "  %5.1f%% %9" PRIu64 "  %s\n",
				share(n, total), n, decision_classes[i].label);
}

static void print_picks(const struct ss_snapshot *snap, FILE *out)
{
	uint64_t picks, inelig, earlier_inelig, earlier_delayed, earlier_elig;

	if (!counter(snap, "picks", &picks) ||
	    !counter(snap, "picks_ineligible", &inelig))
		return;
	fprintf(out, "EEVDF picks: %" PRIu64 ", not eligible %" PRIu64
		" (%.1f%%)\n", picks, inelig, share(inelig, picks));
	if (counter(snap, "picks_earlier_ineligible", &earlier_inelig) &&
	    counter(snap, "picks_earlier_delayed", &earlier_delayed) &&
	    counter(snap, "picks_earlier_eligible", &earlier_elig))
		fprintf(out, "  passed over an earlier deadline: not eligible "
			"%" PRIu64 ", a delayed sleeper %" PRIu64 ", eligible "
			"%" PRIu64 "\n", earlier_inelig, earlier_delayed,
			earlier_elig);
}

static void print_delayed(const struct ss_snapshot *snap, FILE *out)
{
	uint64_t real, delayed, woken;

	if (!counter(snap, "dequeues", &real) ||
	    !counter(snap, "dequeues_delayed", &delayed) ||
	    !counter(snap, "wakeups_delayed", &woken))
		return;
	fprintf(out, "Sleeps of fair tasks: %" PRIu64 " dequeues, %" PRIu64
		" of them delayed (%.1f%%); %" PRIu64 " woken while still "
		"queued\n", real + delayed, delayed, share(delayed, real + delayed),
		woken);
}

/* The value of the status line "KEY value", copied into buf. */
static bool status_value(const char *status, const char *key, char *buf,
			 size_t len)
{
	size_t klen = strlen(key), n;
	struct text_lines t;
	const char *line;

	text_lines_init(&t, status, strlen(status));
	while (text_lines_next(&t, &line, &n, NULL, 0) == 1) {
		if (n <= klen || strncmp(line, key, klen) || line[klen] != ' ')
			continue;
		snprintf(buf, len, "%.*s", (int)(n - klen - 1), line + klen + 1);
		return true;
	}
	return false;
}

static void print_header(const char *status, FILE *out)
{
	char kernel[128], enabled[8], filter[128];

	if (!status || !status_value(status, "kernel", kernel, sizeof(kernel)))
		return;
	if (!status_value(status, "enabled", enabled, sizeof(enabled)))
		snprintf(enabled, sizeof(enabled), "?");
	if (!status_value(status, "filter", filter, sizeof(filter)))
		snprintf(filter, sizeof(filter), "none");
	fprintf(out, "schedscope on %s: %s, %s\n", kernel,
		strcmp(enabled, "0") ? "measuring" : "disabled",
		strcmp(filter, "none") ? filter : "every task");
}

/* "group NAME off: why" and "group NAME unsupported: why", as they are. */
static void print_groups_off(const char *status, FILE *out)
{
	struct text_lines t;
	const char *line;
	size_t n;

	text_lines_init(&t, status, status ? strlen(status) : 0);
	while (text_lines_next(&t, &line, &n, NULL, 0) == 1) {
		if (n < 6 || strncmp(line, "group ", 6) ||
		    (n >= 5 && !strncmp(line + n - 5, " live", 5)))
			continue;
		fprintf(out, "Not measured: %.*s\n", (int)(n - 6), line + 6);
	}
}

/* Before the numbers: which of them are estimates. */
static void print_sampled(const struct probe_cost *c, FILE *out)
{
	if (c->sample > 1)
		fprintf(out, "Sampled: the eevdf, delayed_dequeue, decisions and "
			"pick_order groups recorded 1 switch and 1 wakeup in %u, "
			"each counting %u: their counts are estimates\n",
			c->sample, c->sample);
}

/* What measuring costs here, as the module timed its own probes. */
static void print_cost(const struct probe_cost *c, FILE *out)
{
	if (!c->have || (isnan(c->switch_ns) && isnan(c->wakeup_ns)))
		return;
	fprintf(out, "Measuring costs: ");
	if (!isnan(c->switch_ns))
		fprintf(out, "%.0f ns a switch", c->switch_ns);
	if (!isnan(c->wakeup_ns))
		fprintf(out, "%s%.0f ns a wakeup", isnan(c->switch_ns) ? "" : ", ",
			c->wakeup_ns);
	fprintf(out, " (the module's timing of 1 call in %u: %" PRIu64 " and %"
		PRIu64 ")\n", c->every, c->timed_switches, c->timed_wakeups);
}

int out_overview(const struct ss_snapshot *snap, const char *status,
		 FILE *out)
{
	uint64_t collisions;

	print_header(status, out);
	print_sampled(&snap->cost, out);
	print_waits(snap, out);
	print_switches(snap, out);
	print_decisions(snap, out);
	print_picks(snap, out);
	print_delayed(snap, out);
	print_groups_off(status, out);
	print_cost(&snap->cost, out);
	if (counter(snap, "slot_collisions", &collisions) && collisions)
		fprintf(out, "Note: %" PRIu64 " waits lost to per-task slots "
			"taken over (load with a larger --task-slots)\n",
			collisions);
	fprintf(out, "Every counter and histogram: schedscope show --all; "
		"one histogram: --hist NAME\n");
	return ferror(out) ? -EIO : 0;
}
