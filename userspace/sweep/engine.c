// SPDX-License-Identifier: GPL-2.0
/*
 * The sweep itself: for every repetition, every setting applied, the module
 * reset, the workload run, what it did written down; then the features and
 * the module as they were, whatever ended the sweep. Each run's line and
 * the notes on what a run lacks go to stderr as they come; what went wrong
 * goes back to cmd/sweep.c, which prints it.
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "kmod/control.h"
#include "kmod/snapshot.h"
#include "lib/error_msg.h"
#include "output/output.h"
#include "features/owner.h"
#include "sweep/cgroup_dir.h"
#include "sweep/engine.h"
#include "sweep/group_run.h"
#include "sweep/result_dir.h"
#include "sweep/task_delays.h"
#include "sweep/workload_run.h"
#include "tool_output/tool_output.h"

/* The name the notes printed while the sweep goes on carry. */
static const char cmd[] = "sweep";

/* A message of a function called here: room for a path and more. */
#define MSG_LEN	8192

/* What the way out needs: what to restore, what to write. */
struct sweep_state {
	const struct sweep_plan *plan;
	char *err;			/* the caller's: what it is told */
	size_t errlen;
	bool features_changed;
	struct ss_session session;
	bool session_begun;
	json_t *sweep;			/* sweep.json */
	char path[4096];
	size_t total, done;		/* runs planned, run files written */
	struct sweep_cgroups cgroups;	/* a group sweep's */
	bool cgroups_made;
	struct group_run gr;		/* a group sweep's run */
	/* The per-task delays: the exits of a run's tasks. */
	long delay_max_off;		/* taskstats_delay_max_offset() */
	bool task_delays_off;		/* taskstats could not be had */
	struct taskstats_listener exits;
	bool listening;
};

/*
 * A message for sweep_run()'s caller, on a line after those before it:
 * printing it is the command's business. The first is what ended the
 * sweep; those after it went wrong while putting things back (or say that
 * a signal stopped it), and are kept as far as there is room. Returns -1.
 */
static int sweep_msg(struct sweep_state *st, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int sweep_msg(struct sweep_state *st, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	error_msg_vadd(st->err, st->errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/*
 * Where run s-r keeps the workload's stdout, stderr and the run file, and
 * the directory it runs in when its tool writes files (runs/S-R.d).
 */
struct run_paths {
	char out[4200], err[4200], json[4200], dir[4200];
};

static void run_paths(struct run_paths *p, const char *dir, size_t s,
		      unsigned int r)
{
	char base[4096];

	snprintf(base, sizeof(base), "%s/runs/%zu-%u", dir, s, r);
	snprintf(p->out, sizeof(p->out), "%s.out", base);
	snprintf(p->err, sizeof(p->err), "%s.err", base);
	snprintf(p->json, sizeof(p->json), "%s.json", base);
	snprintf(p->dir, sizeof(p->dir), "%s.d", base);
}

/* The module's counters and histograms: the object `show --json` prints. */
static json_t *module_snapshot(struct sweep_state *st)
{
	const struct out_opts opts = { .format = OUT_JSON, .unit = HIST_UNIT_NS,
				       .stats = true };
	struct ss_snapshot_opts sopts = { 0 };
	struct ss_snapshot snap;
	char err[MSG_LEN];
	json_t *json;

	if (ss_snapshot_read(st->plan->debugfs, &sopts, &snap, err,
			     sizeof(err))) {
		sweep_msg(st, "reading the module: %s", err);
		return NULL;
	}
	json = out_json_snapshot(&snap, &opts);
	if (!json)
		sweep_msg(st, "formatting the module's snapshot failed");
	ss_snapshot_free(&snap);
	return json;
}

/* Listening for the exits of the run's tasks, unless that failed before. */
static void task_delays_begin(struct sweep_state *st)
{
	char err[1024];

	if (st->task_delays_off)
		return;
	if (taskstats_listen_start(&st->exits, st->delay_max_off, err,
				   sizeof(err))) {
		fprintf(stderr, "schedscope %s: no per-task delays: %s\n", cmd,
			err);
		st->task_delays_off = true;
		return;
	}
	st->listening = true;
}

/*
 * The run's per-task delays, as its run file keeps them: JSON null when
 * there was no listening; NULL on an error (sweep_msg()).
 */
static json_t *task_delays_end(struct sweep_state *st)
{
	struct task_delays td;
	char err[MSG_LEN];
	json_t *json = NULL;
	int ret;

	if (!st->listening)
		return json_null();
	st->listening = false;
	ret = taskstats_listen_stop(&st->exits, err, sizeof(err));
	if (ret)
		sweep_msg(st, "%s", err);
	else if (task_delays_collect(&st->exits, getpid(), &td))
		sweep_msg(st, "out of memory");
	else {
		json = task_delays_json(&td);
		if (!json)
			sweep_msg(st, "out of memory");
		task_delays_free(&td);
	}
	taskstats_listen_free(&st->exits);
	return json;
}

/* The setting applied, the module reset and enabled. 0 or -1. */
static int start_run(struct sweep_state *st, const struct sweep_setting_spec *set,
		     struct sched_features *now)
{
	const struct sweep_plan *plan = st->plan;
	char err[MSG_LEN];

	st->features_changed = true;
	if (sweep_setting_apply(plan->features_path, &plan->original, set, now,
				err, sizeof(err)))
		return sweep_msg(st, "%s", err);
	if (plan->debugfs &&
	    (ss_ctl_write(plan->debugfs, "reset", "1", err, sizeof(err)) ||
	     ss_ctl_write(plan->debugfs, "enable", "1", err, sizeof(err))))
		return sweep_msg(st, "resetting and enabling the module: %s", err);
	return 0;
}

/* The module stopped first, so counters and histograms agree, then read. */
static json_t *module_after_run(struct sweep_state *st)
{
	char err[MSG_LEN];

	if (!st->plan->debugfs)
		return json_null();
	if (ss_ctl_write(st->plan->debugfs, "enable", "0", err, sizeof(err))) {
		sweep_msg(st, "disabling the module: %s", err);
		return NULL;
	}
	return module_snapshot(st);
}

/*
 * What a run leaves, into rec once it ended (ret: 0, or -errno when it could
 * not be started, err saying why): its per-task delays, then the module's
 * snapshot. 0, or -1 (sweep_msg()) with neither left in rec.
 */
static int collect_run(struct sweep_state *st, int ret, const char *err,
		       struct run_record *rec)
{
	rec->task_delays = task_delays_end(st);
	if (ret)
		sweep_msg(st, "%s", err);
	else if (rec->task_delays)
		rec->module = module_after_run(st);
	if (!ret && rec->task_delays && rec->module)
		return 0;
	json_decref(rec->task_delays);
	json_decref(rec->module);
	rec->task_delays = rec->module = NULL;
	return -1;
}

static void report_run(const struct sweep_state *st,
		       const struct sweep_setting_spec *set, unsigned int r,
		       const struct workload_run *w)
{
	fprintf(stderr, "run %zu/%zu: %-28s rep %u: %.3f s, exit %d",
		st->done + 1, st->total, set->name, r + 1, w->elapsed_s,
		w->exit_status);
	if (w->have_perf)
		fprintf(stderr, ", %llu cs, %llu migrations",
			(unsigned long long)w->perf.value[PERF_COUNT_ID_CS],
			(unsigned long long)w->perf.value[PERF_COUNT_ID_MIGRATIONS]);
	fprintf(stderr, "\n");
}

/*
 * Run s-r's file added to sweep.json's runs, and sweep.json written again:
 * a sweep killed where no handler runs (SIGKILL) leaves the runs it took
 * listed, for report and plot. 0 or -1.
 */
static int list_run(struct sweep_state *st, size_t s, unsigned int r)
{
	char entry[64], err[MSG_LEN];

	snprintf(entry, sizeof(entry), "runs/%zu-%u.json", s, r);
	if (json_array_append_new(json_object_get(st->sweep, "runs"),
				  json_string(entry)))
		return sweep_msg(st, "out of memory");
	if (result_json_write(st->path, st->sweep, err, sizeof(err)))
		return sweep_msg(st, "%s", err);
	return 0;
}

/*
 * One run: apply, reset, run, collect, write runs/S-R.json. Returns 0, 1
 * when the workload failed or was stopped (the run file is still written),
 * -1 on an error.
 */
static int one_run(struct sweep_state *st, size_t s, unsigned int r)
{
	const struct sweep_setting_spec *set = &st->plan->settings[s];
	struct workload_run w = { 0 };
	struct sched_features now;
	struct run_paths paths;
	struct run_record rec = { .setting = set, .setting_index = s,
				  .repetition = r, .features = &now, .w = &w,
				  .plan = st->plan };
	struct sched_attr_change sched;
	char err[MSG_LEN];
	int ret;

	if (start_run(st, set, &now))
		return -1;
	run_paths(&paths, st->plan->dir, s, r);
	w.argv = st->plan->argv;
	if (sweep_knobs_sched(set->knobs, set->nknobs, NULL, &sched))
		w.sched = &sched;
	w.out_path = paths.out;
	w.err_path = paths.err;
	w.stop_signal = &cli_stop_requested;
	if (tool_output_reads_files(st->plan->tool)) {
		if (mkdir(paths.dir, 0755))
			return sweep_msg(st, "cannot create %s: %s", paths.dir,
					 strerror(errno));
		w.cwd = rec.run_dir = paths.dir;
	}
	task_delays_begin(st);
	ret = workload_run(&w, err, sizeof(err));
	if (collect_run(st, ret, err, &rec))
		return -1;
	if (!w.have_perf && st->done == 0)
		fprintf(stderr, "schedscope %s: no perf counts: %s\n", cmd,
			w.perf_error);
	if (result_run_write(paths.json, &rec, err, sizeof(err)))
		return sweep_msg(st, "%s", err);
	if (list_run(st, s, r))
		return -1;
	report_run(st, set, r, &w);
	if (cli_stop_requested)
		return 1;
	if (w.exit_status) {
		json_object_set_new(st->sweep, "stopped_by",
				    json_string("workload failed"));
		sweep_msg(st, "the workload failed (exit status %d) in setting %s, "
			  "repetition %u; its stderr is in %s", w.exit_status,
			  set->name, r + 1, paths.err);
		return 1;
	}
	return 0;
}

/* Where run s-r keeps group or service name's output: S-R.NAME[.service]. */
static void group_paths(struct run_paths *p, const char *dir, size_t s,
			unsigned int r, const char *name, bool service)
{
	char base[4096];

	snprintf(base, sizeof(base), "%s/runs/%zu-%u.%s%s", dir, s, r, name,
		 service ? ".service" : "");
	snprintf(p->out, sizeof(p->out), "%s.out", base);
	snprintf(p->err, sizeof(p->err), "%s.err", base);
	p->json[0] = '\0';
}

static void report_group_run(const struct sweep_state *st,
			     const struct sweep_setting_spec *set,
			     unsigned int r, const struct group_run *g)
{
	size_t i;

	fprintf(stderr, "run %zu/%zu: %-28s rep %u: %.3f s", st->done + 1,
		st->total, set->name, r + 1, g->window_s);
	for (i = 0; i < g->n; i++)
		fprintf(stderr, ", %s %.3f CPU s (%.3f)",
			st->plan->groups[i].spec->name,
			g->share[i].usage_usec / 1e6, g->share[i].share_of_cpus);
	fprintf(stderr, "\n");
}

/*
 * The run's exit status: the first non-zero one of a group that ended by
 * itself (a stopped group's is what the stop made it), else 0.
 */
static int group_exit_status(const struct group_run *g, size_t *which)
{
	size_t i;

	for (i = 0; i < g->n; i++)
		if (!g->stopped[i] && g->w[i].exit_status) {
			*which = i;
			return g->w[i].exit_status;
		}
	return 0;
}

/* Each group's cgroup as the setting's knobs make it. 0 or -1. */
static int apply_cgroup_knobs(struct sweep_state *st,
			      const struct sweep_setting_spec *set)
{
	char err[MSG_LEN];
	size_t i;

	for (i = 0; i < st->plan->ngroups; i++)
		if (sweep_cgroups_apply_knobs(&st->cgroups, i,
					      st->plan->groups[i].spec->name,
					      set->knobs, set->nknobs, err,
					      sizeof(err)))
			return sweep_msg(st, "setting %s: %s", set->name, err);
	return 0;
}

/* One run of a group sweep, as one_run(). */
static int one_group_run(struct sweep_state *st, size_t s, unsigned int r)
{
	const struct sweep_plan *plan = st->plan;
	const struct sweep_setting_spec *set = &plan->settings[s];
	struct run_paths paths[SWEEP_MAX_GROUPS], spaths[SWEEP_MAX_GROUPS], rp;
	struct sched_attr_change sched[SWEEP_MAX_GROUPS];
	struct group_run *g = &st->gr;
	struct sched_features now;
	struct run_record rec = { .setting = set, .setting_index = s,
				  .repetition = r, .features = &now,
				  .plan = plan, .groups = g };
	char err[MSG_LEN];
	size_t i, failed = 0;
	int ret;

	if (start_run(st, set, &now) || apply_cgroup_knobs(st, set))
		return -1;
	memset(g, 0, sizeof(*g));
	g->n = plan->ngroups;
	g->nservices = plan->nservices;
	g->cg = &st->cgroups;
	g->stop_signal = &cli_stop_requested;
	for (i = 0; i < g->n; i++) {
		group_paths(&paths[i], plan->dir, s, r, plan->groups[i].spec->name,
			    false);
		g->w[i].argv = (char **)plan->groups[i].argv;
		if (sweep_knobs_sched(set->knobs, set->nknobs,
				      plan->groups[i].spec->name, &sched[i]))
			g->w[i].sched = &sched[i];
		g->w[i].out_path = paths[i].out;
		g->w[i].err_path = paths[i].err;
		g->w[i].cgroup = st->cgroups.dir[i];
		g->w[i].stop_signal = &cli_stop_requested;
	}
	for (i = 0; i < g->nservices; i++) {
		const struct sweep_group_plan *sp = &plan->services[i];

		group_paths(&spaths[i], plan->dir, s, r, sp->spec->name, true);
		g->svc[i].argv = (char **)sp->argv;
		g->svc[i].out_path = spaths[i].out;
		g->svc[i].err_path = spaths[i].err;
		g->svc[i].cgroup = st->cgroups.dir[sp->group];
		g->svc[i].stop_signal = &cli_stop_requested;
	}
	task_delays_begin(st);
	ret = group_run(g, err, sizeof(err));
	if (collect_run(st, ret, err, &rec))
		return -1;
	rec.exit_status = group_exit_status(g, &failed);
	run_paths(&rp, plan->dir, s, r);
	if (result_run_write(rp.json, &rec, err, sizeof(err)))
		return sweep_msg(st, "%s", err);
	if (list_run(st, s, r))
		return -1;
	report_group_run(st, set, r, g);
	if (cli_stop_requested)
		return 1;
	if (rec.exit_status) {
		json_object_set_new(st->sweep, "stopped_by",
				    json_string("workload failed"));
		sweep_msg(st, "group %s failed (exit status %d) in setting %s, "
			  "repetition %u; its stderr is in %s",
			  plan->groups[failed].spec->name, rec.exit_status,
			  set->name, r + 1, paths[failed].err);
		return 1;
	}
	return 0;
}

/* Every setting once per repetition, until a stop. Returns 0 or 1. */
static int run_all(struct sweep_state *st)
{
	const struct sweep_plan *plan = st->plan;
	unsigned int r;
	size_t s;
	int ret;

	st->total = (size_t)plan->repetitions * plan->nsettings;
	for (r = 0; r < plan->repetitions; r++) {
		for (s = 0; s < plan->nsettings; s++, st->done++) {
			if (cli_stop_requested)
				return 1;
			ret = plan->ngroups ? one_group_run(st, s, r) :
					      one_run(st, s, r);
			if (ret) {
				st->done += ret > 0;	/* its run file was written */
				return 1;
			}
		}
	}
	json_object_set_new(st->sweep, "complete", json_true());
	return 0;
}

/* The record of the features as found removed: they are back. */
static void release_features(struct sweep_state *st)
{
	char err[MSG_LEN];

	if (st->plan->owner_dir &&
	    feature_owner_release(st->plan->owner_dir, err, sizeof(err)))
		sweep_msg(st, "%s", err);
}

/*
 * The features and the module as they were. Returns status, or 1. The
 * record of the features as found stays while they differ.
 */
static int put_back(struct sweep_state *st, struct sched_features *after,
		    int status)
{
	const struct sweep_plan *plan = st->plan;
	char err[MSG_LEN];

	if (st->features_changed &&
	    !sweep_features_restore(plan->features_path, &plan->original, after,
				    err, sizeof(err))) {
		sweep_msg(st, "%s", err);
		status = 1;
	} else {
		release_features(st);
	}
	if (!st->features_changed)
		*after = plan->original;
	if (st->session_begun) {
		/* Runs end with the module disabled: enabled again if it was. */
		if (!st->session.enabled_by_us &&
		    ss_ctl_write(plan->debugfs, "enable", "1", err, sizeof(err))) {
			sweep_msg(st, "enabling the module again: %s", err);
			status = 1;
		}
		/* what the session changed, put back; the status stays */
		if (ss_session_close(&st->session, err, sizeof(err)))
			sweep_msg(st, "%s", err);
	}
	return status;
}

/*
 * sweep.json as the sweep ended. Returns status, or 1. A stop is one of
 * the messages, after what failed in putting things back, so that the
 * caller prints all in the order they came.
 */
static int finish_sweep_json(struct sweep_state *st,
			     const struct sched_features *after, int status)
{
	int sig = cli_stop_requested;
	char err[MSG_LEN];

	if (sig) {
		json_object_set_new(st->sweep, "stopped_by",
				    json_string(cli_stop_signal_name(sig)));
		sweep_msg(st, "stopped by %s after %zu of %zu runs; features "
			  "restored", cli_stop_signal_name(sig), st->done,
			  st->total);
	}
	json_object_set_new(st->sweep, "features_after",
			    result_features_json(after));
	if (result_json_write(st->path, st->sweep, err, sizeof(err))) {
		sweep_msg(st, "%s", err);
		status = 1;
	}
	return status;
}

/*
 * The groups' cgroups, made before the module's session so that its filter
 * can name one. 0 or -1.
 */
static int make_cgroups(struct sweep_state *st)
{
	const char *names[SWEEP_MAX_GROUPS];
	char err[MSG_LEN];
	size_t i;

	for (i = 0; i < st->plan->ngroups; i++)
		names[i] = st->plan->groups[i].spec->name;
	if (sweep_cgroups_make(&st->cgroups, SWEEP_CGROUP_ROOT, names,
			       st->plan->ngroups, st->plan->flat, err,
			       sizeof(err)))
		return sweep_msg(st, "%s", err);
	st->cgroups_made = true;
	return 0;
}

static int remove_cgroups(struct sweep_state *st)
{
	char err[MSG_LEN];

	if (sweep_cgroups_remove(&st->cgroups, err, sizeof(err)))
		return sweep_msg(st, "%s", err);
	return 0;
}

/*
 * The module's session, after the cgroups so that its filter can name one.
 * That the module had to be enabled is a note of the run, printed now like
 * the runs' lines. 0 or -1.
 */
static int begin_session(struct sweep_state *st)
{
	char err[MSG_LEN];

	if (ss_session_open(&st->session, st->plan->debugfs, st->plan->filter,
			    err, sizeof(err)))
		return sweep_msg(st, "%s", err);
	st->session_begun = true;
	if (st->session.enabled_by_us)
		fprintf(stderr, "schedscope %s: %s\n", cmd,
			SS_SESSION_ENABLED_NOTE);
	return 0;
}

/* sweep.json as the sweep starts. 0 or -1. */
static int start_sweep_json(struct sweep_state *st)
{
	char err[MSG_LEN];

	st->sweep = result_sweep_json(st->plan);
	snprintf(st->path, sizeof(st->path), "%s/sweep.json", st->plan->dir);
	if (result_json_write(st->path, st->sweep, err, sizeof(err)))
		return sweep_msg(st, "%s", err);
	return 0;
}

int sweep_run(const struct sweep_plan *plan, char *err, size_t errlen)
{
	struct sweep_state st = { .plan = plan, .err = err, .errlen = errlen,
				  .delay_max_off = taskstats_delay_max_offset() };
	struct sched_features after;
	char msg[MSG_LEN];
	int status = 1;

	if (err && errlen)
		err[0] = '\0';
	if (result_dir_make(plan->dir, msg, sizeof(msg))) {
		sweep_msg(&st, "%s", msg);
		release_features(&st);
		return 1;
	}
	cli_stop_on_signals();
	if (plan->ngroups && make_cgroups(&st))
		goto out_signals;
	if (plan->debugfs && begin_session(&st))
		goto out_cgroups;
	if (!start_sweep_json(&st))
		status = run_all(&st);
	status = put_back(&st, &after, status);
	if (st.sweep)
		status = finish_sweep_json(&st, &after, status);
	json_decref(st.sweep);
out_cgroups:
	if (st.cgroups_made && remove_cgroups(&st))
		status = 1;
out_signals:
	cli_stop_signals_default();
	return status;
}
