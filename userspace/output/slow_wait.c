// SPDX-License-Identifier: GPL-2.0
/* A slow wait printed for a person (output/slow_wait.h). */
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

/* Who kept the CPU: the longest runner, and how it compares with w's task. */
static void culprit_why(const struct slow_wait *w, char *buf, size_t len)
{
	const struct slow_ran *r = &w->ran[0];
	char run[32], weight[96] = "";

	duration(r->run_ns, run, sizeof(run));
	if (r->nice < w->nice)
		snprintf(weight, sizeof(weight), ", at nice %d against this "
			 "task's %d (more weight)", r->nice, w->nice);
	else if (r->nice > w->nice)
		snprintf(weight, sizeof(weight), ", at nice %d (less weight "
			 "than this task's %d)", r->nice, w->nice);
	switch (w->kind) {
	case SLOW_WOKEN:
		snprintf(buf, len, "woken, not run: %s/%d kept the CPU %s of "
			 "it%s", r->comm, r->tid, run, weight);
		break;
	case SLOW_PREEMPTED:
		snprintf(buf, len, "preempted, then %s/%d ran %s of the "
			 "wait%s", r->comm, r->tid, run, weight);
		break;
	default:
		snprintf(buf, len, "new, before its first run %s/%d ran %s%s",
			 r->comm, r->tid, run, weight);
		break;
	}
}

void slow_wait_why(const struct slow_wait *w, const char *cgroup, char *buf,
		   size_t len)
{
	char d[32];

	if (w->kind == SLOW_THROTTLED) {
		snprintf(buf, len, "throttled: cgroup %s used its cpu.max "
			 "quota; no CPU was owed to it", cgroup ? cgroup :
			 "(gone)");
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
		culprit_why(w, buf, len);
	} else if (w->nran) {
		snprintf(buf, len, "%u tasks took turns on CPU %d, %s/%d the "
			 "longest", w->nran + w->rest_tasks, w->cpu,
			 w->ran[0].comm, w->ran[0].tid);
	} else {
		snprintf(buf, len, "nothing else ran on CPU %d", w->cpu);
	}
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
		    const char *cgroup)
{
	char ran[640], why[320], hms[16];
	time_t t = (time_t)wall;
	struct tm tm;

	ran_list(w, ran, sizeof(ran));
	slow_wait_why(w, cgroup, why, sizeof(why));
	if (!localtime_r(&t, &tm) ||
	    !strftime(hms, sizeof(hms), "%H:%M:%S", &tm))
		snprintf(hms, sizeof(hms), "?");
	fprintf(out, "%-8s %-16s %7d %-9s %9llu  %s; %s\n", hms, w->comm,
		w->tid, slow_kind_name(w->kind),
		(unsigned long long)(w->wait_ns / 1000), ran, why);
	return ferror(out) ? -1 : 0;
}

static json_t *ran_json(const struct slow_ran *r)
{
	return json_pack("{s:i, s:i, s:s, s:f, s:i, s:f}", "tid", r->tid,
			 "pid", r->pid, "comm", r->comm, "run_us",
			 r->run_ns / 1e3, "nice", r->nice, "slice_us",
			 r->slice_ns / 1e3);
}

json_t *slow_wait_json(const struct slow_wait *w, double wall,
		       const char *cgroup)
{
	json_t *ran = json_array(), *o;
	char why[320];
	unsigned int i;

	for (i = 0; ran && i < w->nran; i++)
		if (json_array_append_new(ran, ran_json(&w->ran[i]))) {
			json_decref(ran);
			return NULL;
		}
	slow_wait_why(w, cgroup, why, sizeof(why));
	o = json_pack("{s:f, s:i, s:i, s:s, s:i, s:s, s:f, s:n, s:i, s:f, "
		      "s:s?, s:o, s:{s:i, s:f}, s:f, s:f, s:s}",
		      "time", wall, "tid", w->tid, "pid", w->pid, "comm",
		      w->comm, "cpu", w->cpu, "kind", slow_kind_name(w->kind),
		      "wait_us", w->wait_ns / 1e3, "decision", "nice", w->nice,
		      "slice_us", w->slice_ns / 1e3, "cgroup", cgroup, "ran",
		      ran, "rest", "tasks", (int)w->rest_tasks, "run_us",
		      w->rest_ns / 1e3, "idle_us", w->idle_ns / 1e3,
		      "unseen_us", w->unseen_ns / 1e3, "why", why);
	return o;
}
