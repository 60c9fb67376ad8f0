// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope sweep: run a workload under several sched_feat settings,
 * several times each, and keep what every run did in a directory
 * (docs/sweep.md). The original features are put back on every way out:
 * the end, an error, a failing workload, SIGINT, SIGTERM, SIGHUP.
 */
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cmd/commands.h"
#include "lib/error_msg.h"
#include "output/output.h"
#include "lib/read_file.h"
#include "sweep/features.h"
#include "kmod/control.h"
#include "kmod/snapshot.h"
#include "sweep/presets.h"
#include "sweep/workload_run.h"
#include "sweep/workload_tables.h"

#define MAX_SETTINGS		32
#define MAX_REPETITIONS		1000
#define MAX_CHANGES		16
#define MAX_WORKLOAD_ARGS	255

static const char cmd[] = "sweep";

struct sweep_setting_spec {
	const char *name;
	size_t nchanges;
	sched_feature_token changes[MAX_CHANGES];
};

struct sweep_params {
	const char *debugfs;
	const char *features_path;
	const char *dir;
	const struct sweep_preset *preset;
	bool no_module;
	unsigned int repetitions;
	struct cli_filter filter;
	size_t nsettings;
	struct sweep_setting_spec settings[MAX_SETTINGS];
	char **workload;		/* NULL-ended */
	int nworkload;
	const char *preset_argv[SWEEP_PRESET_MAX_ARGS];
	char filter_line[4200];		/* the module's filter; "" for none */
	char prog[4096];		/* workload[0] resolved */
	char *run_argv[MAX_WORKLOAD_ARGS + 1];	/* prog, workload[1..] */
};

/* The state the exit paths need: what to restore, what to write. */
struct sweep_state {
	struct sched_features original;
	bool features_changed;
	struct ss_session session;
	bool session_begun;
	json_t *sweep;			/* sweep.json */
	char path[4096];
};

static volatile sig_atomic_t stop_signal;

static void request_stop(int sig)
{
	stop_signal = sig;
}

static void usage(FILE *out)
{
	size_t i;

	fprintf(out,
		"Usage: schedscope sweep [OPTIONS] [FILTER] [-- WORKLOAD [ARGS...]]\n"
		"\n"
		"Run WORKLOAD under each sched_feat SETTING, REPS times each (every\n"
		"setting once, then again), resetting the module before each run, and\n"
		"keep each run's counters, histograms, perf counts and the workload's\n"
		"own result in DIR (docs/sweep.md). The features as found are restored\n"
		"afterwards, also after an error, a failing workload, SIGINT or SIGTERM.\n"
		"\n"
		"  -s, --set SETTING     'default' (the features as found) or feature\n"
		"                        names joined by commas, each NAME or NO_NAME,\n"
		"                        applied on top of them; repeat for each setting\n"
		"  -r, --repetitions N   runs per setting (default 3, or the preset's)\n"
		"  -p, --preset NAME     settings, workload and repetitions of a preset;\n"
		"                        --set, -r and a WORKLOAD given override them\n"
		"  -l, --list-presets    the presets and what they reproduce\n"
		"  -o, --output DIR      result directory, new or empty (default\n"
		"                        sweep-NAME-YYYYmmdd-HHMMSS)\n"
		"      --no-module       run without the schedscope module (perf counts\n"
		"                        and the workload's result only)\n"
		"      --features FILE   the features file (default %s)\n"
		"      --debugfs DIR     the module's debugfs directory\n"
		CLI_FILTER_HELP
		"  -h, --help            this text\n"
		"\n"
		"A WORKLOAD without '/' is looked up next to schedscope, then in $PATH.\n"
		"Exit status: 0 all runs taken, 1 an error or a failing workload,\n"
		"2 bad command line, 130/143 stopped by SIGINT/SIGTERM.\n"
		"\nPresets:\n", SCHED_FEATURES_PATH);
	for (i = 0; sweep_preset_at(i); i++)
		fprintf(out, "  %s\n", sweep_preset_at(i)->name);
}

static void list_presets(void)
{
	const struct sweep_preset *p;
	size_t i, j;

	for (i = 0; (p = sweep_preset_at(i)); i++) {
		printf("%s\n    %s\n    schedscope sweep", p->name, p->reproduces);
		for (j = 0; p->settings[j]; j++)
			printf(" --set %s", p->settings[j]);
		printf(" -r %u", p->repetitions);
		if (p->filter)
			printf(" --%.*s %s", (int)strcspn(p->filter, "="), p->filter,
			       strchr(p->filter, '=') + 1);
		printf(" --");
		for (j = 0; p->workload[j]; j++)
			printf(" %s", p->workload[j]);
		printf("\n");
	}
}

static int parse_args(int argc, char **argv, struct sweep_params *p)
{
	enum {
		OPT_NO_MODULE = OPT_FIRST_COMMAND_OPT,
		OPT_FEATURES,
	};
	static const struct option long_options[] = {
		{ "set", required_argument, NULL, 's' },
		{ "repetitions", required_argument, NULL, 'r' },
		{ "preset", required_argument, NULL, 'p' },
		{ "list-presets", no_argument, NULL, 'l' },
		{ "output", required_argument, NULL, 'o' },
		{ "no-module", no_argument, NULL, OPT_NO_MODULE },
		{ "features", required_argument, NULL, OPT_FEATURES },
		{ "debugfs", required_argument, NULL, OPT_DEBUGFS },
		CLI_FILTER_OPTIONS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	uint64_t v;
	int opt, ret;

	memset(p, 0, sizeof(*p));
	p->features_path = SCHED_FEATURES_PATH;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "+:s:r:p:lo:h", long_options,
				  NULL)) != -1) {
		switch (opt) {
		case 's':
			if (p->nsettings == MAX_SETTINGS)
				return cli_usage_error(cmd, "at most %d settings",
						       MAX_SETTINGS);
			p->settings[p->nsettings++].name = optarg;
			break;
		case 'r':
			if (cli_parse_uint(optarg, 1, MAX_REPETITIONS, &v))
				return cli_usage_error(cmd, "--repetitions '%s': "
						       "not a number in 1..%d",
						       optarg, MAX_REPETITIONS);
			p->repetitions = v;
			break;
		case 'p':
			p->preset = sweep_preset_find(optarg);
			if (!p->preset)
				return cli_usage_error(cmd, "no preset '%s' "
						       "(schedscope sweep --list-presets)",
						       optarg);
			break;
		case 'l':
			list_presets();
			return -1;
		case 'o':
			if (!*optarg || strlen(optarg) > 4000)
				return cli_usage_error(cmd, "--output: a directory "
						       "name of 1..4000 bytes");
			p->dir = optarg;
			break;
		case OPT_NO_MODULE:
			p->no_module = true;
			break;
		case OPT_FEATURES:
			p->features_path = optarg;
			break;
		case OPT_DEBUGFS:
			p->debugfs = optarg;
			break;
		case OPT_PID:
		case OPT_TGID:
		case OPT_COMM:
		case OPT_CGROUP:
			ret = cli_filter_option(cmd, &p->filter, opt, optarg);
			if (ret)
				return ret;
			break;
		case 'h':
			usage(stdout);
			return -1;
		default:
			return cli_bad_option(cmd, opt, argv);
		}
	}
	if (optind < argc) {
		p->workload = argv + optind;
		p->nworkload = argc - optind;
	}
	return 0;
}

/* Fill what the command line left out from the preset, or the defaults. */
static int apply_preset(struct sweep_params *p)
{
	const struct sweep_preset *pre = p->preset;
	size_t i;

	if (pre && !p->nsettings)
		for (i = 0; pre->settings[i]; i++)
			p->settings[p->nsettings++].name = pre->settings[i];
	if (pre && !p->repetitions)
		p->repetitions = pre->repetitions;
	if (!p->repetitions)
		p->repetitions = 3;
	if (pre && !p->workload) {
		for (i = 0; pre->workload[i]; i++)
			p->preset_argv[i] = pre->workload[i];
		p->workload = (char **)p->preset_argv;
		p->nworkload = i;
	}
	/* A preset's filter is already in the module's form ("comm=NAME"). */
	cli_filter_string(&p->filter, p->filter_line, sizeof(p->filter_line));
	if (pre && !p->filter.opt && pre->filter)
		snprintf(p->filter_line, sizeof(p->filter_line), "%s", pre->filter);
	if (!p->nsettings)
		return cli_usage_error(cmd, "no setting: give --set (e.g. --set "
				       "default --set NO_RUN_TO_PARITY) or --preset");
	if (!p->workload)
		return cli_usage_error(cmd, "no workload: give -- WORKLOAD [ARGS] "
				       "or --preset");
	if (p->nworkload > MAX_WORKLOAD_ARGS)
		return cli_usage_error(cmd, "a workload of at most %d arguments",
				       MAX_WORKLOAD_ARGS);
	return 0;
}

static int check_settings(struct sweep_params *p,
			  const struct sched_features *feat)
{
	char err[8192];
	size_t i, j;

	for (i = 0; i < p->nsettings; i++) {
		if (sched_features_setting(feat, p->settings[i].name,
					   p->settings[i].changes, MAX_CHANGES,
					   &p->settings[i].nchanges, err,
					   sizeof(err)))
			return cli_usage_error(cmd, "%s", err);
		for (j = 0; j < i; j++)
			if (!strcmp(p->settings[i].name, p->settings[j].name))
				return cli_usage_error(cmd, "setting '%s' given twice",
						       p->settings[i].name);
	}
	return 0;
}

/* Make dir (and dir/runs): new, or existing and empty. */
static int make_result_dir(const char *dir)
{
	char runs[4200];

	if (mkdir(dir, 0755) && errno != EEXIST) {
		cli_error(cmd, "cannot create %s: %s", dir, strerror(errno));
		return -1;
	}
	snprintf(runs, sizeof(runs), "%s/runs", dir);
	if (mkdir(runs, 0755)) {
		cli_error(cmd, "%s: %s", runs, errno == EEXIST ?
			  "exists: choose a new result directory (-o)" : strerror(errno));
		return -1;
	}
	snprintf(runs, sizeof(runs), "%s/sweep.json", dir);
	if (!access(runs, F_OK)) {
		cli_error(cmd, "%s exists: choose a new result directory (-o)", runs);
		return -1;
	}
	return 0;
}

static int write_json(const char *path, json_t *json)
{
	char tmp[4200];

	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	if (json_dump_file(json, tmp, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
			   JSON_REAL_PRECISION(10)) || rename(tmp, path)) {
		cli_error(cmd, "cannot write %s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

static json_t *features_json(const struct sched_features *feat)
{
	char buf[SCHED_FEATURES_MAX * (SCHED_FEATURE_NAME_MAX + 4)];

	sched_features_format(feat, buf, sizeof(buf));
	return json_string(buf);
}

static json_t *new_sweep_json(const struct sweep_params *p,
			      const struct sched_features *feat)
{
	json_t *settings = json_array(), *workload = json_array(), *sw;
	struct utsname u;
	size_t i, j;

	uname(&u);
	for (i = 0; i < p->nsettings; i++) {
		json_t *changes = json_array();

		for (j = 0; j < p->settings[i].nchanges; j++)
			json_array_append_new(changes,
					      json_string(p->settings[i].changes[j]));
		json_array_append_new(settings, json_pack("{s:s, s:o}", "name",
							  p->settings[i].name,
							  "changes", changes));
	}
	for (i = 0; i < (size_t)p->nworkload; i++)
		json_array_append_new(workload, json_string(p->workload[i]));
	sw = json_pack("{s:s, s:s, s:I, s:o, s:o, s:I, s:b, s:s, s:o, s:n, s:o, s:[], s:b, s:n}",
		       "schema", "schedscope-sweep/1",
		       "kernel", u.release,
		       "cpus", (json_int_t)sysconf(_SC_NPROCESSORS_ONLN),
		       "preset", p->preset ? json_string(p->preset->name) : json_null(),
		       "workload", workload,
		       "repetitions", (json_int_t)p->repetitions,
		       "module", !p->no_module,
		       "filter", p->no_module ? "" : (*p->filter_line ? p->filter_line : "none"),
		       "features_before", features_json(feat),
		       "features_after",
		       "settings", settings,
		       "runs",
		       "complete", false,
		       "stopped_by");
	return sw;
}

/* The features back to the original; true when the file shows them again. */
static bool restore_features(const struct sweep_params *p,
			     struct sweep_state *st, struct sched_features *now)
{
	sched_feature_token tokens[SCHED_FEATURES_MAX];
	char err[1024];
	size_t n, i;
	bool ok = true;

	if (sched_features_read(p->features_path, now, err, sizeof(err))) {
		cli_error(cmd, "cannot restore the features: %s", err);
		return false;
	}
	if (sched_features_diff(now, &st->original, tokens, SCHED_FEATURES_MAX, &n)) {
		cli_error(cmd, "cannot restore the features: the kernel now lists "
			  "other features than at the start");
		return false;
	}
	for (i = 0; i < n; i++)
		if (sched_features_write(p->features_path, tokens[i], err, sizeof(err))) {
			cli_error(cmd, "restoring the features: %s", err);
			ok = false;
		}
	if (sched_features_read(p->features_path, now, err, sizeof(err))) {
		cli_error(cmd, "restoring the features: %s", err);
		return false;
	}
	if (sched_features_diff(now, &st->original, tokens, SCHED_FEATURES_MAX, &n) || n) {
		cli_error(cmd, "the features were not restored: %s still differs",
			  n ? tokens[0] : "the list");
		return false;
	}
	return ok;
}

/* Back to the original features, then the setting's changes, checked. */
static int apply_setting(const struct sweep_params *p, struct sweep_state *st,
			 const struct sweep_setting_spec *s,
			 struct sched_features *now)
{
	char err[1024];
	size_t i;

	st->features_changed = true;
	if (!restore_features(p, st, now))
		return -1;
	for (i = 0; i < s->nchanges; i++)
		if (sched_features_write(p->features_path, s->changes[i], err,
					 sizeof(err))) {
			cli_error(cmd, "setting %s: %s", s->name, err);
			return -1;
		}
	if (sched_features_read(p->features_path, now, err, sizeof(err))) {
		cli_error(cmd, "setting %s: %s", s->name, err);
		return -1;
	}
	for (i = 0; i < s->nchanges; i++) {
		const char *tok = s->changes[i];
		bool want = strncmp(tok, "NO_", 3) != 0;
		int idx = sched_features_find(now, want ? tok : tok + 3);

		if (idx < 0 || now->f[idx].enabled != want) {
			cli_error(cmd, "setting %s: the kernel did not take %s",
				  s->name, tok);
			return -1;
		}
	}
	return 0;
}

/* The module's counters and histograms: the object `show --json` prints. */
static json_t *module_snapshot(const char *dir)
{
	const struct out_opts opts = { .format = OUT_JSON, .unit = HIST_UNIT_NS,
				       .stats = true };
	struct ss_snapshot_opts sopts = { 0 };
	struct ss_snapshot snap;
	char err[1024];
	json_t *json;

	if (ss_snapshot_read(dir, &sopts, &snap, err, sizeof(err))) {
		cli_error(cmd, "reading the module: %s", err);
		return NULL;
	}
	json = out_json_snapshot(&snap, &opts);
	if (!json)
		cli_error(cmd, "formatting the module's snapshot failed");
	ss_snapshot_free(&snap);
	return json;
}

static json_t *workload_result(const char *out_path)
{
	char err[1024], *text;
	json_t *tables;
	size_t len;

	if (read_file(out_path, &text, &len, err, sizeof(err))) {
		cli_error(cmd, "%s", err);
		return NULL;
	}
	tables = workload_tables_parse(text, err, sizeof(err));
	if (!tables)
		cli_error(cmd, "%s: %s", out_path, err);
	free(text);
	return tables ? json_pack("{s:o}", "tables", tables) : NULL;
}

static const char *signal_name(int sig)
{
	switch (sig) {
	case SIGINT:
		return "SIGINT";
	case SIGTERM:
		return "SIGTERM";
	case SIGHUP:
		return "SIGHUP";
	default:
		return "a signal";
	}
}

/*
 * One run: apply, reset, run, collect, write runs/S-R.json. Returns 0, 1
 * when the workload failed or was stopped (the run file is still written),
 * -1 on an error.
 */
static int one_run(const struct sweep_params *p, struct sweep_state *st,
		   const char *dir, const char *ssdir, size_t s, unsigned int r,
		   size_t total, size_t done)
{
	const struct sweep_setting_spec *set = &p->settings[s];
	char base[4096], out[4200], errp[4200], json_path[4200], err[1024];
	struct workload_run w = { 0 };
	struct sched_features now;
	json_t *run, *result, *module = json_null(), *perf = json_null();
	int ret;

	if (apply_setting(p, st, set, &now))
		return -1;
	if (ssdir && (ss_ctl_write(ssdir, "reset", "1", err, sizeof(err)) ||
		      ss_ctl_write(ssdir, "enable", "1", err, sizeof(err)))) {
		cli_error(cmd, "resetting and enabling the module: %s", err);
		return -1;
	}
	snprintf(base, sizeof(base), "%s/runs/%zu-%u", dir, s, r);
	snprintf(out, sizeof(out), "%s.out", base);
	snprintf(errp, sizeof(errp), "%s.err", base);
	snprintf(json_path, sizeof(json_path), "%s.json", base);
	w.argv = (char **)p->run_argv;
	w.out_path = out;
	w.err_path = errp;
	w.stop_signal = &stop_signal;
	if (workload_run(&w, err, sizeof(err))) {
		cli_error(cmd, "%s", err);
		return -1;
	}
	if (ssdir) {
		/* Stopped first, so counters and histograms agree with each other. */
		if (ss_ctl_write(ssdir, "enable", "0", err, sizeof(err))) {
			cli_error(cmd, "disabling the module: %s", err);
			return -1;
		}
		module = module_snapshot(ssdir);
		if (!module)
			return -1;
	}
	if (w.have_perf)
		perf = json_pack("{s:I, s:I, s:f}",
				 "context_switches", (json_int_t)w.perf.value[PERF_COUNT_ID_CS],
				 "cpu_migrations",
				 (json_int_t)w.perf.value[PERF_COUNT_ID_MIGRATIONS],
				 "task_clock_ms", w.perf.value[PERF_COUNT_ID_TASK_CLOCK] / 1e6);
	else if (done == 0)
		fprintf(stderr, "schedscope %s: no perf counts: %s\n", cmd,
			w.perf_error);
	result = workload_result(out);
	if (!result) {
		json_decref(module);
		json_decref(perf);
		return -1;
	}
	run = json_pack("{s:s, s:s, s:I, s:I, s:o, s:i, s:f, s:o, s:o, s:o}",
			"schema", "schedscope-run/1",
			"setting", set->name,
			"setting_index", (json_int_t)s,
			"repetition", (json_int_t)r,
			"features", features_json(&now),
			"exit_status", w.exit_status,
			"elapsed_s", w.elapsed_s,
			"perf", perf,
			"workload", result,
			"module", module);
	ret = write_json(json_path, run);
	json_decref(run);
	if (ret)
		return -1;
	snprintf(base, sizeof(base), "runs/%zu-%u.json", s, r);
	json_array_append_new(json_object_get(st->sweep, "runs"), json_string(base));
	fprintf(stderr, "run %zu/%zu: %-28s rep %u: %.3f s, exit %d", done + 1,
		total, set->name, r + 1, w.elapsed_s, w.exit_status);
	if (w.have_perf)
		fprintf(stderr, ", %llu cs, %llu migrations",
			(unsigned long long)w.perf.value[PERF_COUNT_ID_CS],
			(unsigned long long)w.perf.value[PERF_COUNT_ID_MIGRATIONS]);
	fprintf(stderr, "\n");
	if (stop_signal)
		return 1;
	if (w.exit_status) {
		json_object_set_new(st->sweep, "stopped_by", json_string("workload failed"));
		cli_error(cmd, "the workload failed (exit status %d) in setting %s, "
			  "repetition %u; its stderr is in %s", w.exit_status,
			  set->name, r + 1, errp);
		return 1;
	}
	return 0;
}

static void default_dir(const struct sweep_params *p, char *buf, size_t len)
{
	time_t t = time(NULL);
	char stamp[32];

	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", localtime(&t));
	snprintf(buf, len, "sweep-%s-%s", p->preset ? p->preset->name : "custom",
		 stamp);
}

int cmd_sweep(int argc, char **argv)
{
	struct sigaction sa = { .sa_handler = request_stop };
	struct sweep_params p;
	struct sweep_state st = { 0 };
	struct sched_features after;
	const char *ssdir = NULL;
	char dirbuf[4096], err[1024];
	size_t total = 0, done = 0, s;
	unsigned int r;
	int i, ret, status = 1;

	ret = parse_args(argc, argv, &p);
	if (ret)
		return ret < 0 ? 0 : ret;
	ret = apply_preset(&p);
	if (ret)
		return ret;
	if (sched_features_read(p.features_path, &st.original, err, sizeof(err))) {
		cli_error(cmd, "%s (the features file needs root and debugfs "
			  "mounted at /sys/kernel/debug)", err);
		return 1;
	}
	ret = check_settings(&p, &st.original);
	if (ret)
		return ret;
	if (workload_resolve(p.workload[0], p.prog, sizeof(p.prog), err,
			     sizeof(err))) {
		cli_error(cmd, "%s", err);
		return 1;
	}
	p.run_argv[0] = p.prog;
	for (i = 1; i < p.nworkload; i++)
		p.run_argv[i] = p.workload[i];
	p.run_argv[i] = NULL;
	if (!p.no_module && ss_require_debugfs_dir(cmd, p.debugfs, &ssdir)) {
		fprintf(stderr, "(or sweep with --no-module)\n");
		return 1;
	}
	if (!p.dir) {
		default_dir(&p, dirbuf, sizeof(dirbuf));
		p.dir = dirbuf;
	}
	if (make_result_dir(p.dir))
		return 1;

	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	if (ssdir) {
		if (ss_session_begin(&st.session, cmd, ssdir, p.filter_line))
			goto out_signals;
		st.session_begun = true;
	}
	st.sweep = new_sweep_json(&p, &st.original);
	snprintf(st.path, sizeof(st.path), "%s/sweep.json", p.dir);
	if (write_json(st.path, st.sweep))
		goto out_restore;

	total = (size_t)p.repetitions * p.nsettings;
	for (r = 0; r < p.repetitions; r++) {
		for (s = 0; s < p.nsettings; s++, done++) {
			if (stop_signal)
				goto out_restore;
			ret = one_run(&p, &st, p.dir, ssdir, s, r, total, done);
			if (ret) {
				done += ret > 0;	/* its run file was written */
				goto out_restore;
			}
		}
	}
	json_object_set_new(st.sweep, "complete", json_true());
	status = 0;
out_restore:
	if (st.features_changed && !restore_features(&p, &st, &after))
		status = 1;
	else if (!st.features_changed)
		after = st.original;
	if (st.session_begun) {
		/* Runs end with the module disabled: enabled again if it was. */
		if (!st.session.enabled_by_us &&
		    ss_ctl_write(ssdir, "enable", "1", err, sizeof(err))) {
			cli_error(cmd, "enabling the module again: %s", err);
			status = 1;
		}
		ss_session_end(&st.session, cmd);
	}
	if (st.sweep) {
		if (stop_signal) {
			json_object_set_new(st.sweep, "stopped_by",
					    json_string(signal_name(stop_signal)));
			fprintf(stderr, "schedscope %s: stopped by %s after %zu of %zu runs; "
				"features restored\n", cmd, signal_name(stop_signal),
				done, total);
		}
		json_object_set_new(st.sweep, "features_after", features_json(&after));
		if (write_json(st.path, st.sweep))
			status = 1;
		json_decref(st.sweep);
		if (!status)
			fprintf(stderr, "schedscope %s: %zu runs in %s; "
				"schedscope report %s\n", cmd, total, p.dir, p.dir);
	}
out_signals:
	sa.sa_handler = SIG_DFL;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	if (stop_signal)
		return 128 + stop_signal;
	return status;
}
