// SPDX-License-Identifier: GPL-2.0
/* The catalogue's tables (kmod/catalogue.h). */
#include "kmod/catalogue.h"

enum cat_hist_kind { LOG2, SLOG2 };

const struct cat_counter_info cat_counters[CAT_NR_COUNTERS] = {
#define SS_COUNTER(id, name, group, help) [CAT_##id] = { #name, help },
#include "../../module/metrics.h"
};

const struct cat_hist_info cat_hists[CAT_NR_HISTS] = {
#define SS_HIST(id, name, unit, kind, group, help) \
	[CAT_HIST_##id] = { #name, #unit, help, kind == SLOG2 },
#include "../../module/metrics.h"
};
