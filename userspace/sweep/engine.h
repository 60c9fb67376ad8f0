/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A sweep (docs/sweep.md): the workload under every setting, every setting
 * once and then again, each run kept in the result directory. The features
 * as found are put back on every way out: the end, an error, a failing
 * workload, SIGINT, SIGTERM, SIGHUP.
 */
#ifndef SCHEDSCOPE_SWEEP_ENGINE_H
#define SCHEDSCOPE_SWEEP_ENGINE_H

#include <stddef.h>

#include "features/features.h"
#include "sweep/groups.h"
#include "sweep/settings.h"
#include "tool_output/tool_metric.h"

/* A group's workload, or a service beside it (docs/sweep.md, "Groups"). */
struct sweep_group_plan {
	const struct sweep_group_spec *spec;	/* name, command, argv as given */
	char prog[4096];		/* argv[0] resolved */
	char *argv[SWEEP_GROUP_MAX_ARGS + 1];	/* what runs: prog, argv[1..] */
	const char *tool;		/* tool_output_recognise()'s, or NULL */
	size_t group;			/* a service's group, by index */
};

/* What to sweep, checked and resolved (cmd/sweep.c makes it). */
struct sweep_plan {
	const char *features_path;
	struct sched_features original;	/* as found: "default", restored */
	/*
	 * Where the features as found are recorded as this sweep's
	 * (features/owner.h); the record is removed once they are back. NULL:
	 * no record.
	 */
	const char *owner_dir;
	/* the kernel's defaults of this boot (features/boot_default.h) */
	bool have_boot;
	struct sched_features boot;
	const struct sweep_setting_spec *settings;
	size_t nsettings;
	unsigned int repetitions;
	char **workload;		/* as given, for sweep.json */
	size_t nworkload;
	char **argv;			/* what runs: workload[0] resolved */
	const char *preset;		/* its name, or NULL */
	const char *dir;		/* the result directory, new or empty */
	const char *debugfs;		/* the module's; NULL: without it */
	const char *filter;		/* the module's filter line, "" for none */
	const char *tool;		/* tool_output_recognise()'s, or NULL */
	const struct tool_metric *metrics;	/* --metric, nmetrics of them */
	size_t nmetrics;
	/*
	 * Groups: when ngroups > 0, these run side by side in their cgroups
	 * instead of argv, each run ending with the first group's exit; the
	 * workload above is then their NAME=COMMAND list.
	 */
	size_t ngroups, nservices;
	bool flat;			/* cgroups without the cpu controller */
	const struct sweep_group_plan *groups;
	const struct sweep_group_plan *services;
};

/* Room for sweep_run()'s messages: a few, each with a path in it. */
#define SWEEP_ERR_LEN	16384

/*
 * Run the sweep, with SIGINT, SIGTERM and SIGHUP caught meanwhile (the one
 * that came is in cli_stop_requested afterwards); each run's line and the
 * notes on what a run lacks go to stderr as they come. Returns 0 when every
 * run was taken, 1 after an error, a failing workload or a stop.
 *
 * err gets what the caller is to print, one message a line in the order
 * they came: what ended the sweep (an error, the failing workload), then
 * what went wrong while putting the features, the module and the cgroups
 * back (kept as far as errlen has room), and a stop by a signal. It may
 * hold messages when 0 is returned: what could not be put back without
 * failing the sweep (the record of the features, the module's filter).
 */
int sweep_run(const struct sweep_plan *plan, char *err, size_t errlen);

#endif
