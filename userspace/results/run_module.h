/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A run's module snapshot ("module" of a run file, docs/sweep.md: what
 * `schedscope show --json` printed after the run) as numbers: every counter
 * of the catalogue by its enum (kmod/catalogue.h), every histogram as the
 * buckets hist/ sums and summarizes. Report and plot read these fields, not
 * the run file's text.
 */
#ifndef SCHEDSCOPE_RESULTS_RUN_MODULE_H
#define SCHEDSCOPE_RESULTS_RUN_MODULE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "hist/bins.h"
#include "kmod/catalogue.h"

struct run_hist {
	bool present;			/* the run file has hist/<name> */
	struct log2_hist u;		/* of an unsigned histogram */
	struct slog2_hist s;		/* of a signed one */
	/* stats' NAME_count, NAME_sum_UNIT (signed: _sum_pos_, _sum_neg_) */
	double count, sum, sum_neg;	/* NAN: not in the run file */
};

struct run_module {
	double switches;			/* voluntary + involuntary */
	/* "cost": the module's timing of its probes, ns a call (NAN: none) */
	double cost_switch_ns, cost_wakeup_ns;
	/* its "sample": the EEVDF groups recorded 1 event in it (1: all) */
	unsigned int sample;
	double counter[CAT_NR_COUNTERS];	/* NAN: not in the run file */
	struct run_hist hist[CAT_NR_HISTS];
};

/*
 * Read a run file's "module" object. Its "cost", where there is one, must
 * hold numbers or null. Keys and histograms the catalogue does
 * not know (a newer module's) are passed over; a known one that is not a
 * count, or a histogram in another unit or whose buckets are not the
 * catalogue's log2 buckets, is an error naming it. Returns 0, or -EINVAL
 * with err saying what is wrong (without the file's name).
 */
int run_module_from_json(json_t *module, struct run_module *m, char *err,
			 size_t errlen);

/* Histogram h of m as rows (hist/bins.h); no rows when it is not there. */
void run_hist_bins(const struct run_module *m, enum cat_hist h,
		   struct hist_bins *b);

#endif
