// SPDX-License-Identifier: GPL-2.0
/* The --format of show and watch: one printer per format, one file each. */
#include "output/output.h"

int out_snapshot(const struct ss_snapshot *snap, const struct out_opts *opts,
		 FILE *out)
{
	switch (opts->format) {
	case OUT_JSON:
		return out_json(snap, opts, out);
	case OUT_CSV:
		return out_csv(snap, opts, out);
	case OUT_OPENMETRICS:
		return out_openmetrics(snap, opts, out);
	case OUT_PROMETHEUS:
		return out_prometheus(snap, opts, out);
	default:
		return out_text(snap, opts, out);
	}
}
