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
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hist/unit.h"
#include "hist/log2_hist.h"
#include "report/report.h"

/* Factor from a unit to us; NAN for one that is not a time. */
static double to_us(const char *unit)
{
	if (!strcmp(unit, "ns"))
		return 1e-3;
	if (!strcmp(unit, "us"))
		return 1;
	if (!strcmp(unit, "ms"))
		return 1e3;
	return NAN;
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
	const struct run_hist *h;
	unsigned int k;

	(void)r;
	if (!run->module || !run->module->hist[CAT_HIST_WAKEUP_LAT].present)
		return 0;
	h = &run->module->hist[CAT_HIST_WAKEUP_LAT];
	for (k = 0; k < LOG2_HIST_BUCKETS; k++)
		sum->h.buckets[k] += h->u.buckets[k];
	return 1;
}

static void print_module_sum(struct report *r, struct hist_sum *sum)
{
	const struct cat_hist_info *h = &cat_hists[CAT_HIST_WAKEUP_LAT];

	snprintf(sum->h.name, sizeof(sum->h.name), "%s_%s", h->name, h->unit);
	print_hist_us(r, &sum->h, h->unit);
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

/*
 * What the buckets of the run's wakeup_lat histogram say (hist/bins.h), and
 * the factor from its unit to us; false when it has none with wakeups.
 */
static bool module_lat_bins(const struct sweep_run *run, struct hist_bins *b,
			    struct hist_summary *sum, double *us)
{
	*us = to_us(cat_hists[CAT_HIST_WAKEUP_LAT].unit);
	if (!run->module || isnan(*us))
		return false;
	run_hist_bins(run->module, CAT_HIST_WAKEUP_LAT, b);
	hist_bins_summarize(b, sum);
	return sum->count > 0;
}

static bool module_run_lat(const struct sweep_run *run, double *n,
			   double *min, double *max)
{
	struct hist_summary sum;
	struct hist_bins b;
	double us;

	if (!module_lat_bins(run, &b, &sum, &us))
		return false;
	*n = sum.count;
	*min = us * sum.min_lo;
	*max = us * sum.max_hi;
	return true;
}

/*
 * Exact mean from the counters (the stats are in ns whatever the unit), not
 * the histogram summary's, which is a bucket estimate when the counters and
 * the buckets were read at different moments.
 */
double metric_wakeup_lat_us(const struct sweep_run *run)
{
	const struct run_hist *h;

	if (!run->module)
		return NAN;
	h = &run->module->hist[CAT_HIST_WAKEUP_LAT];
	return h->count > 0 ? h->sum / h->count / 1e3 : NAN;
}

/* A percentile's estimate of the run's wakeup_lat histogram, in us. */
static double module_lat_pct_us(const struct sweep_run *run, double pct)
{
	struct hist_summary sum;
	struct hist_bins b;
	double us, v;

	if (!module_lat_bins(run, &b, &sum, &us) ||
	    hist_bins_percentile(&b, pct, &v, NULL, NULL))
		return NAN;
	return us * v;
}

double metric_wakeup_p50_us(const struct sweep_run *run)
{
	return module_lat_pct_us(run, 50);
}

double metric_wakeup_p90_us(const struct sweep_run *run)
{
	return module_lat_pct_us(run, 90);
}

double metric_wakeup_p99_us(const struct sweep_run *run)
{
	return module_lat_pct_us(run, 99);
}

double metric_wakeup_p999_us(const struct sweep_run *run)
{
	return module_lat_pct_us(run, 99.9);
}

static double module_lat_stddev_us(const struct sweep_run *run)
{
	struct hist_summary sum;
	struct hist_bins b;
	double us;

	return module_lat_bins(run, &b, &sum, &us) ? us * sum.stddev : NAN;
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
