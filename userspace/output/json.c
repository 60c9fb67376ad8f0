// SPDX-License-Identifier: GPL-2.0
/*
 * JSON output: one object per snapshot, on one line (so `watch --json`
 * prints JSON Lines). Numbers of the summaries are in the chosen unit;
 * bucket bounds are inclusive integers. The object is built once with
 * jansson: printed here, stored as it is in a sweep's run files.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "output/hist_summary.h"

/*
 * Enough digits for every number with three decimals below 1e12 (15 is
 * DBL_DIG), and no more: 388.6, not 388.60000000000002.
 */
#define DUMP_FLAGS	(JSON_COMPACT | JSON_PRESERVE_ORDER | \
			 JSON_REAL_PRECISION(15))

/* Put value under key; -1 (value dropped) when it is NULL or on no memory. */
static int put(json_t *obj, const char *key, json_t *value)
{
	return json_object_set_new(obj, key, value);
}

/* obj when nothing failed while filling it, else NULL. */
static json_t *filled(json_t *obj, int err)
{
	if (!err)
		return obj;
	json_decref(obj);
	return NULL;
}

/* A number written with decimals ("%.3f"): the double that text reads as. */
static json_t *json_decimal(const char *text)
{
	json_t *real = json_real(strtod(text, NULL));

	return real ? real : json_null();	/* not finite */
}

/* A number of a summary: the decimal out_num() writes, whole ones integers. */
static json_t *json_num(long double v)
{
	char buf[64], *end;
	long long whole;

	out_num(buf, sizeof(buf), v);
	if (!strchr(buf, '.')) {
		errno = 0;
		whole = strtoll(buf, &end, 10);
		if (!errno && !*end)
			return json_integer(whole);
	}
	return json_decimal(buf);
}

/* A counter; one past jansson's integers (2^63 and up) as a real. */
static json_t *json_u64(uint64_t v)
{
	return v <= INT64_MAX ? json_integer((json_int_t)v) : json_real(v);
}

static json_t *json_range(long double lo, long double hi)
{
	return json_pack("[o,o]", json_num(lo), json_num(hi));
}

static json_t *summary_json(const struct out_hist *o)
{
	json_t *sum = json_object();
	int err = put(sum, "count", json_u64(o->sum.count));
	int i;

	if (!o->sum.count)
		return filled(sum, err);
	err |= put(sum, "min", json_range(o->sum.min_lo, o->sum.min_hi));
	err |= put(sum, "max", json_range(o->sum.max_lo, o->sum.max_hi));
	err |= put(sum, "mean", json_num(o->mean_exact ? o->exact_mean :
					 o->sum.mean));
	err |= put(sum, "mean_exact", json_boolean(o->mean_exact));
	err |= put(sum, "mean_range", json_range(o->sum.mean_lo,
						 o->sum.mean_hi));
	err |= put(sum, "stddev", json_num(o->sum.stddev));
	for (i = 0; i < OUT_NPCT; i++)
		err |= put(sum, out_pct_name[i],
			   json_pack("{s:o, s:o}", "estimate", json_num(o->pct[i]),
				     "range", json_range(o->pct_lo[i],
							 o->pct_hi[i])));
	return filled(sum, err);
}

/* "buckets" and "summary" of o into obj; non-zero when something failed. */
static int hist_body(json_t *obj, const struct out_hist *o)
{
	json_t *buckets = json_array();
	unsigned int b;
	int err = 0;

	for (b = 0; b < o->bins.n; b++)
		err |= json_array_append_new(buckets, json_pack("{s:o, s:o, s:o}",
			"lo", json_num(o->bins.bin[b].lo),
			"hi", json_num(o->bins.bin[b].hi),
			"count", json_u64(o->bins.bin[b].count)));
	err |= put(obj, "buckets", filled(buckets, err));
	err |= put(obj, "summary", summary_json(o));
	return err;
}

static json_t *per_cpu_json(const struct ss_snapshot *snap,
			    const struct snapshot_hist_set *set,
			    const struct out_opts *opts, struct out_hist *o)
{
	json_t *cpus = json_array(), *cpu;
	int err = 0;
	size_t c;

	for (c = 0; c < set->ncpu; c++) {
		out_hist_prepare(o, &set->cpu[c], snap->have_percpu ?
				 &snap->percpu : NULL, true, opts);
		cpu = json_pack("{s:I}", "cpu", (json_int_t)set->cpu[c].cpu);
		err |= json_array_append_new(cpus, filled(cpu, hist_body(cpu, o)));
	}
	return filled(cpus, err);
}

static json_t *hist_set_json(const struct ss_snapshot *snap,
			     const struct snapshot_hist_set *set,
			     const struct out_opts *opts)
{
	struct out_hist *o = malloc(sizeof(*o));
	json_t *hist;
	int err;

	if (!o)
		return NULL;
	out_hist_prepare(o, &set->total, &snap->stats, false, opts);
	hist = json_pack("{s:s, s:s, s:s, s:b}", "file", set->total.file,
			 "name", o->name, "unit", o->unit,
			 "signed", o->is_signed);
	err = hist_body(hist, o);
	if (opts->per_cpu && set->percpu_missing)
		err |= put(hist, "per_cpu", json_null());
	else if (opts->per_cpu)
		err |= put(hist, "per_cpu", per_cpu_json(snap, set, opts, o));
	free(o);
	return filled(hist, err);
}

static json_t *stats_json(const struct kv_stats *st)
{
	json_t *stats = json_object();
	int err = 0;
	size_t i;

	for (i = 0; i < st->count; i++)
		err |= put(stats, st->items[i].key, json_u64(st->items[i].value));
	return filled(stats, err);
}

/* One object per CPU, "cpu" first, in the order of the per-CPU file. */
static json_t *stats_percpu_json(const struct kv_stats *st)
{
	json_t *cpus = json_array(), *cpu = NULL;
	int err = 0;
	size_t i;

	for (i = 0; i < st->count; i++) {
		const struct kv_stat *s = &st->items[i];

		if (!cpu || s->cpu != st->items[i - 1].cpu) {
			cpu = json_pack("{s:I}", "cpu", (json_int_t)s->cpu);
			err |= json_array_append_new(cpus, cpu);
		}
		err |= put(cpu, s->key, json_u64(s->value));
	}
	return filled(cpus, err);
}

static json_t *hists_json(const struct ss_snapshot *snap,
			  const struct out_opts *opts)
{
	json_t *hists = json_array();
	int err = 0;
	size_t i;

	for (i = 0; i < snap->nhist; i++)
		err |= json_array_append_new(hists, hist_set_json(snap,
						&snap->hist[i], opts));
	return filled(hists, err);
}

/* "stats" (and "stats_percpu") into obj; non-zero when something failed. */
static int counters(json_t *obj, const struct ss_snapshot *snap,
		    const struct out_opts *opts)
{
	int err = put(obj, "stats", stats_json(&snap->stats));

	if (opts->per_cpu && snap->have_percpu)
		err |= put(obj, "stats_percpu", stats_percpu_json(&snap->percpu));
	return err;
}

/*
 * "cost": the module's own timing of its busy probes (kmod/probe_cost.h),
 * each mean null while no call was timed.
 */
static json_t *cost_json(const struct probe_cost *c)
{
	json_t *cost = json_object();
	int err = 0;

	err |= put(cost, "switch_ns", isnan(c->switch_ns) ? json_null() :
		   json_num(c->switch_ns));
	err |= put(cost, "wakeup_ns", isnan(c->wakeup_ns) ? json_null() :
		   json_num(c->wakeup_ns));
	err |= put(cost, "timed_switches", json_u64(c->timed_switches));
	err |= put(cost, "timed_wakeups", json_u64(c->timed_wakeups));
	err |= put(cost, "every", json_integer(c->every));
	err |= put(cost, "clock_ns", json_num(c->clock_ns));
	err |= put(cost, "sample", json_integer(c->sample ? c->sample : 1));
	return filled(cost, err);
}

json_t *out_json_snapshot(const struct ss_snapshot *snap,
			  const struct out_opts *opts)
{
	char text[64];
	json_t *json;
	int err = 0;

	snprintf(text, sizeof(text), "%lld.%03ld", (long long)snap->when.tv_sec,
		 snap->when.tv_nsec / 1000000);
	json = json_pack("{s:o, s:s}", "time", json_decimal(text),
			 "unit", hist_unit_name(opts->unit));
	if (opts->interval > 0) {
		snprintf(text, sizeof(text), "%.3f", opts->interval);
		err |= put(json, "interval_s", json_decimal(text));
		err |= put(json, "reset_seen", json_boolean(opts->reset_seen));
	}
	if (opts->stats)
		err |= counters(json, snap, opts);
	if (snap->cost.have)
		err |= put(json, "cost", cost_json(&snap->cost));
	err |= put(json, "hists", hists_json(snap, opts));
	return filled(json, err);
}

int out_json(const struct ss_snapshot *snap, const struct out_opts *opts,
	     FILE *out)
{
	json_t *json = out_json_snapshot(snap, opts);
	int ret;

	if (!json)
		return -EIO;
	ret = json_dumpf(json, out, DUMP_FLAGS);
	json_decref(json);
	if (ret || fputc('\n', out) == EOF)
		return -EIO;
	return ferror(out) ? -EIO : 0;
}
