// SPDX-License-Identifier: GPL-2.0
/* A slow wait printed for a person (output/slow_wait.h). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "output/slow_wait.h"

void slow_wait_print_header(FILE *out)
{
	fprintf(out, "%-8s %-16s %7s %-9s %9s  %s\n", "TIME", "COMM", "TID",
		"KIND", "WAIT(us)", "RAN MEANWHILE (longest first); WHY");
}

/* ns as "17.2 ms", "850 us" */
static void duration(uint64_t ns, char *buf, size_t len)
{
	if (ns >= 1000000)
		snprintf(buf, len, "%.1f ms", ns / 1e6);
	else
		snprintf(buf, len, "%llu us", (unsigned long long)(ns / 1000));
}

void slow_ran_text(const struct slow_ran *r, char *buf, size_t len)
{
	char run[32], slice[32] = "";

	duration(r->run_ns, run, sizeof(run));
	if (r->slice_ns)
		duration(r->slice_ns, slice, sizeof(slice));
	snprintf(buf, len, "%s/%d %s nice %d%s%s", r->comm, r->tid, run,
		 r->nice, r->slice_ns ? " slice " : "", slice);
}

/* The share of the wait a part of it took, in % */
static double share(const struct slow_wait *w, uint64_t ns)
{
	return w->wait_ns ? 100.0 * ns / w->wait_ns : 0;
}

/* The wakeup decision classes (the module's names) in words. */
static const struct {
	const char *name, *words;
} decision_words[] = {
	{ "preempt_pick", "the wakeup won the pick" },
	{ "preempt_short", "the wakeup preempted by PREEMPT_SHORT" },
	{ "preempt_slice", "the wakeup's check rescheduled: the running "
	  "task's slice (or its group's quota) ran out there" },
	{ "preempt_idle_cpu", "woken on an idle CPU" },
	{ "preempt_sched_idle", "the wakeup preempted a SCHED_IDLE task" },
	{ "decline_protected", "not preempted: the running task was "
	  "protected by RUN_TO_PARITY until its slice ended" },
	{ "decline_ineligible", "not eligible at the wakeup" },
	{ "decline_deadline", "not preempted: an eligible task's deadline "
	  "came first" },
	{ "decline_policy", "not preempted: SCHED_BATCH, SCHED_IDLE or a "
	  "cpu.idle cgroup does not preempt at wakeup" },
	{ "decline_pending", "a reschedule was already pending there" },
	{ "decline_feature_off", "not preempted: WAKEUP_PREEMPTION is off" },
	{ "decline_buddy", "not preempted: PICK_BUDDY took the next buddy" },
	{ "decline_not_fair", "not preempted: a realtime or deadline task "
	  "came first" },
	{ "decline_throttled", "woken into a cgroup out of its cpu.max "
	  "quota" },
};

const char *slow_decision_words(const char *decision)
{
	size_t i;

	for (i = 0; i < sizeof(decision_words) / sizeof(decision_words[0]);
	     i++)
		if (!strcmp(decision, decision_words[i].name))
			return decision_words[i].words;
	return NULL;
}

/* Signed ns as "-2.1 ms", "850 us" */
static void signed_duration(int64_t ns, char *buf, size_t len)
{
	if (len < 2)
		return;
	if (ns < 0) {
		*buf++ = '-';
		len--;
	}
	duration(ns < 0 ? -(uint64_t)ns : (uint64_t)ns, buf, len);
}

/* The decision of a woken wait, with the lag where it was not eligible. */
static size_t decision_why(const struct slow_wait *w, char *buf, size_t len)
{
	const char *words = slow_decision_words(w->decision);
	char lag[32];

	if (w->kind != SLOW_WOKEN || !words)
		return 0;
	/* the policy that kept it from preempting, where the record says */
	if (!strcmp(w->decision, "decline_policy") &&
	    (w->policy == 3 || w->policy == 5))
		return snprintf(buf, len, "not preempted: SCHED_%s does not "
				"preempt at wakeup; ", w->policy == 3 ?
				"BATCH" : "IDLE");
	if (!strcmp(w->decision, "decline_ineligible") && w->eligible >= 0) {
		signed_duration(w->lag_ns, lag, sizeof(lag));
		return snprintf(buf, len, "%s, lag %s; ", words, lag);
	}
	return snprintf(buf, len, "%s; ", words);
}

/* Who kept the CPU: the longest runner, and how it compares with w's task. */
static void culprit_why(const struct slow_wait *w,
			const struct slow_wait_names *nm, bool decided,
			char *buf, size_t len)
{
	const struct slow_ran *r = &w->ran[0];
	const char *cg = nm->ran_cgroup[0];
	char run[32], weight[96] = "", group[4200] = "";

	duration(r->run_ns, run, sizeof(run));
	if (r->nice < w->nice)
		snprintf(weight, sizeof(weight), ", at nice %d against this "
			 "task's %d (more weight)", r->nice, w->nice);
	else if (r->nice > w->nice)
		snprintf(weight, sizeof(weight), ", at nice %d (less weight "
			 "than this task's %d)", r->nice, w->nice);
	/* another cgroup: the groups' cpu.weight shares decide first */
	if (cg && nm->cgroup && strcmp(cg, nm->cgroup))
		snprintf(group, sizeof(group), ", in %s against this task's "
			 "%s (their cpu.weight shares)", cg, nm->cgroup);
	if (decided) {
		snprintf(buf, len, "%s/%d ran %s of it%s%s", r->comm, r->tid,
			 run, weight, group);
		return;
	}
	switch (w->kind) {
	case SLOW_WOKEN:
		snprintf(buf, len, "woken, not run: %s/%d kept the CPU %s of "
			 "it%s%s", r->comm, r->tid, run, weight, group);
		break;
	case SLOW_PREEMPTED:
		snprintf(buf, len, "preempted, then %s/%d ran %s of the "
			 "wait%s%s", r->comm, r->tid, run, weight, group);
		break;
	default:
		snprintf(buf, len, "new, before its first run %s/%d ran %s%s%s",
			 r->comm, r->tid, run, weight, group);
		break;
	}
}

/*
 * The other cgroup whose tasks took the most of the wait, if every task
 * that ran was of it (*all) or they took at least half of the wait (named
 * tasks only; the waiting task's own cgroup is not "other"); else NULL.
 */
static const char *other_cgroup_most(const struct slow_wait *w,
				     const struct slow_wait_names *nm,
				     uint64_t *ns, bool *all)
{
	const char *best = NULL;
	uint64_t best_ns = 0;
	unsigned int i, j;

	*all = false;
	if (!nm->cgroup)
		return NULL;
	for (i = 0; i < w->nran; i++) {
		const char *cg = nm->ran_cgroup[i];
		uint64_t sum = 0;

		if (!cg || !strcmp(cg, nm->cgroup))
			continue;
		for (j = 0; j < w->nran; j++)
			if (nm->ran_cgroup[j] && !strcmp(nm->ran_cgroup[j], cg))
				sum += w->ran[j].run_ns;
		if (sum > best_ns) {
			best = nm->ran_cgroup[i];
			best_ns = sum;
		}
	}
	if (!best)
		return NULL;
	*all = !w->rest_tasks;
	for (i = 0; i < w->nran && *all; i++)
		*all = nm->ran_cgroup[i] && !strcmp(nm->ran_cgroup[i], best);
	*ns = best_ns;
	return *all || share(w, best_ns) >= 50 ? best : NULL;
}

/* What took the time, from the record's parts. */
static void cause_why(const struct slow_wait *w,
		      const struct slow_wait_names *nm, bool decided,
		      char *buf, size_t len)
{
	char d[32];

	if (w->kind == SLOW_THROTTLED && nm->limiter) {
		snprintf(buf, len, "throttled: %s used its cpu.max quota "
			 "%.1f ms/%.1f ms", nm->limiter, nm->quota_us / 1e3,
			 nm->period_us / 1e3);
	} else if (w->kind == SLOW_THROTTLED) {
		snprintf(buf, len, "throttled: cgroup %s used its cpu.max "
			 "quota; no CPU was owed to it", nm->cgroup ?
			 nm->cgroup : "(gone)");
	} else if (share(w, w->idle_ns) >= 50) {
		duration(w->idle_ns, d, sizeof(d));
		snprintf(buf, len, "CPU %d was idle %s of it: the task waited "
			 "on another CPU, then moved here", w->cpu, d);
	} else if (share(w, w->unseen_ns) >= 50) {
		duration(w->unseen_ns, d, sizeof(d));
		snprintf(buf, len, "the first %s of it are not in CPU %d's "
			 "log of its last switches (more of them, or before "
			 "slow_us was armed)", d, w->cpu);
	} else if (w->nran && share(w, w->ran[0].run_ns) >= 50) {
		culprit_why(w, nm, decided, buf, len);
	} else if (w->nran) {
		uint64_t cg_ns = 0;
		bool all;
		const char *cg = other_cgroup_most(w, nm, &cg_ns, &all);
		char part[32] = "all";
		int n;

		n = snprintf(buf, len, "%u tasks took turns on CPU %d, %s/%d "
			     "the longest", w->nran + w->rest_tasks, w->cpu,
			     w->ran[0].comm, w->ran[0].tid);
		/* cut short already: nothing added */
		if (n < 0 || (size_t)n >= len)
			cg = NULL;
		if (cg && !all)
			snprintf(part, sizeof(part), "%.0f%% of the wait",
				 share(w, cg_ns));
		if (cg)
			snprintf(buf + n, len - n, ", %s in %s against this "
				 "task's %s (their cpu.weight shares)", part,
				 cg, nm->cgroup);
	} else {
		snprintf(buf, len, "nothing else ran on CPU %d", w->cpu);
	}
}

void slow_wait_why(const struct slow_wait *w, const struct slow_wait_names *nm,
		   char *buf, size_t len)
{
	size_t at;

	if (!len)
		return;
	at = decision_why(w, buf, len);
	if (at >= len)
		return;
	cause_why(w, nm, at > 0, buf + at, len - at);
	at += strlen(buf + at);
	if (w->migrated && w->from_cpu >= 0 && w->from_cpu != w->cpu &&
	    at < len)
		snprintf(buf + at, len - at, "; moved from CPU %d while "
			 "waiting", w->from_cpu);
}

/* "a/1 2.0 ms nice 0, b/2 1.0 ms nice 0, +3 tasks 0.4 ms, idle 0.1 ms" */
static void ran_list(const struct slow_wait *w, char *buf, size_t len)
{
	char one[128], d[32];
	size_t at = 0;
	unsigned int i;

	buf[0] = '\0';
	for (i = 0; i < w->nran && at < len; i++) {
		slow_ran_text(&w->ran[i], one, sizeof(one));
		at += snprintf(buf + at, len - at, "%s%s", i ? ", " : "", one);
	}
	if (w->rest_tasks && at < len) {
		duration(w->rest_ns, d, sizeof(d));
		at += snprintf(buf + at, len - at, ", +%u tasks %s",
			       w->rest_tasks, d);
	}
	if (w->idle_ns && at < len) {
		duration(w->idle_ns, d, sizeof(d));
		at += snprintf(buf + at, len - at, "%sidle %s", at ? ", " : "",
			       d);
	}
	if (!at)
		snprintf(buf, len, "-");
}

int slow_wait_print(FILE *out, const struct slow_wait *w, double wall,
		    const struct slow_wait_names *nm)
{
	char ran[640], why[SLOW_WHY_MAX], hms[16];
	time_t t = (time_t)wall;
	struct tm tm;

	ran_list(w, ran, sizeof(ran));
	slow_wait_why(w, nm, why, sizeof(why));
	if (!localtime_r(&t, &tm) ||
	    !strftime(hms, sizeof(hms), "%H:%M:%S", &tm))
		snprintf(hms, sizeof(hms), "?");
	fprintf(out, "%-8s %-16s %7d %-9s %9llu  %s; %s\n", hms, w->comm,
		w->tid, slow_kind_name(w->kind),
		(unsigned long long)(w->wait_ns / 1000), ran, why);
	return ferror(out) ? -1 : 0;
}

static json_t *ran_json(const struct slow_ran *r, const char *cgroup)
{
	return json_pack("{s:i, s:i, s:s, s:f, s:i, s:f, s:s?}", "tid", r->tid,
			 "pid", r->pid, "comm", r->comm, "run_us",
			 r->run_ns / 1e3, "nice", r->nice, "slice_us",
			 r->slice_ns / 1e3, "cgroup", cgroup);
}

/* The decision's fields: null where the record has none. */
static int decision_json(json_t *o, const struct slow_wait *w)
{
	bool decided = w->kind == SLOW_WOKEN && w->decision[0];
	bool level = decided && w->eligible >= 0;

	return json_object_set_new(o, "decision", decided ?
				   json_string(w->decision) : json_null()) ||
	       json_object_set_new(o, "lag_us", level ?
				   json_real(w->lag_ns / 1e3) : json_null()) ||
	       json_object_set_new(o, "eligible", level ?
				   json_boolean(w->eligible) : json_null()) ||
	       json_object_set_new(o, "from_cpu", w->from_cpu >= 0 ?
				   json_integer(w->from_cpu) : json_null()) ||
	       json_object_set_new(o, "deadline_us", level ?
				   json_real(w->deadline_ns / 1e3) : json_null()) ||
	       json_object_set_new(o, "migrated", json_boolean(w->migrated)) ||
	       json_object_set_new(o, "policy", slow_policy_name(w->policy) ?
				   json_string(slow_policy_name(w->policy)) :
				   json_null()) ||
	       json_object_set_new(o, "ended", slow_ended_name(w->ended) ?
				   json_string(slow_ended_name(w->ended)) :
				   json_null());
}

json_t *slow_wait_json(const struct slow_wait *w, double wall,
		       const struct slow_wait_names *nm)
{
	json_t *ran = json_array(), *o;
	char why[SLOW_WHY_MAX];
	unsigned int i;

	for (i = 0; ran && i < w->nran; i++)
		if (json_array_append_new(ran, ran_json(&w->ran[i],
							nm->ran_cgroup[i]))) {
			json_decref(ran);
			return NULL;
		}
	slow_wait_why(w, nm, why, sizeof(why));
	o = json_pack("{s:f, s:i, s:i, s:s, s:i, s:s, s:f, s:i, s:f, "
		      "s:s?, s:o, s:{s:i, s:f}, s:f, s:f, s:s}",
		      "time", wall, "tid", w->tid, "pid", w->pid, "comm",
		      w->comm, "cpu", w->cpu, "kind", slow_kind_name(w->kind),
		      "wait_us", w->wait_ns / 1e3, "nice", w->nice,
		      "slice_us", w->slice_ns / 1e3, "cgroup", nm->cgroup,
		      "ran", ran, "rest", "tasks", (int)w->rest_tasks,
		      "run_us", w->rest_ns / 1e3, "idle_us", w->idle_ns / 1e3,
		      "unseen_us", w->unseen_ns / 1e3, "why", why);
	if (o && decision_json(o, w)) {
		json_decref(o);
		return NULL;
	}
	return o;
}
