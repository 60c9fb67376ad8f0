// SPDX-License-Identifier: GPL-2.0
/*
 * Section e of `schedscope report`: wakeup latency. The module's
 * wakeup_lat histograms and the workload's own lo_us/hi_us/count
 * histograms, each summed over a setting's repetitions; and a summary table
 * from the workload's lat_* table or, without one, the module's histogram
 * summaries.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hist/unit.h"
#include "hist/log2_hist.h"
#include "report/report.h"

static void fail(struct report *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void fail(struct report *r, const char *fmt, ...)
{
	va_list ap;

	if (r->error)
		return;
	r->error = -EINVAL;
	va_start(ap, fmt);
	vsnprintf(r->msg, sizeof(r->msg), fmt, ap);
	va_end(ap);
}

/* An integer >= 0 of a JSON value, else false. */
static bool json_u64(json_t *v, uint64_t *out)
{
	if (!json_is_integer(v) || json_integer_value(v) < 0)
		return false;
	*out = json_integer_value(v);
	return true;
}

/* Factor from a module unit to us; NAN for one that is not a time. */
static double to_us(const char *unit)
{
	if (!unit)
		return NAN;
	if (!strcmp(unit, "ns"))
		return 1e-3;
	if (!strcmp(unit, "us"))
		return 1;
	if (!strcmp(unit, "ms"))
		return 1e3;
	return NAN;
}

static const char *module_unit(const struct sweep_run *run)
{
	return run->module ? json_string_value(json_object_get(run->module,
							       "unit")) : NULL;
}

/* The unit of a module histogram: its own, else the module's; or NULL. */
static const char *module_hist_unit(const struct sweep_run *run, json_t *hist)
{
	json_t *u = json_object_get(hist, "unit");

	return json_is_string(u) ? json_string_value(u) : module_unit(run);
}

/*
 * Add a run's module histogram (unsigned, show --json buckets: inclusive
 * bounds of log2 buckets) to h. Its unit must be *unit, or set it.
 */
static int hist_add(struct report *r, const struct sweep_run *run,
		    json_t *hist, struct log2_hist *h, const char **unit)
{
	const char *file = json_string_value(json_object_get(hist, "file"));
	const char *hunit = module_hist_unit(run, hist);
	json_t *b;
	size_t i;

	if (json_is_true(json_object_get(hist, "signed")) || !hunit) {
		fail(r, "%s: module histogram %s: not an unsigned histogram "
		     "with a unit", run->path, file);
		return -EINVAL;
	}
	if (*unit && strcmp(*unit, hunit)) {
		fail(r, "%s: module histogram %s is in %s, other runs in %s",
		     run->path, file, hunit, *unit);
		return -EINVAL;
	}
	*unit = hunit;
	json_array_foreach(json_object_get(hist, "buckets"), i, b) {
		uint64_t lo = 1, hi = 0, count = 0;
		unsigned int k;
		bool ok;

		ok = json_u64(json_object_get(b, "lo"), &lo) &&
		     json_u64(json_object_get(b, "hi"), &hi) &&
		     json_u64(json_object_get(b, "count"), &count);
		k = log2_hist_bucket(lo);
		if (!ok || log2_hist_bucket_min(k) != lo ||
		    log2_hist_bucket_max(k) != hi) {
			fail(r, "%s: module histogram %s: bucket %zu is not a "
			     "log2 bucket {lo, hi, count}", run->path, file, i);
			return -EINVAL;
		}
		h->buckets[k] += count;
	}
	return 0;
}

/*
 * bpftrace's layout; in markdown a code block, with the blank line that
 * ends the histogram after the fence.
 */
static void print_hist(struct report *r, const struct log2_hist *h)
{
	char *text = NULL;
	size_t len;
	FILE *mem;

	if (!r->md) {
		log2_hist_print(h, r->out);
		return;
	}
	mem = open_memstream(&text, &len);
	if (!mem || log2_hist_print(h, mem) || fclose(mem)) {
		r->error = -ENOMEM;
		free(text);
		return;
	}
	fprintf(r->out, "```\n%.*s```\n\n", (int)(len ? len - 1 : 0), text);
	free(text);
}

/* Print a histogram of unit in us (ns buckets spread as `show --unit us`). */
static void print_hist_us(struct report *r, const struct log2_hist *h,
			  const char *unit)
{
	struct log2_hist *us = malloc(sizeof(*us));

	if (!us) {
		r->error = -ENOMEM;
		return;
	}
	if (!strcmp(unit, "ns")) {
		log2_hist_rescale(h, 1000, us);
		hist_unit_rename(h->name, HIST_UNIT_US, us->name, sizeof(us->name));
	} else {
		*us = *h;
	}
	print_hist(r, us);
	free(us);
}

/* The workload's lo_us hi_us count rows as a log2 histogram; false if not. */
static bool workload_hist_add(const struct sweep_run *run, struct log2_hist *h)
{
	json_t *t = sweep_run_table(run, "lo_us");
	size_t row, n = sweep_run_rows(run, "lo_us");

	if (!t || sweep_table_column(t, "hi_us") < 0 ||
	    sweep_table_column(t, "count") < 0)
		return false;
	for (row = 0; row < n; row++) {
		double lo = sweep_run_value(run, "lo_us", row);
		double hi = sweep_run_value(run, "hi_us", row);
		double count = sweep_run_value(run, "count", row);
		unsigned int k;

		/* [lo, hi) of whole us: [0, 1) is bucket 0, [1, 2) bucket 1. */
		if (!(lo >= 0 && lo < 1e18) || lo != floor(lo) ||
		    !(count >= 0 && count < 1e18) || count != floor(count))
			return false;
		k = log2_hist_bucket(lo);
		if (log2_hist_bucket_min(k) != lo ||
		    (double)log2_hist_bucket_max(k) + 1 != hi)
			return false;
		h->buckets[k] += count;
	}
	return true;
}

/* A setting's runs' histograms summed. */
struct hist_sum {
	struct log2_hist h;
	size_t runs;			/* that had one */
	const char *unit, *name;	/* module: of the runs' histograms */
	bool log2;			/* workload: all rows were log2 buckets */
};

/*
 * A histogram section: per setting that has any, the sum of its runs'
 * histograms under "SETTING (N runs):"; the title and the intro before the
 * first.
 */
struct hist_section {
	const char *title, *intro;
	const char *name;		/* of the sum, till print() names it */
	/*
	 * Add the run's histogram to sum: 1, 0 for a run without one, or
	 * -errno (r->error set) to end the section.
	 */
	int (*add)(struct report *r, const struct sweep_run *run,
		   struct hist_sum *sum);
	void (*print)(struct report *r, struct hist_sum *sum);
};

static void hist_section(struct report *r, const struct hist_section *sec)
{
	const struct sweep_results *res = r->res;
	struct hist_sum *sum = malloc(sizeof(*sum));
	bool titled = false;
	size_t s, i;
	int ret;

	if (!sum) {
		r->error = -ENOMEM;
		return;
	}
	for (s = 0; s < res->nsettings; s++) {
		const struct sweep_setting *set = &res->settings[s];

		log2_hist_init(&sum->h, sec->name);
		sum->runs = 0;
		sum->unit = NULL;
		sum->name = NULL;
		sum->log2 = true;
		for (i = 0; i < set->nruns; i++) {
			if (!sweep_run_used(set->runs[i]))
				continue;
			ret = sec->add(r, set->runs[i], sum);
			if (ret < 0)
				goto out;
			sum->runs += ret;
		}
		if (!sum->runs)
			continue;
		if (!titled) {
			report_title(r, sec->title);
			fprintf(r->out, "%s\n\n", sec->intro);
			titled = true;
		}
		fprintf(r->out, "%s (%zu run%s):\n\n", set->name, sum->runs,
			sum->runs > 1 ? "s" : "");
		sec->print(r, sum);
	}
out:
	free(sum);
}

static int add_module_run(struct report *r, const struct sweep_run *run,
			  struct hist_sum *sum)
{
	json_t *hist;

	/* A report that failed (a bad histogram, no memory) ends here. */
	if (r->error)
		return r->error;
	hist = sweep_run_hist(run, "wakeup_lat");
	if (!hist)
		return 0;
	if (hist_add(r, run, hist, &sum->h, &sum->unit))
		return -EINVAL;
	sum->name = json_string_value(json_object_get(hist, "name"));
	return 1;
}

static void print_module_sum(struct report *r, struct hist_sum *sum)
{
	snprintf(sum->h.name, sizeof(sum->h.name), "%s",
		 sum->name ? sum->name : "wakeup_lat_ns");
	print_hist_us(r, &sum->h, sum->unit);
}

static const struct hist_section module_hists = {
	.title = "Wakeup latency (module)",
	.intro = "Wakeup to running, every measured task, summed over "
		 "repetitions; in us.",
	.name = "",
	.add = add_module_run,
	.print = print_module_sum,
};

void section_module_hists(struct report *r)
{
	hist_section(r, &module_hists);
}

static int add_workload_run(struct report *r, const struct sweep_run *run,
			    struct hist_sum *sum)
{
	(void)r;
	if (!sweep_run_table(run, "lo_us"))
		return 0;
	sum->log2 &= workload_hist_add(run, &sum->h);
	return 1;
}

static void print_workload_sum(struct report *r, struct hist_sum *sum)
{
	if (!sum->log2) {
		fprintf(r->out, "(not log2 buckets: see the run files)\n\n");
		return;
	}
	print_hist(r, &sum->h);
}

static const struct hist_section workload_hists = {
	.title = "Latency histogram (workload)",
	.intro = "The workload's own histogram, summed over repetitions; in us.",
	.name = "lat_us",
	.add = add_workload_run,
	.print = print_workload_sum,
};

void section_workload_hists(struct report *r)
{
	hist_section(r, &workload_hists);
}

/* The workload's own summary of a run (its lat_* table). */
double metric_lat_mean_us(const struct sweep_run *run)
{
	return sweep_run_value(run, "lat_mean_us", 0);
}

static double metric_lat_stddev_us(const struct sweep_run *run)
{
	return sweep_run_value(run, "lat_stddev_us", 0);
}

/* N, min, max, mean, stddev of a setting, in us. */
struct lat_summary {
	double n, min, max, mean, stddev;
};

/*
 * Where a setting's latency summary comes from: each run's N, min and max
 * in us (false when the run has none), and each run's mean and stddev,
 * averaged over the repetitions; intro says so under the title.
 */
struct lat_source {
	bool (*run)(const struct sweep_run *run, double *n, double *min,
		    double *max);
	run_metric mean, stddev;
	const char *intro;
};

static bool workload_run_lat(const struct sweep_run *run, double *n,
			     double *min, double *max)
{
	*n = sweep_run_value(run, "lat_count", 0);
	*min = sweep_run_value(run, "lat_min_us", 0);
	*max = sweep_run_value(run, "lat_max_us", 0);
	return !isnan(*n);
}

/*
 * From the workload's lat_* table: N summed, the smallest min, the largest
 * max, mean and stddev averaged over the repetitions.
 */
static const struct lat_source workload_lat = {
	.run = workload_run_lat,
	.mean = metric_lat_mean_us,
	.stddev = metric_lat_stddev_us,
	.intro = "From the workload's own summary, in us: N summed, min of the "
		 "minima, max of\nthe maxima, mean and stddev averaged over "
		 "repetitions.",
};

/* A number of a summary member, or of an element of an array member. */
static double summary_num(json_t *summary, const char *key, int index)
{
	json_t *v = json_object_get(summary, key);

	if (index >= 0)
		v = json_array_get(v, index);
	return json_is_number(v) ? json_number_value(v) : NAN;
}

/*
 * The summary of the run's wakeup_lat histogram (show --json) and the
 * factor from its unit to us; NULL when there is no such histogram with
 * wakeups in a unit of time.
 */
static json_t *module_lat_summary(const struct sweep_run *run, double *us)
{
	json_t *h = sweep_run_hist(run, "wakeup_lat");
	json_t *sum = json_object_get(h, "summary");

	*us = to_us(module_hist_unit(run, h));
	if (!h || isnan(*us) || !(summary_num(sum, "count", -1) > 0))
		return NULL;
	return sum;
}

static bool module_run_lat(const struct sweep_run *run, double *n,
			   double *min, double *max)
{
	double us;
	json_t *sum = module_lat_summary(run, &us);

	if (!sum)
		return false;
	*n = summary_num(sum, "count", -1);
	*min = us * summary_num(sum, "min", 0);
	*max = us * summary_num(sum, "max", 1);
	return true;
}

/*
 * Exact mean from the counters (the stats are in ns whatever the unit), not
 * the histogram summary's, which is a bucket estimate when the counters and
 * the buckets were read at different moments.
 */
double metric_wakeup_lat_us(const struct sweep_run *run)
{
	double n = sweep_run_stat(run, "wakeup_lat_count");

	return n > 0 ? sweep_run_stat(run, "wakeup_lat_sum_ns") / n / 1e3 : NAN;
}

/* A percentile's estimate of the run's wakeup_lat summary, in us. */
static double module_lat_pct_us(const struct sweep_run *run, const char *pct)
{
	double us;
	json_t *sum = module_lat_summary(run, &us);

	return sum ? us * summary_num(json_object_get(sum, pct), "estimate",
				      -1) : NAN;
}

double metric_wakeup_p50_us(const struct sweep_run *run)
{
	return module_lat_pct_us(run, "p50");
}

double metric_wakeup_p90_us(const struct sweep_run *run)
{
	return module_lat_pct_us(run, "p90");
}

double metric_wakeup_p99_us(const struct sweep_run *run)
{
	return module_lat_pct_us(run, "p99");
}

double metric_wakeup_p999_us(const struct sweep_run *run)
{
	return module_lat_pct_us(run, "p99.9");
}

static double module_lat_stddev_us(const struct sweep_run *run)
{
	double us;
	json_t *sum = module_lat_summary(run, &us);

	return sum ? us * summary_num(sum, "stddev", -1) : NAN;
}

/*
 * From the module's wakeup_lat summaries: N summed, the lowest bound of the
 * minimum's bucket, the highest of the maximum's, mean (exact from the
 * counters) and stddev (of the bucket middles) averaged.
 */
static const struct lat_source module_lat = {
	.run = module_run_lat,
	.mean = metric_wakeup_lat_us,
	.stddev = module_lat_stddev_us,
	.intro = "Wakeup latency from the module, in us: N summed; min and max "
		 "are bucket\nbounds (the lowest minimum's, the highest "
		 "maximum's); mean (exact) and stddev\n(of the bucket middles) "
		 "averaged over repetitions.",
};

/* Setting s's summary from src; false when no run of it has one. */
static bool setting_lat(struct report *r, size_t s,
			const struct lat_source *src, struct lat_summary *l)
{
	const struct sweep_setting *set = &r->res->settings[s];
	struct summary_stats st;
	double n, min, max;
	bool any = false;
	size_t i;

	l->n = 0;
	l->min = INFINITY;
	l->max = -INFINITY;
	for (i = 0; i < set->nruns; i++) {
		if (!sweep_run_used(set->runs[i]) ||
		    !src->run(set->runs[i], &n, &min, &max))
			continue;
		any = true;
		l->n += n;
		l->min = fmin(l->min, min);
		l->max = fmax(l->max, max);
	}
	setting_stats(r, s, src->mean, &st);
	l->mean = st.mean;
	setting_stats(r, s, src->stddev, &st);
	l->stddev = st.mean;
	return any;
}

/* The workload's summary where any run has one, else the module's. */
void section_latency_summary(struct report *r)
{
	static const char *const columns[] = {
		"setting", "N", "min", "max", "mean", "stddev", NULL
	};
	const struct sweep_results *res = r->res;
	const struct lat_source *src = &workload_lat;
	struct lat_summary l;
	struct report_table t;
	bool any = false;
	size_t s;

	for (s = 0; s < res->nsettings; s++)
		any |= setting_lat(r, s, src, &l);
	if (!any) {
		src = &module_lat;
		for (s = 0; s < res->nsettings; s++)
			any |= setting_lat(r, s, src, &l);
	}
	if (!any)
		return;
	report_title(r, "Latency summary");
	fprintf(r->out, "%s\n\n", src->intro);
	report_table_init_named(&t, columns);
	for (s = 0; s < res->nsettings; s++) {
		size_t row = report_table_row(&t);

		report_table_set(&t, row, 0, "%s", res->settings[s].name);
		if (!setting_lat(r, s, src, &l)) {
			report_table_set(&t, row, 1, "-");
			continue;
		}
		report_table_set(&t, row, 1, "%.0f", l.n);
		report_table_set_number(&t, row, 2, l.min, 2);
		report_table_set_number(&t, row, 3, l.max, 2);
		report_table_set_number(&t, row, 4, l.mean, 2);
		report_table_set_number(&t, row, 5, l.stddev, 2);
	}
	report_print_table(r, &t);
}
