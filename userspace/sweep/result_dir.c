// SPDX-License-Identifier: GPL-2.0
/* Writing a sweep's result directory: sweep.json and the run files. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "lib/cpu_info.h"
#include "lib/error_msg.h"
#include "lib/read_file.h"
#include "sweep/result_dir.h"
#include "sweep/workload_tables.h"
#include "tool_output/tool_output.h"

int result_dir_make(const char *dir, char *err, size_t errlen)
{
	char runs[4200];

	if (mkdir(dir, 0755) && errno != EEXIST)
		return error_ret(err, errlen, -1, "cannot create %s: %s", dir,
				 strerror(errno));
	snprintf(runs, sizeof(runs), "%s/runs", dir);
	if (mkdir(runs, 0755))
		return error_ret(err, errlen, -1, "%s: %s", runs, errno == EEXIST ?
				 "exists: choose a new result directory (-o)" :
				 strerror(errno));
	snprintf(runs, sizeof(runs), "%s/sweep.json", dir);
	if (!access(runs, F_OK))
		return error_ret(err, errlen, -1, "%s exists: choose a new result "
				 "directory (-o)", runs);
	return 0;
}

int result_json_write(const char *path, json_t *json, char *err,
		      size_t errlen)
{
	char tmp[4200];

	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	if (json_dump_file(json, tmp, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
			   JSON_REAL_PRECISION(10)) || rename(tmp, path)) {
		error_msg(err, errlen, "cannot write %s: %s", path,
			  strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

json_t *result_features_json(const struct sched_features *feat)
{
	char buf[SCHED_FEATURES_MAX * (SCHED_FEATURE_NAME_MAX + 4)];

	sched_features_format(feat, buf, sizeof(buf));
	return json_string(buf);
}

static json_t *settings_json(const struct sweep_plan *plan)
{
	json_t *settings = json_array();
	size_t i, j;

	for (i = 0; i < plan->nsettings; i++) {
		const struct sweep_setting_spec *s = &plan->settings[i];
		json_t *changes = json_array(), *knobs = json_array();

		for (j = 0; j < s->nchanges; j++)
			json_array_append_new(changes, json_string(s->changes[j]));
		for (j = 0; j < s->nknobs; j++)
			json_array_append_new(knobs, json_string(s->knobs[j].text));
		json_array_append_new(settings, json_pack("{s:s, s:o, s:o}",
							  "name", s->name,
							  "changes", changes,
							  "knobs", knobs));
	}
	return settings;
}

/* --metric as given: [ { "name": ..., "regex": ... } ]. */
static json_t *metrics_json(const struct sweep_plan *plan)
{
	json_t *metrics = json_array();
	size_t i;

	for (i = 0; i < plan->nmetrics; i++)
		json_array_append_new(metrics, json_pack("{s:s, s:s}", "name",
							 plan->metrics[i].name,
							 "regex",
							 plan->metrics[i].regex));
	return metrics;
}

/* A group's or a service's command: as given, and split. */
static json_t *command_json(const struct sweep_group_plan *gp)
{
	json_t *argv = json_array();
	size_t i;

	for (i = 0; i < gp->spec->argc; i++)
		json_array_append_new(argv, json_string(gp->spec->argv[i]));
	return json_pack("{s:s, s:o}", "command", gp->spec->command, "argv",
			 argv);
}

/* "groups" and "services" of sweep.json (empty without groups). */
static void groups_json(json_t *sweep, const struct sweep_plan *plan)
{
	json_t *groups = json_array(), *services = json_array(), *g;
	size_t i;

	for (i = 0; i < plan->ngroups; i++) {
		g = command_json(&plan->groups[i]);
		json_object_set_new(g, "name", json_string(plan->groups[i].spec->name));
		json_object_set_new(g, "tool", plan->groups[i].tool ?
				    json_string(plan->groups[i].tool) : json_null());
		json_array_append_new(groups, g);
	}
	for (i = 0; i < plan->nservices; i++) {
		g = command_json(&plan->services[i]);
		json_object_set_new(g, "group", json_string(plan->services[i].spec->name));
		json_array_append_new(services, g);
	}
	json_object_set_new(sweep, "groups", groups);
	json_object_set_new(sweep, "services", services);
	json_object_set_new(sweep, "flat", json_boolean(plan->flat));
}

json_t *result_sweep_json(const struct sweep_plan *plan)
{
	json_t *sweep;

	json_t *workload = json_array();
	const char *filter = "";
	struct cpu_info cpu;
	struct utsname u;
	size_t i;

	uname(&u);
	for (i = 0; i < plan->nworkload; i++)
		json_array_append_new(workload, json_string(plan->workload[i]));
	if (plan->debugfs)
		filter = *plan->filter ? plan->filter : "none";
	/* none read: an empty model, no hypervisor said */
	if (cpu_info_read("/proc/cpuinfo", &cpu))
		memset(&cpu, 0, sizeof(cpu));
	sweep = json_pack("{s:s, s:s, s:I, s:{s:s, s:b}, s:o, s:o, s:o, s:o, s:I, s:b, s:s, s:o, s:n, s:o, s:[], s:b, s:n}",
			 "schema", "schedscope-sweep/1",
			 "kernel", u.release,
			 "cpus", (json_int_t)sysconf(_SC_NPROCESSORS_ONLN),
			 "machine", "cpu_model", cpu.model,
			 "hypervisor", cpu.hypervisor,
			 "preset", plan->preset ? json_string(plan->preset) : json_null(),
			 "workload", workload,
			 "tool", plan->tool ? json_string(plan->tool) : json_null(),
			 "metrics", metrics_json(plan),
			 "repetitions", (json_int_t)plan->repetitions,
			 "module", plan->debugfs != NULL,
			 "filter", filter,
			 "features_before", result_features_json(&plan->original),
			 "features_after",
			 "settings", settings_json(plan),
			 "runs",
			 "complete", false,
			 "stopped_by");
	if (sweep)
		json_object_set_new(sweep, "features_boot", plan->have_boot ?
				    result_features_json(&plan->boot) : json_null());
	if (sweep && plan->ngroups)
		groups_json(sweep, plan);
	return sweep;
}

static json_t *perf_json(const struct workload_run *w)
{
	if (!w->have_perf)
		return json_null();
	return json_pack("{s:I, s:I, s:f}",
			 "context_switches", (json_int_t)w->perf.value[PERF_COUNT_ID_CS],
			 "cpu_migrations",
			 (json_int_t)w->perf.value[PERF_COUNT_ID_MIGRATIONS],
			 "task_clock_ms", w->perf.value[PERF_COUNT_ID_TASK_CLOCK] / 1e6);
}

/*
 * A parser's count of tables, and its note: why it found none, or what it
 * could not read beside the tables it made.
 */
static int add_note(json_t *notes, int found, const char *note, char *err,
		    size_t errlen)
{
	if (found < 0)
		return error_ret(err, errlen, -1, "out of memory");
	if (!found || note[0])
		json_array_append_new(notes, json_string(note));
	return 0;
}

/*
 * The tables of the tool's parser and of every --metric after the
 * workload's own; a note for each that found nothing, and one when
 * nothing at all was found. 0, or -1 with err saying why.
 */
static int tool_tables(const struct sweep_plan *plan, const char *tool,
		       const char *text, const char *run_dir, json_t *tables,
		       json_t *notes, char *err, size_t errlen)
{
	char note[512] = "";
	size_t i;

	if (tool &&
	    add_note(notes, tool_output_tables(tool, text, run_dir, tables,
					       note, sizeof(note)), note, err,
		     errlen))
		return -1;
	for (i = 0; plan && i < plan->nmetrics; i++) {
		note[0] = '\0';
		if (add_note(notes, tool_metric_table(&plan->metrics[i], text,
						      tables, note, sizeof(note)),
			     note, err, errlen))
			return -1;
	}
	if (!json_array_size(tables) && !json_array_size(notes))
		json_array_append_new(notes, json_string(
			"no result table in the workload's output and no parser "
			"for it (--metric NAME=REGEX names one): seconds are the "
			"wall-clock time from its exec to its exit"));
	return 0;
}

/*
 * What the tool parsers read: stdout, then stderr (where schbench and
 * stress-ng print their results). NULL, with err saying why, after an error.
 */
static char *tool_text(const char *out, size_t outlen, const char *err_path,
		       char *err, size_t errlen)
{
	char *errtext, *both;
	size_t textlen;

	if (read_file(err_path, &errtext, &textlen, err, errlen))
		return NULL;
	both = malloc(outlen + textlen + 2);
	if (!both) {
		error_msg(err, errlen, "out of memory");
	} else {
		memcpy(both, out, outlen);
		both[outlen] = '\n';
		memcpy(both + outlen + 1, errtext, textlen);
		both[outlen + 1 + textlen] = '\0';
	}
	free(errtext);
	return both;
}

/*
 * The workload's tables from its stdout, and notes on what was not found.
 * NULL, with err saying why, after an error.
 */
static json_t *workload_json(const struct workload_run *w, const char *tool,
			     const struct sweep_plan *plan, const char *run_dir,
			     char *err, size_t errlen)
{
	json_t *tables, *notes = json_array();
	char *text, *both = NULL;
	size_t len;

	if (read_file(w->out_path, &text, &len, err, errlen)) {
		json_decref(notes);
		return NULL;
	}
	tables = workload_tables_parse(text, err, errlen);
	if (!tables)
		error_msg_prefix(err, errlen, w->out_path);
	else if (!(both = tool_text(text, len, w->err_path, err, errlen)) ||
		 tool_tables(plan, tool, both, run_dir, tables, notes, err,
			     errlen))
		tables = (json_decref(tables), NULL);
	free(both);
	free(text);
	if (!tables) {
		json_decref(notes);
		return NULL;
	}
	return json_pack("{s:o, s:o}", "tables", tables, "notes", notes);
}

/* The members a run file starts with, in the order docs/sweep.md shows. */
static json_t *run_head(const struct run_record *rec, int exit_status,
			double elapsed_s)
{
	return json_pack("{s:s, s:s, s:I, s:I, s:o, s:i, s:f, s:o}",
			 "schema", "schedscope-run/1",
			 "setting", rec->setting->name,
			 "setting_index", (json_int_t)rec->setting_index,
			 "repetition", (json_int_t)rec->repetition,
			 "features", result_features_json(rec->features),
			 "exit_status", exit_status,
			 "elapsed_s", elapsed_s,
			 "task_delays", rec->task_delays ? rec->task_delays :
							   json_null());
}

/*
 * One group of a group run: its command, how it ended, its share, tables.
 * NULL, with err saying why, after an error.
 */
static json_t *group_json(const struct run_record *rec, size_t i, char *err,
			  size_t errlen)
{
	const struct group_run *g = rec->groups;
	const struct sweep_group_plan *gp = &rec->plan->groups[i];
	json_t *result, *argv = json_array();
	size_t a;

	result = workload_json(&g->w[i], gp->tool, rec->plan, NULL, err, errlen);
	if (!result) {
		json_decref(argv);
		return NULL;
	}
	for (a = 0; a < gp->spec->argc; a++)
		json_array_append_new(argv, json_string(gp->spec->argv[a]));
	return json_pack("{s:s, s:o, s:i, s:b, s:f, s:I, s:I, s:I, s:f, s:f, s:o, s:o}",
			 "name", gp->spec->name,
			 "argv", argv,
			 "exit_status", g->w[i].exit_status,
			 "stopped", g->stopped[i],
			 "elapsed_s", g->w[i].elapsed_s,
			 "usage_usec", (json_int_t)g->share[i].usage_usec,
			 "user_usec", (json_int_t)(g->after[i].user_usec -
						   g->before[i].user_usec),
			 "system_usec", (json_int_t)(g->after[i].system_usec -
						     g->before[i].system_usec),
			 "share_of_cpus", g->share[i].share_of_cpus,
			 "share_of_groups", g->share[i].share_of_groups,
			 "perf", perf_json(&g->w[i]),
			 "workload", result);
}

/* The services of a group run: how each ended. */
static json_t *services_json(const struct run_record *rec)
{
	json_t *services = json_array();
	size_t i;

	for (i = 0; i < rec->plan->nservices; i++)
		json_array_append_new(services, json_pack("{s:s, s:b, s:i}",
			"group", rec->plan->services[i].spec->name,
			"ended_early", rec->groups->service_status[i] >= 0,
			"exit_status", rec->groups->service_status[i] >= 0 ?
				       rec->groups->service_status[i] :
				       rec->groups->svc[i].exit_status));
	return services;
}

static int group_run_write(const char *path, const struct run_record *rec,
			   char *err, size_t errlen)
{
	json_t *groups = json_array(), *g, *run;
	size_t i;
	int ret;

	for (i = 0; i < rec->plan->ngroups; i++) {
		g = group_json(rec, i, err, errlen);
		if (!g) {
			json_decref(groups);
			json_decref(rec->module);
			json_decref(rec->task_delays);
			return -1;
		}
		json_array_append_new(groups, g);
	}
	run = run_head(rec, rec->exit_status, rec->groups->window_s);
	json_object_set_new(run, "perf", json_null());
	json_object_set_new(run, "workload", json_pack("{s:[], s:[]}", "tables",
						       "notes"));
	json_object_set_new(run, "module", rec->module);
	json_object_set_new(run, "window_s", json_real(rec->groups->window_s));
	json_object_set_new(run, "cpus", json_integer(rec->groups->cpus));
	json_object_set_new(run, "groups", groups);
	json_object_set_new(run, "services", services_json(rec));
	ret = result_json_write(path, run, err, errlen);
	json_decref(run);
	return ret;
}

int result_run_write(const char *path, const struct run_record *rec,
		     char *err, size_t errlen)
{
	json_t *perf, *result, *run;
	int ret;

	if (rec->groups)
		return group_run_write(path, rec, err, errlen);
	perf = perf_json(rec->w);
	result = workload_json(rec->w, rec->plan ? rec->plan->tool : NULL,
			       rec->plan, rec->run_dir, err, errlen);
	if (!result) {
		json_decref(rec->module);
		json_decref(rec->task_delays);
		json_decref(perf);
		return -1;
	}
	run = run_head(rec, rec->w->exit_status, rec->w->elapsed_s);
	json_object_set_new(run, "perf", perf);
	json_object_set_new(run, "workload", result);
	json_object_set_new(run, "module", rec->module);
	ret = result_json_write(path, run, err, errlen);
	json_decref(run);
	return ret;
}
