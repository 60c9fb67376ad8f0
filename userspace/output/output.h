/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Printers of a snapshot (kmod/snapshot.h), one file each: output/text.c
 * (bpftrace, bcc and libbpf-tools histogram layouts), output/json.c, output/csv.c,
 * output/openmetrics.c, output/prometheus.c; output/output.c picks one by --format. What they
 * share (histograms moved to the chosen unit, their summaries) is in
 * output/hist_summary.h.
 */
#ifndef SCHEDSCOPE_OUTPUT_H
#define SCHEDSCOPE_OUTPUT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "hist/unit.h"
#include "kmod/snapshot.h"

enum out_format {
	OUT_BPFTRACE,		/* default: bpftrace's hist() text */
	OUT_BCC,		/* bcc's print_log2_hist() (runqlat.py) */
	OUT_LIBBPF,		/* libbpf-tools' print_log2_hist() (runqlat) */
	OUT_JSON,
	OUT_CSV,
	OUT_OPENMETRICS,
	OUT_PROMETHEUS,		/* Prometheus text 0.0.4 (node_exporter, promtool) */
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

/* The printers, one file each; output.c dispatches to them. */
int out_text(const struct ss_snapshot *snap, const struct out_opts *opts,
	     FILE *out);
int out_json(const struct ss_snapshot *snap, const struct out_opts *opts,
	     FILE *out);
int out_csv(const struct ss_snapshot *snap, const struct out_opts *opts,
	    FILE *out);
int out_openmetrics(const struct ss_snapshot *snap, const struct out_opts *opts,
		    FILE *out);
int out_prometheus(const struct ss_snapshot *snap, const struct out_opts *opts,
		   FILE *out);

/*
 * The snapshot as out_json() prints it (a new reference), for keeping it
 * in a larger document; NULL when out of memory.
 */
json_t *out_json_snapshot(const struct ss_snapshot *snap,
			  const struct out_opts *opts);

/* Dispatch on opts->format. Returns 0 or -EIO. */
int out_snapshot(const struct ss_snapshot *snap, const struct out_opts *opts,
		 FILE *out);

#endif
