/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Printers of a snapshot (kmod/snapshot.h), one file each: output/text.c
 * (bpftrace, bcc and libbpf-tools histogram layouts), output/json.c, output/csv.c,
 * output/openmetrics.c; output/output.c holds what they share: histograms moved
 * to the chosen unit and their summaries.
 */
#ifndef SCHEDSCOPE_OUTPUT_H
#define SCHEDSCOPE_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>

#include "hist/bins.h"
#include "hist/unit.h"
#include "kmod/snapshot.h"

enum out_format {
	OUT_BPFTRACE,		/* default: bpftrace's hist() text */
	OUT_BCC,		/* bcc's print_log2_hist() (runqlat.py) */
	OUT_LIBBPF,		/* libbpf-tools' print_log2_hist() (runqlat) */
	OUT_JSON,
	OUT_CSV,
	OUT_OPENMETRICS,
};

struct out_opts {
	enum out_format format;
	enum hist_unit unit;
	bool per_cpu;		/* per-CPU counters and histograms */
	bool summary;		/* summary lines (text formats) */
	bool stats;		/* the counters, not only the histograms */
	bool csv_header;	/* CSV: print the header line */
	double interval;	/* watch: seconds the snapshot covers, else 0 */
	bool reset_seen;	/* watch: the counters went down (reset) */
};

/* The percentiles of every summary. */
#define OUT_NPCT	4
extern const double out_pct[OUT_NPCT];
extern const char *const out_pct_name[OUT_NPCT];	/* "p50" ... "p99.9" */

/* A histogram ready to print: in the chosen unit, with its summary. */
struct out_hist {
	const struct snapshot_hist *src;
	char name[LOG2_HIST_NAME_MAX];	/* map name in the chosen unit */
	char unit[8];			/* "ns", "us", "vns", ... or "" */
	double scale;			/* divisor from the module's unit */
	bool is_signed;
	struct log2_hist u;		/* rescaled, !is_signed */
	struct slog2_hist s;		/* rescaled, is_signed */
	struct hist_bins bins;		/* of the rescaled histogram */
	/* From the module's own buckets, divided by scale: */
	struct hist_summary sum;
	bool mean_exact;		/* from the *_sum_ns / *_count counters */
	double exact_mean;
	long double exact_sum;		/* in the chosen unit */
	bool have_pct;
	double pct[OUT_NPCT];
	long double pct_lo[OUT_NPCT], pct_hi[OUT_NPCT];
};

/*
 * Prepare h for printing. stats: the counters of the same scope (totals,
 * or stats_percpu for h's cpu when percpu), used for the exact mean; may be
 * NULL.
 */
void out_hist_prepare(struct out_hist *o, const struct snapshot_hist *h,
		      const struct kv_stats *stats, bool percpu,
		      const struct out_opts *opts);

/* A number of a summary: integral values without decimals, else %.3f. */
void out_num(char *buf, size_t len, long double v);

int out_text(const struct ss_snapshot *snap, const struct out_opts *opts,
	     FILE *out);
int out_json(const struct ss_snapshot *snap, const struct out_opts *opts,
	     FILE *out);
int out_csv(const struct ss_snapshot *snap, const struct out_opts *opts,
	    FILE *out);
int out_openmetrics(const struct ss_snapshot *snap, const struct out_opts *opts,
		    FILE *out);

/* Dispatch on opts->format. Returns 0 or -EIO. */
int out_snapshot(const struct ss_snapshot *snap, const struct out_opts *opts,
		 FILE *out);

#endif
