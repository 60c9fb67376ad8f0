/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A sweep's result directory (docs/sweep.md) read back: sweep.json and every
 * run file it lists, for `schedscope report` and `schedscope plot`.
 */
#ifndef SCHEDSCOPE_RESULTS_SWEEP_RESULTS_H
#define SCHEDSCOPE_RESULTS_SWEEP_RESULTS_H

#include <jansson.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "results/run_module.h"
#include "results/task_delays.h"

struct sweep_run {
	size_t setting;			/* index into sweep_results.settings */
	unsigned int repetition;
	int exit_status;
	double elapsed_s;
	bool have_perf;
	double context_switches, cpu_migrations, task_clock_ms;
	json_t *json;			/* the whole run file (owned) */
	json_t *tables;			/* json["workload"]["tables"] (borrowed) */
	json_t *notes;			/* json["workload"]["notes"] or NULL */
	struct run_module *module;	/* json["module"] read, or NULL */
	json_t *groups;			/* json["groups"] or NULL (borrowed) */
	bool have_task_delays;		/* json["task_delays"] not null */
	struct task_delays task_delays;
	char path[4096];		/* for messages */
};

struct sweep_setting {
	char name[64 + 256];		/* joined sweeps: "LABEL:own_name" */
	char own_name[256];		/* as its sweep.json names it */
	json_t *sweep;			/* its sweep.json (borrowed) */
	size_t nruns;
	struct sweep_run **runs;	/* this setting's runs, by repetition */
};

struct sweep_results {
	char dir[4096];
	json_t *sweep;			/* sweep.json (owned) */
	char kernel[256];		/* joined: each sweep's, ", " apart */
	char preset[64];		/* "" when none */
	char workload[1024];		/* the command line, joined by blanks */
	unsigned int repetitions;
	bool module;
	bool complete;
	char stopped_by[64];		/* "" when null */
	size_t nsettings;
	struct sweep_setting *settings;
	size_t nruns;
	struct sweep_run *runs;		/* in the order they ran */
	/* Run files sweep.json lists that could not be read: why, each. */
	size_t nbad;
	char (*bad)[1024];
	size_t ngroups;			/* a group sweep's groups, else 0 */
	json_t *groups;			/* sweep.json's "groups" (borrowed) */
	/* Joined sweeps: the sweep.json of each after the first (owned). */
	size_t njoined;
	json_t **joined;
};

/*
 * Does the run count for plot and report: its workload exited with status
 * 0? A failed run's counters and tables stop somewhere in the middle.
 */
static inline bool sweep_run_used(const struct sweep_run *run)
{
	return run->exit_status == 0;
}

/*
 * Read DIR/sweep.json and its runs. A run file that is missing or not what
 * docs/sweep.md says is left out, its message kept in bad[]: the others
 * still count. On error: -errno (-ENOENT, -EINVAL for a sweep.json that is
 * not what docs/sweep.md says), with a message naming the file and what is
 * wrong in err; res is then empty and needs no free.
 */
int sweep_results_load(struct sweep_results *res, const char *dir,
		       char *err, size_t errlen);
void sweep_results_free(struct sweep_results *res);

/*
 * Several sweeps of one workload read as one (docs/sweep.md, "Kernels side
 * by side"): their settings side by side, each named "LABEL:SETTING" where
 * LABEL is its sweep's kernel release up to its first '-' or '+' (the
 * directory's name where two sweeps ran on one release); n == 1 is
 * sweep_results_load(). Refused with a message naming both: sweeps of
 * different workloads, group sweeps. Returns 0 or -errno.
 */
int sweep_results_load_joined(struct sweep_results *res,
			      const char *const *dirs, size_t n, char *err,
			      size_t errlen);

/*
 * Value of column `column` in row `row` of the workload table that has that
 * column (the first such table); NAN when there is none or it is not a number.
 */
double sweep_run_value(const struct sweep_run *run, const char *column,
		       size_t row);
/* Index of column `column` in a workload table, or -1. */
long sweep_table_column(json_t *table, const char *column);
/* The workload table with column `column` (borrowed), or NULL. */
json_t *sweep_run_table(const struct sweep_run *run, const char *column);
/* Number of rows of that table (0 when none). */
size_t sweep_run_rows(const struct sweep_run *run, const char *column);

/*
 * The run's seconds: the workload's own (a table with a seconds column,
 * a tool's parsed output included), else its wall-clock time from exec to
 * exit (elapsed_s); *own says which. NAN for neither.
 */
double sweep_run_seconds(const struct sweep_run *run, bool *own);
/* CPU seconds of the workload and its threads (perf's task clock), or NAN. */
double sweep_run_cpu_seconds(const struct sweep_run *run);

/*
 * A group sweep (docs/sweep.md, "Groups"): group i's name in sweep.json;
 * the run's object of group name (borrowed), or NULL; a number of it
 * ("usage_usec", "share_of_cpus", ...), NAN where it has none.
 */
const char *sweep_group_name(const struct sweep_results *res, size_t i);
json_t *sweep_run_group(const struct sweep_run *run, const char *name);
double sweep_run_group_number(const struct sweep_run *run, const char *name,
			      const char *key);

/* A module counter of the run, NAN where it has none. */
static inline double sweep_run_counter(const struct sweep_run *run,
				       enum cat_counter c)
{
	return run->module ? run->module->counter[c] : NAN;
}

#endif
