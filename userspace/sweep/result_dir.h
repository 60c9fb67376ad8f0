/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A sweep's result directory written (docs/sweep.md): DIR/runs/, sweep.json
 * and one runs/S-R.json per run (results/sweep_results.c reads them back).
 * What went wrong comes back in the caller's err, errlen.
 */
#ifndef SCHEDSCOPE_SWEEP_RESULT_DIR_H
#define SCHEDSCOPE_SWEEP_RESULT_DIR_H

#include <jansson.h>

#include "sweep/engine.h"
#include "sweep/group_run.h"
#include "sweep/workload_run.h"

/*
 * Make dir and dir/runs: dir new, or existing and empty. Returns 0, or -1
 * with err saying why.
 */
int result_dir_make(const char *dir, char *err, size_t errlen);

/*
 * json into path, through path.tmp and a rename. Returns 0, or -1 with err
 * saying why.
 */
int result_json_write(const char *path, json_t *json, char *err,
		      size_t errlen);

/* The features as one string, as the file lists them. */
json_t *result_features_json(const struct sched_features *feat);

/* sweep.json as written at the start: no runs yet, not complete. */
json_t *result_sweep_json(const struct sweep_plan *plan);

/* What one run file holds. */
struct run_record {
	const struct sweep_setting_spec *setting;
	size_t setting_index;
	unsigned int repetition;
	const struct sched_features *features;	/* as the run found them */
	const struct workload_run *w;		/* its result in w->out_path */
	json_t *module;				/* the snapshot, or json_null() */
	json_t *task_delays;			/* task_delays_json(), or json_null() */
	const struct sweep_plan *plan;		/* its tool and --metric */
	/* A group run: its groups (w unused) and the run's exit status. */
	const struct group_run *groups;
	int exit_status;
	const char *run_dir;			/* where it ran, or NULL */
};

/*
 * Write the run file at path; rec->module and rec->task_delays are taken
 * over whatever happens. Returns 0, or -1 with err saying why.
 */
int result_run_write(const char *path, const struct run_record *rec,
		     char *err, size_t errlen);

#endif
