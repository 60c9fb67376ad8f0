// SPDX-License-Identifier: GPL-2.0
/* A run file's "module" object read into numbers (results/run_module.h). */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lib/error_msg.h"
#include "results/run_module.h"

/*
 * A count of the run file as a double: an integer >= 0, or a real from
 * 2^63 on (how `show --json` writes what jansson's integers cannot hold).
 * NAN when key is absent; -EINVAL when it is not a count.
 */
static int get_count(json_t *obj, const char *key, double *v, char *err,
		     size_t errlen)
{
	json_t *j = json_object_get(obj, key);

	*v = NAN;
	if (!j)
		return 0;
	if (json_is_integer(j) && json_integer_value(j) >= 0)
		*v = json_integer_value(j);
	else if (json_is_real(j) && json_real_value(j) >= 0x1p63 &&
		 json_real_value(j) <= 0x1p64)
		*v = json_real_value(j);
	else
		return error_ret(err, errlen, -EINVAL, "\"stats\": \"%s\" is not a count",
				 key);
	return 0;
}

static int read_hist_stats(json_t *stats, const struct cat_hist_info *h,
			   struct run_hist *rh, char *err, size_t errlen)
{
	char key[3][96];

	snprintf(key[0], sizeof(key[0]), "%s_count", h->name);
	snprintf(key[1], sizeof(key[1]), "%s_sum_%s%s", h->name,
		 h->is_signed ? "pos_" : "", h->unit);
	snprintf(key[2], sizeof(key[2]), "%s_sum_neg_%s", h->name, h->unit);
	rh->sum_neg = NAN;
	return get_count(stats, key[0], &rh->count, err, errlen) ||
	       get_count(stats, key[1], &rh->sum, err, errlen) ||
	       (h->is_signed &&
		get_count(stats, key[2], &rh->sum_neg, err, errlen)) ? -EINVAL : 0;
}

static int read_stats(json_t *stats, struct run_module *m, char *err,
		      size_t errlen)
{
	size_t i;

	if (get_count(stats, "switches", &m->switches, err, errlen))
		return -EINVAL;
	for (i = 0; i < CAT_NR_COUNTERS; i++)
		if (get_count(stats, cat_counters[i].name, &m->counter[i], err,
			      errlen))
			return -EINVAL;
	for (i = 0; i < CAT_NR_HISTS; i++)
		if (read_hist_stats(stats, &cat_hists[i], &m->hist[i], err,
				    errlen))
			return -EINVAL;
	return 0;
}

/* A bucket bound of the run file is want: exactly, or as the double it was written as. */
static bool bound_is(json_t *v, long double want)
{
	if (json_is_integer(v))
		return (long double)json_integer_value(v) == want;
	return json_is_real(v) && json_real_value(v) == (double)want;
}

/* The row of h's buckets a bucket {lo, hi} is, or -1. */
static long bucket_row(const struct cat_hist_info *h, json_t *lo, json_t *hi)
{
	unsigned int row;

	if (h->is_signed) {
		if (!json_is_integer(lo))
			return -1;
		row = slog2_hist_row(json_integer_value(lo));
		return bound_is(lo, slog2_hist_row_min(row)) &&
		       bound_is(hi, slog2_hist_row_max(row)) ? (long)row : -1;
	}
	if (json_is_integer(lo) && json_integer_value(lo) >= 0)
		row = log2_hist_bucket(json_integer_value(lo));
	else if (json_is_real(lo) && json_real_value(lo) == 0x1p63)
		row = LOG2_HIST_BUCKETS - 1;
	else
		return -1;
	return bound_is(lo, log2_hist_bucket_min(row)) &&
	       bound_is(hi, log2_hist_bucket_max(row)) ? (long)row : -1;
}

static int read_buckets(json_t *hist, const struct cat_hist_info *h,
			struct run_hist *rh, char *err, size_t errlen)
{
	json_t *buckets = json_object_get(hist, "buckets"), *b, *count;
	size_t i;
	long row;

	if (!json_is_array(buckets))
		return error_ret(err, errlen, -EINVAL, "histogram %s has no \"buckets\" "
				 "array", h->name);
	json_array_foreach(buckets, i, b) {
		count = json_object_get(b, "count");
		row = bucket_row(h, json_object_get(b, "lo"),
				 json_object_get(b, "hi"));
		if (row < 0 || !json_is_integer(count) ||
		    json_integer_value(count) < 0)
			return error_ret(err, errlen, -EINVAL, "histogram %s: bucket %zu "
					 "is not {\"lo\", \"hi\", \"count\"} of "
					 "a %s bucket", h->name, i,
					 h->is_signed ? "signed log2" : "log2");
		if (h->is_signed)
			*slog2_hist_row_slot(&rh->s, row) +=
				json_integer_value(count);
		else
			rh->u.buckets[row] += json_integer_value(count);
	}
	return 0;
}

/* hists[i], hist: into m when the catalogue knows its file. */
static int read_hist(json_t *hist, size_t i, struct run_module *m, char *err,
		     size_t errlen)
{
	const char *file = json_string_value(json_object_get(hist, "file"));
	const char *unit = json_string_value(json_object_get(hist, "unit"));
	const struct cat_hist_info *h = NULL;
	struct run_hist *rh;
	size_t k;

	if (!file)
		return error_ret(err, errlen, -EINVAL, "\"hists\"[%zu] has no \"file\"",
				 i);
	for (k = 0; k < CAT_NR_HISTS && !h; k++)
		if (!strcmp(cat_hists[k].name, file))
			h = &cat_hists[k];
	if (!h)
		return 0;
	rh = &m->hist[h - cat_hists];
	if (rh->present)
		return error_ret(err, errlen, -EINVAL, "histogram %s twice", file);
	/* `show --json` names time units only: "" for a percentage */
	if (!unit || (strcmp(unit, h->unit) &&
		      (*unit || !strcmp(h->unit, "ns") || !strcmp(h->unit, "vns"))))
		return error_ret(err, errlen, -EINVAL, "histogram %s is in \"%s\", not "
				 "its own unit \"%s\"", file, unit ? unit : "",
				 h->unit);
	rh->present = true;
	return read_buckets(hist, h, rh, err, errlen);
}

/* The ns a call of one probe in "cost": a number, or null (NAN). */
static int read_cost_ns(json_t *cost, const char *key, double *ns, char *err,
			size_t errlen)
{
	json_t *v = json_object_get(cost, key);

	*ns = NAN;
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_number(v) || json_number_value(v) < 0)
		return error_ret(err, errlen, -EINVAL, "cost's \"%s\" is not a "
				 "number of ns or null", key);
	*ns = json_number_value(v);
	return 0;
}

/* "cost" of `schedscope show --json` (modules before it have none). */
static int read_cost(json_t *module, struct run_module *m, char *err,
		     size_t errlen)
{
	json_t *cost = json_object_get(module, "cost");

	json_t *sample;

	m->cost_switch_ns = m->cost_wakeup_ns = NAN;
	m->sample = 1;
	if (!cost)
		return 0;
	if (!json_is_object(cost))
		return error_ret(err, errlen, -EINVAL, "\"cost\" is not an object");
	/* run files before sampling have none: every event */
	sample = json_object_get(cost, "sample");
	if (sample && (!json_is_integer(sample) ||
		       json_integer_value(sample) < 1 ||
		       json_integer_value(sample) > 65536))
		return error_ret(err, errlen, -EINVAL, "cost's \"sample\" is not "
				 "a number from 1 to 65536");
	if (sample)
		m->sample = (unsigned int)json_integer_value(sample);
	return read_cost_ns(cost, "switch_ns", &m->cost_switch_ns, err, errlen) ?:
	       read_cost_ns(cost, "wakeup_ns", &m->cost_wakeup_ns, err, errlen);
}

int run_module_from_json(json_t *module, struct run_module *m, char *err,
			 size_t errlen)
{
	json_t *stats = json_object_get(module, "stats");
	json_t *hists = json_object_get(module, "hists"), *h;
	size_t i;

	memset(m, 0, sizeof(*m));
	if (!json_is_object(stats) || !json_is_array(hists))
		return error_ret(err, errlen, -EINVAL, "no \"stats\" object and \"hists\" "
				 "array (not `schedscope show --json` output)");
	if (read_stats(stats, m, err, errlen) || read_cost(module, m, err, errlen))
		return -EINVAL;
	json_array_foreach(hists, i, h)
		if (read_hist(h, i, m, err, errlen))
			return -EINVAL;
	return 0;
}

void run_hist_bins(const struct run_module *m, enum cat_hist h,
		   struct hist_bins *b)
{
	const struct run_hist *rh = &m->hist[h];

	memset(b, 0, sizeof(*b));
	b->is_signed = cat_hists[h].is_signed;
	if (!rh->present)
		return;
	if (b->is_signed)
		hist_bins_from_slog2(b, &rh->s);
	else
		hist_bins_from_log2(b, &rh->u);
}
