// SPDX-License-Identifier: GPL-2.0
/*
 * A sweep's result directory read back (docs/sweep.md): sweep.json, then
 * every run file it lists, each checked against the contract so that the
 * report and the plots can take what they read as given.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/error_msg.h"
#include "results/group_name.h"
#include "results/sweep_results.h"

#define SWEEP_SCHEMA	"schedscope-sweep/1"
#define RUN_SCHEMA	"schedscope-run/1"

/* Parse path as JSON; a missing file is -ENOENT, anything unreadable -EINVAL. */
static int load_json(const char *path, json_t **out, char *err, size_t errlen)
{
	json_error_t jerr;
	struct stat st;

	*out = NULL;
	if (stat(path, &st))
		return error_ret(err, errlen, -errno, "%s: %s", path, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return error_ret(err, errlen, -EINVAL, "%s: not a regular file", path);
	*out = json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
	if (!*out)
		return error_ret(err, errlen, -EINVAL, "%s: line %d column %d: %s",
				 path, jerr.line, jerr.column, jerr.text);
	if (!json_is_object(*out)) {
		json_decref(*out);
		*out = NULL;
		return error_ret(err, errlen, -EINVAL, "%s: not a JSON object", path);
	}
	return 0;
}

/* A string member copied into buf; null is "" when null_ok. */
static int get_string(json_t *obj, const char *key, bool null_ok, char *buf,
		      size_t len, const char *path, char *err, size_t errlen)
{
	json_t *v = json_object_get(obj, key);

	if (null_ok && json_is_null(v)) {
		buf[0] = '\0';
		return 0;
	}
	if (!json_is_string(v))
		return error_ret(err, errlen, -EINVAL, "%s: \"%s\" is %s, not a string%s",
				 path, key, v ? "of another type" : "missing",
				 null_ok ? " or null" : "");
	if (json_string_length(v) >= len)
		return error_ret(err, errlen, -EINVAL, "%s: \"%s\" is longer than %zu bytes",
				 path, key, len - 1);
	memcpy(buf, json_string_value(v), json_string_length(v) + 1);
	return 0;
}

/* An integer member in [min, max]. */
static int get_int(json_t *obj, const char *key, json_int_t min, json_int_t max,
		   json_int_t *value, const char *path, char *err, size_t errlen)
{
	json_t *v = json_object_get(obj, key);

	if (!json_is_integer(v) || json_integer_value(v) < min ||
	    json_integer_value(v) > max)
		return error_ret(err, errlen, -EINVAL,
				 "%s: \"%s\" is %s, not an integer in [%lld, %lld]",
				 path, key, v ? "out of range or of another type" :
				 "missing", (long long)min, (long long)max);
	*value = json_integer_value(v);
	return 0;
}

static int get_bool(json_t *obj, const char *key, bool *value,
		    const char *path, char *err, size_t errlen)
{
	json_t *v = json_object_get(obj, key);

	if (!json_is_boolean(v))
		return error_ret(err, errlen, -EINVAL, "%s: \"%s\" is %s, not true or false",
				 path, key, v ? "of another type" : "missing");
	*value = json_is_true(v);
	return 0;
}

/* A number member (integer or real); inf and nan cannot be in JSON. */
static int get_number(json_t *obj, const char *key, double *value,
		      const char *path, char *err, size_t errlen)
{
	json_t *v = json_object_get(obj, key);

	if (!json_is_number(v))
		return error_ret(err, errlen, -EINVAL, "%s: \"%s\" is %s, not a number",
				 path, key, v ? "of another type" : "missing");
	*value = json_number_value(v);
	return 0;
}

static int check_workload_cmd(struct sweep_results *res, const char *path,
			      char *err, size_t errlen)
{
	json_t *w = json_object_get(res->sweep, "workload"), *arg;
	size_t i, used = 0;

	if (!json_is_array(w) || !json_array_size(w))
		return error_ret(err, errlen, -EINVAL,
				 "%s: \"workload\" is not a non-empty array of strings",
				 path);
	json_array_foreach(w, i, arg) {
		size_t n;

		if (!json_is_string(arg))
			return error_ret(err, errlen, -EINVAL, "%s: \"workload\"[%zu] "
					 "is not a string", path, i);
		n = json_string_length(arg);
		if (used + n + 2 > sizeof(res->workload))
			return error_ret(err, errlen, -EINVAL, "%s: \"workload\" is "
					 "longer than %zu bytes", path,
					 sizeof(res->workload) - 1);
		if (i)
			res->workload[used++] = ' ';
		memcpy(res->workload + used, json_string_value(arg), n + 1);
		used += n;
	}
	return 0;
}

static int load_settings(struct sweep_results *res, const char *path,
			 char *err, size_t errlen)
{
	json_t *settings = json_object_get(res->sweep, "settings"), *s;
	size_t i, j;
	int ret;

	if (!json_is_array(settings) || !json_array_size(settings))
		return error_ret(err, errlen, -EINVAL,
				 "%s: \"settings\" is not a non-empty array", path);
	res->settings = calloc(json_array_size(settings), sizeof(*res->settings));
	if (!res->settings)
		return error_ret(err, errlen, -ENOMEM, "%s: out of memory", path);
	res->nsettings = json_array_size(settings);
	json_array_foreach(settings, i, s) {
		char what[64];

		snprintf(what, sizeof(what), "settings[%zu]", i);
		if (!json_is_object(s))
			return error_ret(err, errlen, -EINVAL, "%s: \"%s\" is not an "
					 "object", path, what);
		ret = get_string(s, "name", false, res->settings[i].own_name,
				 sizeof(res->settings[i].own_name), path, err,
				 errlen);
		if (ret)
			return ret;
		if (!res->settings[i].own_name[0])
			return error_ret(err, errlen, -EINVAL, "%s: \"%s\" has an "
					 "empty name", path, what);
		memcpy(res->settings[i].name, res->settings[i].own_name,
		       sizeof(res->settings[i].own_name));
		res->settings[i].sweep = res->sweep;
		for (j = 0; j < i; j++)
			if (!strcmp(res->settings[j].name, res->settings[i].name))
				return error_ret(err, errlen, -EINVAL, "%s: setting "
						 "\"%s\" is there twice", path,
						 res->settings[i].name);
	}
	return 0;
}

/* Every table: columns of names, rows as wide, fields numbers or words. */
static int check_tables(json_t *tables, const char *path, char *err,
			size_t errlen)
{
	json_t *t, *cols, *rows, *row, *v;
	size_t i, c, r;

	if (!json_is_array(tables))
		return error_ret(err, errlen, -EINVAL, "%s: \"workload\".\"tables\" "
				 "is not an array", path);
	json_array_foreach(tables, i, t) {
		cols = json_object_get(t, "columns");
		rows = json_object_get(t, "rows");
		if (!json_is_array(cols) || !json_array_size(cols) ||
		    !json_is_array(rows))
			return error_ret(err, errlen, -EINVAL, "%s: table %zu has no "
					 "\"columns\" and \"rows\" arrays", path, i);
		json_array_foreach(cols, c, v)
			if (!json_is_string(v))
				return error_ret(err, errlen, -EINVAL, "%s: table %zu: "
						 "column %zu is not a string", path,
						 i, c);
		json_array_foreach(rows, r, row) {
			if (!json_is_array(row) ||
			    json_array_size(row) != json_array_size(cols))
				return error_ret(err, errlen, -EINVAL, "%s: table %zu "
						 "(%s): row %zu is not an array of "
						 "%zu fields", path, i,
						 json_string_value(json_array_get(cols, 0)),
						 r, json_array_size(cols));
			json_array_foreach(row, c, v)
				if (!json_is_number(v) && !json_is_string(v))
					return error_ret(err, errlen, -EINVAL,
							 "%s: table %zu row %zu field "
							 "%zu is neither a number nor "
							 "a word", path, i, r, c);
		}
	}
	return 0;
}

/* "notes" (optional): an array of strings. */
static int check_notes(json_t *workload, struct sweep_run *run, char *err,
		       size_t errlen)
{
	json_t *notes = json_object_get(workload, "notes"), *n;
	size_t i;

	if (!notes)
		return 0;
	if (!json_is_array(notes))
		return error_ret(err, errlen, -EINVAL, "%s: \"workload\".\"notes\" "
				 "is not an array", run->path);
	json_array_foreach(notes, i, n)
		if (!json_is_string(n))
			return error_ret(err, errlen, -EINVAL, "%s: \"workload\"."
					 "\"notes\"[%zu] is not a string",
					 run->path, i);
	run->notes = notes;
	return 0;
}

/* sweep.json's "groups" (optional): objects with distinct valid names. */
static int load_groups(struct sweep_results *res, const char *path,
		       char *err, size_t errlen)
{
	json_t *groups = json_object_get(res->sweep, "groups"), *g, *name;
	size_t i, j;

	if (!groups)
		return 0;
	if (!json_is_array(groups))
		return error_ret(err, errlen, -EINVAL, "%s: \"groups\" is not an "
				 "array", path);
	res->groups = groups;		/* for sweep_group_name() */
	json_array_foreach(groups, i, g) {
		name = json_object_get(g, "name");
		if (!json_is_string(name) ||
		    !sweep_group_name_ok(json_string_value(name)))
			return error_ret(err, errlen, -EINVAL, "%s: \"groups\"[%zu] "
					 "has no valid \"name\"", path, i);
		for (j = 0; j < i; j++)
			if (!strcmp(sweep_group_name(res, j),
				    json_string_value(name)))
				return error_ret(err, errlen, -EINVAL, "%s: group "
						 "\"%s\" is there twice", path,
						 json_string_value(name));
	}
	res->ngroups = json_array_size(groups);
	return 0;
}

/*
 * A group run's "groups": one object per group of sweep.json, each with
 * its usage, shares and workload tables.
 */
static int load_run_groups(const struct sweep_results *res,
			   struct sweep_run *run, char *err, size_t errlen)
{
	static const char *const numbers[] = { "usage_usec", "share_of_cpus",
					       "share_of_groups", "elapsed_s" };
	json_t *groups = json_object_get(run->json, "groups"), *g, *w;
	const char *p = run->path;
	double v;
	size_t i, k;
	int ret;

	if (!res->ngroups)
		return 0;
	if (!json_is_array(groups) || json_array_size(groups) != res->ngroups)
		return error_ret(err, errlen, -EINVAL, "%s: \"groups\" is not an "
				 "array of the %zu groups of sweep.json", p,
				 res->ngroups);
	json_array_foreach(groups, i, g) {
		json_t *name = json_object_get(g, "name");

		if (!json_is_string(name) ||
		    strcmp(json_string_value(name), sweep_group_name(res, i)))
			return error_ret(err, errlen, -EINVAL, "%s: \"groups\"[%zu] "
					 "is not group \"%s\" of sweep.json", p, i,
					 sweep_group_name(res, i));
		for (k = 0; k < sizeof(numbers) / sizeof(numbers[0]); k++) {
			ret = get_number(g, numbers[k], &v, p, err, errlen);
			if (ret)
				return ret;
		}
		w = json_object_get(g, "workload");
		if (!json_is_object(w))
			return error_ret(err, errlen, -EINVAL, "%s: group %s has no "
					 "\"workload\" object", p,
					 sweep_group_name(res, i));
		ret = check_tables(json_object_get(w, "tables"), p, err, errlen);
		if (ret)
			return ret;
	}
	run->groups = groups;
	return 0;
}

/* Which run of which setting a run file says it is, and how it ended. */
static int load_run_identity(struct sweep_results *res, struct sweep_run *run,
			     char *err, size_t errlen)
{
	char name[sizeof(((struct sweep_setting *)0)->name)];
	const char *p = run->path;
	json_int_t v;
	int ret;

	if (get_string(run->json, "schema", false, name, sizeof(name), p, err,
		       errlen) || strcmp(name, RUN_SCHEMA))
		return error_ret(err, errlen, -EINVAL, "%s: \"schema\" is not \""
				 RUN_SCHEMA "\"", p);
	ret = get_int(run->json, "setting_index", 0, res->nsettings - 1, &v,
		      p, err, errlen);
	if (ret)
		return ret;
	run->setting = v;
	ret = get_string(run->json, "setting", false, name, sizeof(name), p,
			 err, errlen);
	if (ret)
		return ret;
	if (strcmp(name, res->settings[run->setting].name))
		return error_ret(err, errlen, -EINVAL, "%s: setting \"%s\" is not "
				 "setting %zu of sweep.json (\"%s\")", p, name,
				 run->setting, res->settings[run->setting].name);
	ret = get_int(run->json, "repetition", 0, res->repetitions - 1, &v, p,
		      err, errlen);
	if (ret)
		return ret;
	run->repetition = v;
	ret = get_int(run->json, "exit_status", 0, 255, &v, p, err, errlen);
	if (ret)
		return ret;
	run->exit_status = v;
	return get_number(run->json, "elapsed_s", &run->elapsed_s, p, err,
			  errlen);
}

/* "perf": the counts, or null where perf could not count. */
static int load_run_perf(struct sweep_run *run, char *err, size_t errlen)
{
	json_t *perf = json_object_get(run->json, "perf");
	const char *p = run->path;
	int ret;

	if (!perf || json_is_null(perf))
		return 0;
	if (!json_is_object(perf))
		return error_ret(err, errlen, -EINVAL, "%s: \"perf\" is neither an "
				 "object nor null", p);
	ret = get_number(perf, "context_switches", &run->context_switches,
			 p, err, errlen);
	if (!ret)
		ret = get_number(perf, "cpu_migrations", &run->cpu_migrations,
				 p, err, errlen);
	if (!ret)
		ret = get_number(perf, "task_clock_ms", &run->task_clock_ms,
				 p, err, errlen);
	if (ret)
		return ret;
	run->have_perf = true;
	return 0;
}

/* "workload": its tables; "module": a snapshot, or null without module. */
static int load_run_results(struct sweep_run *run, char *err, size_t errlen)
{
	json_t *workload = json_object_get(run->json, "workload");
	json_t *module = json_object_get(run->json, "module");
	const char *p = run->path;
	char why[512];
	int ret;

	if (!json_is_object(workload))
		return error_ret(err, errlen, -EINVAL, "%s: \"workload\" is %s, not an "
				 "object", p, workload ? "of another type" : "missing");
	run->tables = json_object_get(workload, "tables");
	ret = check_tables(run->tables, p, err, errlen);
	if (ret)
		return ret;
	ret = check_notes(workload, run, err, errlen);
	if (ret)
		return ret;

	if (!module || json_is_null(module))
		return 0;
	if (!json_is_object(module))
		return error_ret(err, errlen, -EINVAL, "%s: \"module\" is neither "
				 "an object nor null", p);
	run->module = malloc(sizeof(*run->module));
	if (!run->module)
		return error_ret(err, errlen, -ENOMEM, "%s: out of memory", p);
	ret = run_module_from_json(module, run->module, why, sizeof(why));
	if (ret)
		return error_ret(err, errlen, ret, "%s: \"module\": %s", p, why);
	return 0;
}

/* "task_delays": null (none were had), or missing in older run files. */
static int load_run_task_delays(struct sweep_run *run, char *err, size_t errlen)
{
	json_t *td = json_object_get(run->json, "task_delays");
	char why[512];
	int ret;

	if (!td || json_is_null(td))
		return 0;
	ret = task_delays_from_json(td, &run->task_delays, why, sizeof(why));
	if (ret)
		return error_ret(err, errlen, ret, "%s: \"task_delays\": %s", run->path,
				 ret == -ENOMEM ? "out of memory" : why);
	run->have_task_delays = true;
	return 0;
}

static void run_free(struct sweep_run *run)
{
	json_decref(run->json);
	task_delays_free(&run->task_delays);
	free(run->module);
	memset(run, 0, sizeof(*run));
}

static int load_run(struct sweep_results *res, struct sweep_run *run,
		    const char *rel, char *err, size_t errlen)
{
	int ret;

	if (rel[0] == '/' || strstr(rel, ".."))
		return error_ret(err, errlen, -EINVAL, "%s/sweep.json: run file \"%s\" "
				 "is not a path inside the directory", res->dir, rel);
	if ((size_t)snprintf(run->path, sizeof(run->path), "%s/%s", res->dir,
			     rel) >= sizeof(run->path))
		return error_ret(err, errlen, -ENAMETOOLONG, "%s/%s: path too long",
				 res->dir, rel);
	ret = load_json(run->path, &run->json, err, errlen);
	if (!ret)
		ret = load_run_identity(res, run, err, errlen);
	if (!ret)
		ret = load_run_perf(run, err, errlen);
	if (!ret)
		ret = load_run_results(run, err, errlen);
	if (!ret)
		ret = load_run_groups(res, run, err, errlen);
	if (!ret)
		ret = load_run_task_delays(run, err, errlen);
	return ret;
}

static int cmp_run_ptr(const void *a, const void *b)
{
	const struct sweep_run *x = *(struct sweep_run *const *)a;
	const struct sweep_run *y = *(struct sweep_run *const *)b;

	return x->repetition < y->repetition ? -1 :
	       x->repetition > y->repetition;
}

/* Hand each setting its runs, by repetition; a (setting, repetition) once. */
static int group_runs(struct sweep_results *res, char *err, size_t errlen)
{
	size_t i, s, r;

	for (s = 0; s < res->nsettings; s++) {
		struct sweep_setting *set = &res->settings[s];

		set->runs = calloc(res->nruns ? res->nruns : 1, sizeof(*set->runs));
		if (!set->runs)
			return error_ret(err, errlen, -ENOMEM, "out of memory");
		for (i = 0; i < res->nruns; i++)
			if (res->runs[i].setting == s)
				set->runs[set->nruns++] = &res->runs[i];
		qsort(set->runs, set->nruns, sizeof(*set->runs), cmp_run_ptr);
		for (r = 1; r < set->nruns; r++)
			if (set->runs[r]->repetition == set->runs[r - 1]->repetition)
				return error_ret(err, errlen, -EINVAL, "%s: setting "
						 "\"%s\" repetition %u again (first in "
						 "%s)", set->runs[r]->path, set->name,
						 set->runs[r]->repetition,
						 set->runs[r - 1]->path);
	}
	return 0;
}

static int load_sweep(struct sweep_results *res, const char *path, char *err,
		      size_t errlen)
{
	char schema[64];
	json_t *runs, *rel;
	struct sweep_run *run;
	json_int_t v;
	size_t i;
	int ret;

	ret = load_json(path, &res->sweep, err, errlen);
	if (ret)
		return ret;
	if (get_string(res->sweep, "schema", false, schema, sizeof(schema),
		       path, err, errlen) || strcmp(schema, SWEEP_SCHEMA))
		return error_ret(err, errlen, -EINVAL, "%s: \"schema\" is not \""
				 SWEEP_SCHEMA "\"", path);
	ret = get_string(res->sweep, "kernel", false, res->kernel,
			 sizeof(res->kernel), path, err, errlen);
	if (!ret)
		ret = get_string(res->sweep, "preset", true, res->preset,
				 sizeof(res->preset), path, err, errlen);
	if (!ret)
		ret = get_string(res->sweep, "stopped_by", true, res->stopped_by,
				 sizeof(res->stopped_by), path, err, errlen);
	if (!ret)
		ret = get_bool(res->sweep, "module", &res->module, path, err,
			       errlen);
	if (!ret)
		ret = get_bool(res->sweep, "complete", &res->complete, path, err,
			       errlen);
	if (!ret)
		ret = get_int(res->sweep, "repetitions", 1, 1000000, &v, path,
			      err, errlen);
	if (ret)
		return ret;
	res->repetitions = v;
	ret = check_workload_cmd(res, path, err, errlen);
	if (!ret)
		ret = load_settings(res, path, err, errlen);
	if (!ret)
		ret = load_groups(res, path, err, errlen);
	if (ret)
		return ret;

	runs = json_object_get(res->sweep, "runs");
	if (!json_is_array(runs))
		return error_ret(err, errlen, -EINVAL, "%s: \"runs\" is not an array",
				 path);
	res->runs = calloc(json_array_size(runs) + 1, sizeof(*res->runs));
	if (!res->runs)
		return error_ret(err, errlen, -ENOMEM, "%s: out of memory", path);
	res->bad = calloc(json_array_size(runs) + 1, sizeof(*res->bad));
	if (!res->bad)
		return error_ret(err, errlen, -ENOMEM, "%s: out of memory", path);
	json_array_foreach(runs, i, rel) {
		if (!json_is_string(rel))
			return error_ret(err, errlen, -EINVAL, "%s: \"runs\"[%zu] is "
					 "not a string", path, i);
		/* Counted first: sweep_results_free() releases what was read. */
		run = &res->runs[res->nruns++];
		ret = load_run(res, run, json_string_value(rel),
			       res->bad[res->nbad], sizeof(res->bad[0]));
		if (ret == -ENOMEM)
			return error_ret(err, errlen, ret, "%s", res->bad[res->nbad]);
		if (ret) {
			/* Left out; the report and the plots say so. */
			run_free(run);
			res->nruns--;
			res->nbad++;
		}
	}
	return group_runs(res, err, errlen);
}

int sweep_results_load(struct sweep_results *res, const char *dir,
		       char *err, size_t errlen)
{
	char path[sizeof(res->dir) + 16];
	size_t len = strlen(dir);
	struct stat st;
	int ret;

	memset(res, 0, sizeof(*res));
	while (len > 1 && dir[len - 1] == '/')
		len--;
	if (len >= sizeof(res->dir))
		return error_ret(err, errlen, -ENAMETOOLONG, "%s: path too long", dir);
	memcpy(res->dir, dir, len);
	if (stat(res->dir, &st))
		return error_ret(err, errlen, -errno, "%s: %s", res->dir,
				 strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return error_ret(err, errlen, -ENOTDIR, "%s: not a directory", res->dir);
	snprintf(path, sizeof(path), "%s/sweep.json", res->dir);
	ret = load_sweep(res, path, err, errlen);
	if (ret)
		sweep_results_free(res);
	return ret;
}

void sweep_results_free(struct sweep_results *res)
{
	size_t i;

	for (i = 0; i < res->nruns; i++)
		run_free(&res->runs[i]);
	for (i = 0; i < res->nsettings; i++)
		free(res->settings[i].runs);
	free(res->runs);
	free(res->bad);
	free(res->settings);
	json_decref(res->sweep);
	for (i = 0; i < res->njoined; i++)
		json_decref(res->joined[i]);
	free(res->joined);
	memset(res, 0, sizeof(*res));
}

long sweep_table_column(json_t *table, const char *column)
{
	json_t *cols = json_object_get(table, "columns"), *c;
	size_t i;

	json_array_foreach(cols, i, c)
		if (json_is_string(c) && !strcmp(json_string_value(c), column))
			return i;
	return -1;
}

json_t *sweep_run_table(const struct sweep_run *run, const char *column)
{
	json_t *t;
	size_t i;

	if (!run->tables)
		return NULL;
	json_array_foreach(run->tables, i, t)
		if (sweep_table_column(t, column) >= 0)
			return t;
	return NULL;
}

size_t sweep_run_rows(const struct sweep_run *run, const char *column)
{
	json_t *t = sweep_run_table(run, column);

	return t ? json_array_size(json_object_get(t, "rows")) : 0;
}

double sweep_run_value(const struct sweep_run *run, const char *column,
		       size_t row)
{
	json_t *t = sweep_run_table(run, column), *v;

	if (!t)
		return NAN;
	v = json_array_get(json_array_get(json_object_get(t, "rows"), row),
			   sweep_table_column(t, column));
	return json_is_number(v) ? json_number_value(v) : NAN;
}

double sweep_run_seconds(const struct sweep_run *run, bool *own)
{
	double v = sweep_run_value(run, "seconds", 0);

	*own = !isnan(v);
	if (*own)
		return v;
	return run->elapsed_s >= 0 ? run->elapsed_s : NAN;
}

double sweep_run_cpu_seconds(const struct sweep_run *run)
{
	return run->have_perf ? run->task_clock_ms / 1e3 : NAN;
}

const char *sweep_group_name(const struct sweep_results *res, size_t i)
{
	return json_string_value(json_object_get(json_array_get(res->groups, i),
						 "name"));
}

json_t *sweep_run_group(const struct sweep_run *run, const char *name)
{
	json_t *g;
	size_t i;

	json_array_foreach(run->groups, i, g)
		if (!strcmp(json_string_value(json_object_get(g, "name")), name))
			return g;
	return NULL;
}

double sweep_run_group_number(const struct sweep_run *run, const char *name,
			      const char *key)
{
	json_t *v = json_object_get(sweep_run_group(run, name), key);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

/* A sweep's label: its release up to '-' or '+' ("6.12.118"). */
static void kernel_label(const struct sweep_results *part, char *buf,
			 size_t len)
{
	snprintf(buf, len, "%.*s", (int)strcspn(part->kernel, "-+"),
		 part->kernel);
}

/* Each part's label: its kernel's, or its directory's name where two share one. */
static void join_labels(const struct sweep_results *part, size_t n,
			char (*label)[64])
{
	size_t i, j;
	bool same = false;

	for (i = 0; i < n; i++)
		kernel_label(&part[i], label[i], sizeof(label[i]));
	for (i = 0; i < n; i++)
		for (j = 0; j < i; j++)
			same |= !strcmp(label[i], label[j]);
	for (i = 0; same && i < n; i++) {
		const char *slash = strrchr(part[i].dir, '/');

		snprintf(label[i], sizeof(label[i]), "%s",
			 slash && slash[1] ? slash + 1 : part[i].dir);
	}
}

/* Can part i be joined to part 0? 0, or -EINVAL with why. */
static int joinable(const struct sweep_results *part, size_t i, char *err,
		    size_t errlen)
{
	if (part[i].ngroups || part[0].ngroups)
		return error_ret(err, errlen, -EINVAL, "%s: a group sweep: only sweeps "
				 "of one workload are joined", part[i].ngroups ?
				 part[i].dir : part[0].dir);
	if (strcmp(part[i].workload, part[0].workload))
		return error_ret(err, errlen, -EINVAL, "%s ran '%s', %s ran '%s': a "
				 "report compares one workload", part[i].dir,
				 part[i].workload, part[0].dir, part[0].workload);
	return 0;
}

/* Part's settings and runs moved into res after those already there. */
static void join_part(struct sweep_results *res, struct sweep_results *part,
		      const char *label)
{
	size_t s0 = res->nsettings, i;

	for (i = 0; i < part->nsettings; i++) {
		struct sweep_setting *set = &res->settings[s0 + i];

		snprintf(set->name, sizeof(set->name), "%s:%s", label,
			 part->settings[i].own_name);
		memcpy(set->own_name, part->settings[i].own_name,
		       sizeof(set->own_name));
		set->sweep = part->sweep;
	}
	for (i = 0; i < part->nruns; i++) {
		res->runs[res->nruns] = part->runs[i];
		res->runs[res->nruns++].setting += s0;
	}
	for (i = 0; i < part->nbad; i++)
		memcpy(res->bad[res->nbad++], part->bad[i], sizeof(res->bad[0]));
	res->nsettings += part->nsettings;
	res->repetitions = res->repetitions > part->repetitions ?
			   res->repetitions : part->repetitions;
	res->complete &= part->complete;
	res->module &= part->module;
	if (!res->stopped_by[0])
		memcpy(res->stopped_by, part->stopped_by, sizeof(res->stopped_by));
	if (strcmp(res->preset, part->preset))
		res->preset[0] = '\0';
	/* What moved is res's to free now. */
	part->nruns = 0;
}

/* res from part[0..n-1], which are left to be freed. */
static int join_parts(struct sweep_results *res, struct sweep_results *part,
		      size_t n, char *err, size_t errlen)
{
	char (*label)[64] = calloc(n, sizeof(*label));
	size_t i, nsettings = 0, nruns = 0, nbad = 0, used = 0;

	for (i = 0; i < n; i++) {
		nsettings += part[i].nsettings;
		nruns += part[i].nruns;
		nbad += part[i].nbad;
	}
	memcpy(res->dir, part[0].dir, sizeof(res->dir));
	memcpy(res->workload, part[0].workload, sizeof(res->workload));
	memcpy(res->preset, part[0].preset, sizeof(res->preset));
	res->settings = calloc(nsettings, sizeof(*res->settings));
	res->runs = calloc(nruns + 1, sizeof(*res->runs));
	res->bad = calloc(nbad + 1, sizeof(*res->bad));
	res->joined = calloc(n, sizeof(*res->joined));
	if (!label || !res->settings || !res->runs || !res->bad || !res->joined) {
		free(label);
		return error_ret(err, errlen, -ENOMEM, "out of memory");
	}
	join_labels(part, n, label);
	res->complete = res->module = true;
	for (i = 0; i < n; i++) {
		join_part(res, &part[i], label[i]);
		used += snprintf(res->kernel + used, used < sizeof(res->kernel) ?
				 sizeof(res->kernel) - used : 0, "%s%s",
				 i ? ", " : "", part[i].kernel);
		/* sweep.json: the first is res's own, the others joined. */
		if (i)
			res->joined[res->njoined++] = part[i].sweep;
		else
			res->sweep = part[i].sweep;
		part[i].sweep = NULL;
	}
	free(label);
	return group_runs(res, err, errlen);
}

int sweep_results_load_joined(struct sweep_results *res,
			      const char *const *dirs, size_t n, char *err,
			      size_t errlen)
{
	struct sweep_results *part;
	size_t i, loaded = 0;
	int ret = 0;

	if (n == 1)
		return sweep_results_load(res, dirs[0], err, errlen);
	memset(res, 0, sizeof(*res));
	part = calloc(n, sizeof(*part));
	if (!part)
		return error_ret(err, errlen, -ENOMEM, "out of memory");
	for (i = 0; !ret && i < n; i++) {
		ret = sweep_results_load(&part[i], dirs[i], err, errlen);
		loaded += !ret;
		if (!ret)
			ret = joinable(part, i, err, errlen);
	}
	if (!ret)
		ret = join_parts(res, part, n, err, errlen);
	for (i = 0; i < loaded; i++)
		sweep_results_free(&part[i]);
	free(part);
	if (ret)
		sweep_results_free(res);
	return ret;
}
