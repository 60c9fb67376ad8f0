/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Named sweeps, each reproducing the experiment of one of the mailing-list
 * threads schedscope grew from: the settings, the workload, how often.
 */
#ifndef SCHEDSCOPE_SWEEP_PRESETS_H
#define SCHEDSCOPE_SWEEP_PRESETS_H

#include <stddef.h>

#include "sweep/groups.h"

#define SWEEP_PRESET_MAX_SETTINGS	8
#define SWEEP_PRESET_MAX_ARGS		24

struct sweep_preset {
	const char *name;
	const char *reproduces;		/* one line: what and which thread */
	const char *settings[SWEEP_PRESET_MAX_SETTINGS];	/* NULL-ended */
	unsigned int repetitions;
	const char *filter;		/* module filter, or NULL for none */
	const char *workload[SWEEP_PRESET_MAX_ARGS];		/* NULL-ended */
	/*
	 * The thread's own instrument, run instead of workload where it is
	 * installed (NULL-ended; empty for none).
	 */
	const char *tool_workload[SWEEP_PRESET_MAX_ARGS];
	/*
	 * A group preset: "NAME=COMMAND" for each --group and --service
	 * (NULL-ended; workload and tool_workload empty), and the groups and
	 * services with the thread's own instruments, run instead where every
	 * one of them is installed (empty for none).
	 */
	const char *groups[SWEEP_MAX_GROUPS + 1];
	const char *services[SWEEP_MAX_GROUPS + 1];
	const char *tool_groups[SWEEP_MAX_GROUPS + 1];
	const char *tool_services[SWEEP_MAX_GROUPS + 1];
};

/* The preset called name, or NULL. */
const struct sweep_preset *sweep_preset_find(const char *name);

/* The i-th preset, or NULL past the last. */
const struct sweep_preset *sweep_preset_at(size_t i);

#endif
