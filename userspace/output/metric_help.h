/* SPDX-License-Identifier: GPL-2.0 */
/* The HELP text of the module's counters (output/metric_help.c). */
#ifndef SCHEDSCOPE_OUTPUT_METRIC_HELP_H
#define SCHEDSCOPE_OUTPUT_METRIC_HELP_H

/* What the stats key counts; a generic text for a key not known here. */
const char *metric_help(const char *key);

#endif
