// SPDX-License-Identifier: GPL-2.0
/*
 * OpenMetrics text (for node_exporter's textfile collector, or any
 * Prometheus-format scraper):
 *
 *   every stats key  -> counter   schedscope_<key>_total
 *   every histogram  -> histogram schedscope_<map name>, e.g.
 *                       schedscope_wakeup_lat_ns_bucket{le="1023.0"} (cumulative),
 *                       le="+Inf", _count, and _sum where the module keeps the
 *                       exact sum (*_sum_ns) and it matches the buckets' count
 *   --per-cpu        -> the same per CPU, labelled cpu="N", instead of totals
 *
 * and "# EOF" at the end. Buckets are those from the lowest to the highest
 * non-empty one (so a bucket series appears once a value lands in it).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "output/hist_summary.h"

static const struct {
	const char *key;
	const char *help;
} helps[] = {
	{ "switches", "Switch-outs of the measured task" },
	{ "switches_voluntary", "Switch-outs while blocking (the kernel's nvcsw)" },
	{ "switches_involuntary", "Switch-outs while runnable (the kernel's nivcsw)" },
	{ "switch_ins", "Switch-ins of the measured task" },
	{ "switches_to_idle", "Switch-outs of the measured task to the idle task" },
	{ "wakeup_displacements", "Switch-ins of a just-woken task that displaced a runnable one" },
	{ "preempted_by_wakeup", "Switch-outs of a task displaced by a just-woken one" },
	{ "wakeups", "sched_wakeup events of the measured task" },
	{ "wakeups_new", "sched_wakeup_new events of the measured task" },
	{ "migrations", "sched_migrate_task events of the measured task" },
	{ "wakeup_lat_count", "Wakeup-to-run latencies measured" },
	{ "wakeup_lat_sum_ns", "Sum of wakeup-to-run latencies, ns" },
	{ "preempt_lat_count", "Waits of preempted tasks measured" },
	{ "preempt_lat_sum_ns", "Sum of waits of preempted tasks, ns" },
	{ "new_lat_count", "First runs of new tasks measured" },
	{ "new_lat_sum_ns", "Sum of new tasks' waits for their first run, ns" },
	{ "untracked_switch_ins", "Switch-ins with no known start of the wait" },
	{ "slot_collisions", "Per-task slots taken over by another task" },
	{ "picks", "Switch-ins of fair tasks (EEVDF picks)" },
	{ "picks_ineligible", "EEVDF picks of an ineligible task" },
	{ "dequeues_delayed", "Dequeues delayed by DELAY_DEQUEUE" },
	{ "wakeup_decisions", "Wakeups of fair tasks whose preemption decision was classified" },
	{ "wakeup_preempt_pick", "Wakeups that preempted: the wakee won the EEVDF pick" },
	{ "wakeup_preempt_short", "Wakeups that preempted through PREEMPT_SHORT" },
	{ "wakeup_preempt_sched_idle", "Wakeups that preempted a SCHED_IDLE running task" },
	{ "wakeup_preempt_idle_cpu", "Wakeups on an idle CPU" },
	{ "wakeup_decline_pending", "Wakeups that did not preempt, a reschedule already pending" },
	{ "wakeup_decline_feature_off", "Wakeups that did not preempt: WAKEUP_PREEMPTION off" },
	{ "wakeup_decline_not_fair", "Wakeups that did not preempt: the running task not fair" },
	{ "wakeup_decline_policy", "Wakeups that did not preempt: a SCHED_BATCH or SCHED_IDLE wakee" },
	{ "wakeup_decline_ineligible", "Wakeups that did not preempt: the wakee not eligible" },
	{ "wakeup_decline_protected", "Wakeups that did not preempt: the running task's slice protected" },
	{ "wakeup_decline_deadline", "Wakeups that did not preempt: an earlier eligible deadline" },
	{ "wakeup_undecided", "Wakeups without a decision (the wakee was running)" },
	{ "wakeup_unexplained", "Wakeups whose decision the module could not explain" },
	{ "wakeup_preemptions", "Switch-outs of a running task that a wakeup's preemption decision caused" },
	{ "wakeup_preemptions_by_wakee", "Wakeup preemptions whose switch-in was the deciding wakee" },
	{ "picks_earlier_ineligible", "EEVDF picks that passed over an earlier deadline not eligible" },
	{ "picks_earlier_delayed", "EEVDF picks that passed over a delayed sleeper's earlier deadline" },
	{ "picks_earlier_eligible", "EEVDF picks that passed over an eligible earlier deadline (a next buddy)" },
	{ "picks_group_earlier_ineligible", "Group-level picks that passed over an earlier deadline not eligible" },
	{ "picks_group_earlier_eligible", "Group-level picks that passed over an eligible earlier deadline (kept or buddy)" },
};

static const char *help_of(const char *key)
{
	for (size_t i = 0; i < sizeof(helps) / sizeof(helps[0]); i++)
		if (!strcmp(helps[i].key, key))
			return helps[i].help;
	return NULL;
}

static void le_value(char *buf, size_t len, long double v)
{
	snprintf(buf, len, "%.1Lf", v);
}

static void cpu_label(char *buf, size_t len, bool percpu, unsigned int cpu,
		      bool more)
{
	if (percpu)
		snprintf(buf, len, "cpu=\"%u\"%s", cpu, more ? "," : "");
	else
		buf[0] = '\0';
}

static void hist_samples(const struct out_hist *o, bool percpu, FILE *out)
{
	char cpu[32], le[64], sum[64];
	uint64_t cumulative = 0;
	unsigned int b;

	cpu_label(cpu, sizeof(cpu), percpu, o->src->cpu, true);
	for (b = 0; b < o->bins.n; b++) {
		cumulative += o->bins.bin[b].count;
		le_value(le, sizeof(le), o->bins.bin[b].hi);
		fprintf(out, "schedscope_%s_bucket{%sle=\"%s\"} %" PRIu64 "\n",
			o->name, cpu, le, cumulative);
	}
	fprintf(out, "schedscope_%s_bucket{%sle=\"+Inf\"} %" PRIu64 "\n",
		o->name, cpu, cumulative);
	cpu_label(cpu, sizeof(cpu), percpu, o->src->cpu, false);
	fprintf(out, "schedscope_%s_count%s%s%s %" PRIu64 "\n", o->name,
		percpu ? "{" : "", cpu, percpu ? "}" : "", cumulative);
	/* OpenMetrics: no _sum for a histogram with negative buckets. */
	if (o->mean_exact && !o->is_signed) {
		out_num(sum, sizeof(sum), o->exact_sum);
		fprintf(out, "schedscope_%s_sum%s%s%s %s\n", o->name,
			percpu ? "{" : "", cpu, percpu ? "}" : "", sum);
	}
}

static void om_hist(const struct ss_snapshot *snap, const struct snapshot_hist_set *set,
		    const struct out_opts *opts, FILE *out)
{
	struct out_hist *o = malloc(sizeof(*o));
	size_t c;

	if (!o)
		return;
	out_hist_prepare(o, &set->total, &snap->stats, false, opts);
	fprintf(out, "# HELP schedscope_%s Histogram hist/%s of the schedscope "
		"module%s%s\n", o->name, set->total.file, o->unit[0] ? ", " : "",
		o->unit);
	fprintf(out, "# TYPE schedscope_%s histogram\n", o->name);
	if (o->unit[0])
		fprintf(out, "# UNIT schedscope_%s %s\n", o->name, o->unit);
	if (!opts->per_cpu || set->percpu_missing) {
		hist_samples(o, false, out);
	} else {
		for (c = 0; c < set->ncpu; c++) {
			out_hist_prepare(o, &set->cpu[c], snap->have_percpu ?
					 &snap->percpu : NULL, true, opts);
			hist_samples(o, true, out);
		}
	}
	free(o);
}

int out_openmetrics(const struct ss_snapshot *snap, const struct out_opts *opts,
		    FILE *out)
{
	const struct kv_stats *st = &snap->stats;
	size_t i, j;

	for (i = 0; opts->stats && i < st->count; i++) {
		const char *key = st->items[i].key, *help = help_of(key);

		fprintf(out, "# HELP schedscope_%s %s\n", key,
			help ? help : "Counter of the schedscope module");
		fprintf(out, "# TYPE schedscope_%s counter\n", key);
		if (!opts->per_cpu || !snap->have_percpu) {
			fprintf(out, "schedscope_%s_total %" PRIu64 "\n", key,
				st->items[i].value);
			continue;
		}
		for (j = 0; j < snap->percpu.count; j++)
			if (!strcmp(snap->percpu.items[j].key, key))
				fprintf(out, "schedscope_%s_total{cpu=\"%u\"} %"
					PRIu64 "\n", key, snap->percpu.items[j].cpu,
					snap->percpu.items[j].value);
	}
	for (i = 0; i < snap->nhist; i++)
		om_hist(snap, &snap->hist[i], opts, out);
	fputs("# EOF\n", out);
	return ferror(out) ? -EIO : 0;
}
