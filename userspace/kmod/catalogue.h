/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's metrics as the CLI names them: the catalogue
 * (module/metrics.h) made into enums and tables, so that code holding a
 * metric holds it by enum and takes its name, unit and help from here.
 */
#ifndef SCHEDSCOPE_KMOD_CATALOGUE_H
#define SCHEDSCOPE_KMOD_CATALOGUE_H

#include <stdbool.h>

enum cat_counter {
#define SS_COUNTER(id, ...) CAT_##id,
#include "../../module/metrics.h"
	CAT_NR_COUNTERS
};

enum cat_hist {
#define SS_HIST(id, ...) CAT_HIST_##id,
#include "../../module/metrics.h"
	CAT_NR_HISTS
};

struct cat_counter_info {
	const char *name;		/* its `stats` key */
	const char *help;
};

struct cat_hist_info {
	const char *name;		/* hist/<name>; map <name>_<unit> */
	const char *unit;		/* "ns", "vns", "pct" */
	const char *help;
	bool is_signed;			/* SLOG2: values below zero too */
};

extern const struct cat_counter_info cat_counters[CAT_NR_COUNTERS];
extern const struct cat_hist_info cat_hists[CAT_NR_HISTS];

#endif
