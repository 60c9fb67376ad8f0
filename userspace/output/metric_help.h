/* SPDX-License-Identifier: GPL-2.0 */
/* The HELP text of the module's counters (output/metric_help.c). */
#ifndef SCHEDSCOPE_OUTPUT_METRIC_HELP_H
#define SCHEDSCOPE_OUTPUT_METRIC_HELP_H

/* the text for a key the catalogue (module/metrics.h) does not know */
#define METRIC_HELP_UNKNOWN	"Counter of the schedscope module"

/*
 * What the stats key counts, from the catalogue; METRIC_HELP_UNKNOWN for
 * a key not known here.  The text of a histogram's key may be overwritten
 * by the next call.
 */
const char *metric_help(const char *key);

#endif
