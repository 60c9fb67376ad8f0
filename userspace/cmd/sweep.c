// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope sweep: run a workload under several sched_feat settings,
 * several times each, and keep what every run did in a directory
 * (docs/sweep.md). Here the command line becomes a plan, checked against
 * the features as found; sweep/engine.c runs it.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/module_access.h"
#include "cli/output_options.h"
#include "cmd/commands.h"
#include "features/boot_default.h"
#include "features/features.h"
#include "features/leftover.h"
#include "lib/error_msg.h"
#include "sweep/cgroup_dir.h"
#include "sweep/engine.h"
#include "sweep/groups.h"
#include "sweep/presets.h"
#include "sweep/workload_run.h"
#include "tool_output/tool_output.h"

#define MAX_SETTINGS		32
#define MAX_REPETITIONS		1000
#define MAX_WORKLOAD_ARGS	255
#define MAX_METRICS		16

static const char cmd[] = "sweep";

struct sweep_params {
	struct cli_common_params common;	/* --debugfs, the filter */
	const char *features_path;
	const char *dir;
	const struct sweep_preset *preset;
	bool no_module;
	bool flat;			/* --flat */
	unsigned int repetitions;
	size_t nsettings;
	struct sweep_setting_spec settings[MAX_SETTINGS];
	char **workload;		/* NULL-ended */
	int nworkload;
	const char *preset_argv[SWEEP_PRESET_MAX_ARGS];
	char filter_line[4200];		/* the module's filter; "" for none */
	char prog[4096];		/* workload[0] resolved */
	char data_file[4096];		/* a preset's "@NAME" resolved */
	char config[4096];		/* rt-app's configuration, absolute */
	char *run_argv[MAX_WORKLOAD_ARGS + 1];	/* prog, workload[1..] */
	size_t nmetrics;
	struct tool_metric metrics[MAX_METRICS];	/* --metric */
	/* --group NAME=COMMAND, --service NAME=COMMAND, --filter-group NAME */
	size_t ngroups, nservices;
	struct sweep_group_spec groups[SWEEP_MAX_GROUPS];
	struct sweep_group_spec services[SWEEP_MAX_GROUPS];
	struct sweep_group_plan group_plans[SWEEP_MAX_GROUPS];
	struct sweep_group_plan service_plans[SWEEP_MAX_GROUPS];
	const char *filter_group;
	char *group_words[SWEEP_MAX_GROUPS];	/* "NAME=COMMAND", for sweep.json */
	char group_word_buf[SWEEP_MAX_GROUPS][1024];
};

static void usage(FILE *out)
{
	size_t i;

	fprintf(out,
		"Usage: schedscope sweep [OPTIONS] [FILTER] [-- WORKLOAD [ARGS...]]\n"
		"       schedscope sweep [OPTIONS] [FILTER] --group NAME=COMMAND...\n"
		"\n"
		"Run WORKLOAD under each sched_feat SETTING, REPS times each (every\n"
		"setting once, then again), resetting the module before each run, and\n"
		"keep each run's counters, histograms, perf counts and the workload's\n"
		"own result in DIR (docs/sweep.md). The features as found are restored\n"
		"afterwards, also after an error, a failing workload, SIGINT or SIGTERM.\n"
		"\n"
		"  -s, --set SETTING     'default' (the features as found) or feature\n"
		"                        names joined by commas, each NAME or NO_NAME,\n"
		"                        applied on top of them, and knobs\n"
		"                        [GROUP/]KEY=VALUE: nice=-20..19,\n"
		"                        policy=other|batch|idle, slice=US (the\n"
		"                        workload's processes), cpu.weight=N,\n"
		"                        cpu.idle=0|1, cpu.max=QUOTA/PERIOD|max (a\n"
		"                        group's cgroup); repeat for each setting\n"
		"  -r, --repetitions N   runs per setting (default 3, or the preset's)\n"
		"  -p, --preset NAME     settings, workload and repetitions of a preset;\n"
		"                        --set, -r and a WORKLOAD given override them\n"
		"  -l, --list-presets    the presets and what they reproduce\n"
		"  -o, --output DIR      result directory, new or empty (default\n"
		"                        sweep-NAME-YYYYmmdd-HHMMSS)\n"
		"  -m, --metric NAME=REGEX  a number of the workload's output: the\n"
		"                        first group of REGEX (extended) on the last\n"
		"                        line that matches, as the table NAME; repeat\n"
		"                        for more (hackbench, perf bench, tbench,\n"
		"                        cyclictest and rt-app's logs are read\n"
		"                        without it)\n"
		"  -g, --group NAME=COMMAND  run COMMAND in the cgroup NAME beside the\n"
		"                        other groups (instead of a WORKLOAD); repeat\n"
		"                        for each group, up to %d. COMMAND is split\n"
		"                        into words as by the shell (quotes), nothing\n"
		"                        run or expanded. A run ends when the first\n"
		"                        group ends; each group's CPU share is read\n"
		"                        from its cgroup's cpu.stat\n"
		"      --service NAME=COMMAND  a server group NAME's COMMAND talks to\n"
		"                        (tbench_srv): started first in that cgroup,\n"
		"                        ended after the run\n"
		"      --filter-group NAME  the module measures group NAME's tasks\n"
		"                        only (its cgroup; instead of FILTER)\n"
		"      --flat            the groups' cgroups without the cpu\n"
		"                        controller: their tasks compete one with\n"
		"                        another, not group with group (nice then\n"
		"                        matters across groups); no cpu.* knobs\n"
		"      --no-module       run without the schedscope module (perf counts\n"
		"                        and the workload's result only)\n"
		"      --features FILE   the features file (default %s)\n"
		"      --debugfs DIR     the module's debugfs directory\n"
		CLI_FILTER_HELP
		CLI_HELP_HELP
		"\n"
		"A WORKLOAD without '/' is looked up next to schedscope, then in $PATH.\n"
		"Exit status: 0 all runs taken, 1 an error or a failing workload,\n"
		"2 bad command line, 130/143 stopped by SIGINT/SIGTERM.\n"
		"\nPresets:\n", SWEEP_MAX_GROUPS, SCHED_FEATURES_PATH);
	for (i = 0; sweep_preset_at(i); i++)
		fprintf(out, "  %s\n", sweep_preset_at(i)->name);
}

/* A preset's argument; "@NAME", a file schedscope ships, as its path. */
static void print_preset_arg(const char *arg)
{
	char path[4096];

	if (arg[0] != '@')
		printf(" %s", arg);
	else if (!workload_data_file(arg + 1, path, sizeof(path)))
		printf(" %s", path);
	else
		printf(" share/%s (not found)", arg + 1);
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
		for (j = 0; p->groups[j]; j++)
			printf(" --group '%s'", p->groups[j]);
		for (j = 0; p->services[j]; j++)
			printf(" --service '%s'", p->services[j]);
		if (p->workload[0])
			printf(" --");
		for (j = 0; p->workload[j]; j++)
			printf(" %s", p->workload[j]);
		printf("\n");
		if (p->tool_groups[0]) {
			printf("    (the thread's own instruments, run where they "
			       "are installed:");
			for (j = 0; p->tool_groups[j]; j++)
				printf(" --group '%s'", p->tool_groups[j]);
			for (j = 0; p->tool_services[j]; j++)
				printf(" --service '%s'", p->tool_services[j]);
			printf(")\n");
		}
		if (p->tool_workload[0]) {
			printf("    (the thread's own instrument, run where it is "
			       "installed: --");
			for (j = 0; p->tool_workload[j]; j++)
				print_preset_arg(p->tool_workload[j]);
			printf(")\n");
		}
	}
}

enum {
	OPT_NO_MODULE = OPT_FIRST_COMMAND_OPT,
	OPT_FLAT,
	OPT_FEATURES,
	OPT_SERVICE,
	OPT_FILTER_GROUP,
};

/* --group or --service: parsed, its name checked against those before. */
static int take_group(struct sweep_params *p, bool service, const char *arg)
{
	struct sweep_group_spec *list = service ? p->services : p->groups;
	size_t *n = service ? &p->nservices : &p->ngroups, i;
	const char *opt = service ? "--service" : "--group";
	char err[1024];

	if (*n == SWEEP_MAX_GROUPS)
		return cli_usage_error(cmd, "at most %d %s", SWEEP_MAX_GROUPS,
				       opt);
	if (sweep_group_parse(arg, &list[*n], err, sizeof(err)))
		return cli_usage_error(cmd, "%s %s", opt, err);
	for (i = 0; !service && i < *n; i++)
		if (!strcmp(list[i].name, list[*n].name)) {
			sweep_group_free(&list[*n]);
			return cli_usage_error(cmd, "--group %s given twice",
					       list[i].name);
		}
	(*n)++;
	return 0;
}

static int take_option(void *params, int opt, const char *arg)
{
	struct sweep_params *p = params;
	uint64_t v;

	switch (opt) {
	case 's':
		if (p->nsettings == MAX_SETTINGS)
			return cli_usage_error(cmd, "at most %d settings",
					       MAX_SETTINGS);
		p->settings[p->nsettings++].name = arg;
		return 0;
	case 'r':
		if (cli_parse_uint(arg, 1, MAX_REPETITIONS, &v))
			return cli_usage_error(cmd, "--repetitions '%s': not a "
					       "number in 1..%d", arg,
					       MAX_REPETITIONS);
		p->repetitions = v;
		return 0;
	case 'p':
		p->preset = sweep_preset_find(arg);
		if (!p->preset)
			return cli_usage_error(cmd, "no preset '%s' (schedscope "
					       "sweep --list-presets)", arg);
		return 0;
	case 'l':
		list_presets();
		return -1;
	case 'm': {
		char err[512];

		if (p->nmetrics == MAX_METRICS)
			return cli_usage_error(cmd, "at most %d --metric",
					       MAX_METRICS);
		if (tool_metric_parse(&p->metrics[p->nmetrics], arg, err,
				      sizeof(err)))
			return cli_usage_error(cmd, "%s", err);
		p->nmetrics++;
		return 0;
	}
	case 'o':
		if (!*arg || strlen(arg) > 4000)
			return cli_usage_error(cmd, "--output: a directory name "
					       "of 1..4000 bytes");
		p->dir = arg;
		return 0;
	case 'g':
		return take_group(p, false, arg);
	case OPT_SERVICE:
		return take_group(p, true, arg);
	case OPT_FILTER_GROUP:
		p->filter_group = arg;
		return 0;
	case OPT_NO_MODULE:
		p->no_module = true;
		return 0;
	case OPT_FLAT:
		p->flat = true;
		return 0;
	default:		/* OPT_FEATURES */
		p->features_path = arg;
		return 0;
	}
}

static const struct option long_options[] = {
	{ "set", required_argument, NULL, 's' },
	{ "repetitions", required_argument, NULL, 'r' },
	{ "preset", required_argument, NULL, 'p' },
	{ "list-presets", no_argument, NULL, 'l' },
	{ "output", required_argument, NULL, 'o' },
	{ "metric", required_argument, NULL, 'm' },
	{ "group", required_argument, NULL, 'g' },
	{ "service", required_argument, NULL, OPT_SERVICE },
	{ "filter-group", required_argument, NULL, OPT_FILTER_GROUP },
	{ "flat", no_argument, NULL, OPT_FLAT },
	{ "no-module", no_argument, NULL, OPT_NO_MODULE },
	{ "features", required_argument, NULL, OPT_FEATURES },
	CLI_DEBUGFS_OPTION,
	CLI_FILTER_OPTIONS,
	CLI_HELP_OPTION,
	{ NULL, 0, NULL, 0 }
};

static const struct cli_command_options sweep_options = {
	.cmd = cmd,
	.usage = usage,
	.optstring = "+:s:r:p:lo:m:g:h",	/* '+': options end at the workload */
	.options = long_options,
	.take = take_option,
};

static int parse_args(int argc, char **argv, struct sweep_params *p)
{
	int ret;

	memset(p, 0, sizeof(*p));
	p->features_path = SCHED_FEATURES_PATH;
	optind = 1;
	ret = cli_parse_options(&sweep_options, argc, argv, &p->common, p);
	if (ret)
		return ret;
	if (optind < argc) {
		p->workload = argv + optind;
		p->nworkload = argc - optind;
	}
	return 0;
}

/*
 * Whether the preset's tool workload can run: each command in it (the first
 * word, and the one after a "--" where spinners runs a command beside its
 * side job) installed, each "@NAME" file shipped (its path then in
 * p->data_file). false with what is missing in what.
 */
static bool tool_workload_found(struct sweep_params *p,
				const struct sweep_preset *pre,
				const char **what)
{
	char path[4096], err[1024];
	size_t i;

	for (i = 0; pre->tool_workload[i]; i++) {
		const char *arg = pre->tool_workload[i];

		*what = arg;
		if (arg[0] == '@') {
			if (workload_data_file(arg + 1, p->data_file,
					       sizeof(p->data_file)))
				return false;
		} else if ((!i || !strcmp(pre->tool_workload[i - 1], "--")) &&
			   workload_resolve(arg, path, sizeof(path), err,
					    sizeof(err))) {
			return false;
		}
	}
	return true;
}

/*
 * The preset's workload: the thread's own instrument where it is installed,
 * else the built-in workload (said on stderr).
 */
static const char *const *preset_workload(struct sweep_params *p,
					  const struct sweep_preset *pre)
{
	const char *missing;

	if (!pre->tool_workload[0])
		return pre->workload;
	if (tool_workload_found(p, pre, &missing))
		return pre->tool_workload;
	fprintf(stderr, "schedscope %s: preset %s: %s is not installed "
		"(scripts/setup-deps installs it); running the built-in %s\n",
		cmd, pre->name, missing, pre->workload[0]);
	return pre->workload;
}

/* Are the programs of these NAME=COMMAND strings all installed? */
static bool installed(const char *const *list)
{
	struct sweep_group_spec g;
	char path[4096], err[1024];
	bool ok = true;
	size_t i;

	for (i = 0; ok && list[i]; i++) {
		if (sweep_group_parse(list[i], &g, err, sizeof(err)))
			return false;
		ok = !workload_resolve(g.argv[0], path, sizeof(path), err,
				       sizeof(err));
		sweep_group_free(&g);
	}
	return ok;
}

/*
 * A group preset's groups and services: the thread's own instruments where
 * every one is installed, else the built-in workloads (said on stderr).
 */
static int preset_groups(struct sweep_params *p)
{
	const struct sweep_preset *pre = p->preset;
	const char *const *groups = pre->groups, *const *services = pre->services;
	size_t i;
	int ret = 0;

	if (pre->tool_groups[0]) {
		if (installed(pre->tool_groups) && installed(pre->tool_services)) {
			groups = pre->tool_groups;
			services = pre->tool_services;
		} else {
			fprintf(stderr, "schedscope %s: preset %s: its instruments "
				"are not all installed (scripts/setup-deps "
				"installs them); running the built-in groups\n",
				cmd, pre->name);
		}
	}
	for (i = 0; !ret && groups[i]; i++)
		ret = take_group(p, false, groups[i]);
	for (i = 0; !ret && services[i]; i++)
		ret = take_group(p, true, services[i]);
	return ret;
}

/* The groups' and services' names agree; the filter of --filter-group. */
static int check_groups(struct sweep_params *p)
{
	size_t i, j;

	for (i = 0; i < p->nservices; i++) {
		for (j = 0; j < p->ngroups; j++)
			if (!strcmp(p->services[i].name, p->groups[j].name))
				break;
		if (j == p->ngroups)
			return cli_usage_error(cmd, "--service %s: no --group %s",
					       p->services[i].name,
					       p->services[i].name);
		p->service_plans[i].group = j;
	}
	if (!p->filter_group)
		return 0;
	if (p->common.filter.opt)
		return cli_usage_error(cmd, "--filter-group conflicts with the "
				       "other filter: the module measures one "
				       "task set at a time");
	for (j = 0; j < p->ngroups; j++)
		if (!strcmp(p->filter_group, p->groups[j].name))
			break;
	if (j == p->ngroups)
		return cli_usage_error(cmd, "--filter-group %s: no --group %s",
				       p->filter_group, p->filter_group);
	/* The path in the hierarchy, as sweep/cgroup_dir.c makes it. */
	snprintf(p->filter_line, sizeof(p->filter_line),
		 "cgroup=/schedscope-%d/%s", (int)getpid(), p->filter_group);
	return 0;
}

/* Fill what the command line left out from the preset, or the defaults. */
static int apply_preset(struct sweep_params *p)
{
	const struct sweep_preset *pre = p->preset;
	const char *const *work;
	size_t i;
	int ret;

	if (p->ngroups && p->workload)
		return cli_usage_error(cmd, "--group and -- WORKLOAD exclude each "
				       "other: give the workload as one more "
				       "--group");
	if (p->nservices && !p->ngroups && !(pre && pre->groups[0] &&
					     !p->workload))
		return cli_usage_error(cmd, "--service without --group");
	if (pre && pre->groups[0] && p->workload)
		return cli_usage_error(cmd, "preset %s runs groups: give --group "
				       "NAME=COMMAND instead of -- WORKLOAD",
				       pre->name);
	if (pre && pre->groups[0] && !p->ngroups) {
		ret = preset_groups(p);
		if (ret)
			return ret;
	}
	if (p->filter_group && !p->ngroups)
		return cli_usage_error(cmd, "--filter-group without --group");
	if (p->flat && !p->ngroups)
		return cli_usage_error(cmd, "--flat without --group");

	if (pre && !p->nsettings)
		for (i = 0; pre->settings[i]; i++)
			p->settings[p->nsettings++].name = pre->settings[i];
	if (pre && !p->repetitions)
		p->repetitions = pre->repetitions;
	if (!p->repetitions)
		p->repetitions = 3;
	if (pre && !p->workload && !p->ngroups) {
		work = preset_workload(p, pre);
		for (i = 0; work[i]; i++)
			p->preset_argv[i] = work[i][0] == '@' ? p->data_file :
					    work[i];
		p->workload = (char **)p->preset_argv;
		p->nworkload = i;
	}
	/* A preset's filter is already in the module's form ("comm=NAME"). */
	cli_filter_string(&p->common.filter, p->filter_line, sizeof(p->filter_line));
	if (pre && !p->common.filter.opt && pre->filter)
		snprintf(p->filter_line, sizeof(p->filter_line), "%s", pre->filter);
	ret = check_groups(p);
	if (ret)
		return ret;
	if (!p->nsettings)
		return cli_usage_error(cmd, "no setting: give --set (e.g. --set "
				       "default --set NO_RUN_TO_PARITY) or --preset");
	if (!p->workload && !p->ngroups)
		return cli_usage_error(cmd, "no workload: give -- WORKLOAD [ARGS], "
				       "--group NAME=COMMAND or --preset");
	if (p->nworkload > MAX_WORKLOAD_ARGS)
		return cli_usage_error(cmd, "a workload of at most %d arguments",
				       MAX_WORKLOAD_ARGS);
	return 0;
}

/*
 * Whether the setting's knobs fit the sweep: a GROUP/ names a --group, a
 * cgroup knob needs groups. 0, or -EINVAL with err.
 */
static int check_knob_groups(const struct sweep_params *p,
			     const struct sweep_setting_spec *s, char *err,
			     size_t errlen)
{
	size_t i, j;

	for (i = 0; i < s->nknobs; i++) {
		const struct sweep_knob *k = &s->knobs[i];

		if (p->flat && sweep_knob_is_cgroup(k->key))
			return error_ret(err, errlen, -EINVAL,
					 "setting '%s': knob '%s' needs the cpu controller in the groups' cgroups, which --flat leaves out",
					 s->name, k->text);
		if (!p->ngroups && sweep_knob_is_cgroup(k->key))
			return error_ret(err, errlen, -EINVAL,
					 "setting '%s': knob '%s' sets a cgroup file: give the workload as --group NAME=COMMAND (each group runs in a cgroup of its own)",
					 s->name, k->text);
		if (!p->ngroups && k->group[0])
			return error_ret(err, errlen, -EINVAL,
					 "setting '%s': knob '%s' names a group, and the sweep has none (--group NAME=COMMAND)",
					 s->name, k->text);
		for (j = 0; k->group[0] && j < p->ngroups; j++)
			if (!strcmp(k->group, p->groups[j].name))
				break;
		if (k->group[0] && j == p->ngroups)
			return error_ret(err, errlen, -EINVAL,
					 "setting '%s': knob '%s' names no --group",
					 s->name, k->text);
	}
	return 0;
}

static int check_settings(struct sweep_params *p,
			  const struct sched_features *feat)
{
	char err[8192];
	size_t i, j;

	for (i = 0; i < p->nsettings; i++) {
		if (sweep_setting_parse(feat, &p->settings[i], err, sizeof(err)) ||
		    check_knob_groups(p, &p->settings[i], err, sizeof(err)))
			return cli_usage_error(cmd, "%s", err);
		for (j = 0; j < i; j++)
			if (!strcmp(p->settings[i].name, p->settings[j].name))
				return cli_usage_error(cmd, "setting '%s' given twice",
						       p->settings[i].name);
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

/*
 * A workload whose tool writes files (rt-app) runs in its run's directory,
 * so what its command line names here is made absolute: the program, and
 * rt-app's configuration, its last argument, where it is a file.
 */
static void absolute_paths(struct sweep_params *p, const char *tool)
{
	char abs[PATH_MAX];
	const char *last = p->run_argv[p->nworkload - 1];

	if (!tool_output_reads_files(tool))
		return;
	if (realpath(p->prog, abs) && strlen(abs) < sizeof(p->prog))
		strcpy(p->prog, abs);
	if (p->nworkload > 1 && strcmp(last, "-") && realpath(last, abs) &&
	    strlen(abs) < sizeof(p->config)) {
		strcpy(p->config, abs);
		p->run_argv[p->nworkload - 1] = p->config;
	}
}

/* The workload to run: workload[0] resolved, into p->prog and p->run_argv. */
static int resolve_workload(struct sweep_params *p, const char *tool)
{
	char err[1024];
	int i;

	if (workload_resolve(p->workload[0], p->prog, sizeof(p->prog), err,
			     sizeof(err))) {
		cli_error(cmd, "%s", err);
		return 1;
	}
	p->run_argv[0] = p->prog;
	for (i = 1; i < p->nworkload; i++)
		p->run_argv[i] = p->workload[i];
	p->run_argv[i] = NULL;
	absolute_paths(p, tool);
	return 0;
}

/* A group's or service's command resolved, its parser found. 0 or 1. */
static int resolve_group(struct sweep_group_plan *gp,
			 const struct sweep_group_spec *spec)
{
	char err[1024];
	size_t i;

	gp->spec = spec;
	if (workload_resolve(spec->argv[0], gp->prog, sizeof(gp->prog), err,
			     sizeof(err))) {
		cli_error(cmd, "group %s: %s", spec->name, err);
		return 1;
	}
	gp->argv[0] = gp->prog;
	for (i = 1; i < spec->argc; i++)
		gp->argv[i] = spec->argv[i];
	gp->argv[i] = NULL;
	gp->tool = tool_output_recognise(spec->argv, spec->argc);
	return 0;
}

/*
 * The groups resolved and the cgroups they need checked, before anything
 * runs; the workload of sweep.json their NAME=COMMAND list. 0 or 1.
 */
static int plan_groups(struct sweep_params *p, struct sweep_plan *plan)
{
	char err[1024];
	size_t i;

	for (i = 0; i < p->ngroups; i++) {
		if (resolve_group(&p->group_plans[i], &p->groups[i]))
			return 1;
		snprintf(p->group_word_buf[i], sizeof(p->group_word_buf[i]),
			 "%s=%s", p->groups[i].name, p->groups[i].command);
		p->group_words[i] = p->group_word_buf[i];
	}
	for (i = 0; i < p->nservices; i++)
		if (resolve_group(&p->service_plans[i], &p->services[i]))
			return 1;
	if (sweep_cgroups_check(SWEEP_CGROUP_ROOT, err, sizeof(err))) {
		cli_error(cmd, "%s", err);
		return 1;
	}
	plan->ngroups = p->ngroups;
	plan->flat = p->flat;
	plan->groups = p->group_plans;
	plan->nservices = p->nservices;
	plan->services = p->service_plans;
	p->workload = p->group_words;
	p->nworkload = p->ngroups;
	return 0;
}

/*
 * What a sweep that died left (features/leftover.h) put back and said, so
 * that the features this sweep finds, its "default", are the box's. 0 or 1.
 */
static int restore_leftover(const char *dir)
{
	char done[2048], err[1024];
	int ret;

	ret = feature_leftover_restore(dir, done, sizeof(done), err, sizeof(err));
	if (ret == -EBUSY) {
		cli_error(cmd, "%s; one sweep at a time: it puts them back "
			  "when it ends", done);
		return 1;
	}
	if (ret) {
		cli_error(cmd, "the record of who changed the sched features: %s",
			  err);
		return 1;
	}
	if (done[0])
		fprintf(stderr, "schedscope %s: %s\n", cmd, done);
	return 0;
}

/* The features as found recorded as this sweep's, before it changes any. */
static int claim_features(const char *dir, const struct sweep_plan *plan)
{
	char err[1024];
	int ret;

	ret = feature_owner_claim(dir, cmd, plan->features_path,
				  &plan->original, err, sizeof(err));
	if (ret == -EBUSY) {
		/* another sweep claimed them since restore_leftover() */
		return restore_leftover(dir) ? 1 :
		       claim_features(dir, plan);
	}
	if (ret)
		cli_error(cmd, "%s", err);
	return ret ? 1 : 0;
}

/*
 * The plan of the command line: settings checked against the features as
 * found, the workload and the module's directory resolved, the result
 * directory named. Returns 0 or the exit status.
 */
static int make_plan(struct sweep_params *p, struct sweep_plan *plan,
		     char *dirbuf, size_t dirlen)
{
	char err[1024];
	int ret;

	memset(plan, 0, sizeof(*plan));
	plan->owner_dir = feature_owner_dir();
	if (restore_leftover(plan->owner_dir))
		return 1;
	cmd_record_boot_features(cmd);
	if (feature_boot_read(plan->owner_dir, &plan->boot, &plan->have_boot,
			      err, sizeof(err)))
		cli_error(cmd, "%s", err);
	if (sched_features_read(p->features_path, &plan->original, err,
				sizeof(err))) {
		cli_error(cmd, "%s (the features file needs root and debugfs "
			  "mounted at /sys/kernel/debug)", err);
		return 1;
	}
	ret = check_settings(p, &plan->original);
	if (ret)
		return ret;
	plan->tool = p->ngroups ? NULL :
		     tool_output_recognise(p->workload, p->nworkload);
	if (p->ngroups ? plan_groups(p, plan) : resolve_workload(p, plan->tool))
		return 1;
	if (!p->no_module && ss_require_debugfs_dir(cmd, p->common.debugfs,
						    &plan->debugfs)) {
		fprintf(stderr, "(or sweep with --no-module)\n");
		return 1;
	}
	if (!p->dir) {
		default_dir(p, dirbuf, dirlen);
		p->dir = dirbuf;
	}
	plan->features_path = p->features_path;
	plan->settings = p->settings;
	plan->nsettings = p->nsettings;
	plan->repetitions = p->repetitions;
	plan->workload = p->workload;
	plan->nworkload = p->nworkload;
	plan->argv = p->run_argv;
	plan->preset = p->preset ? p->preset->name : NULL;
	plan->dir = p->dir;
	plan->filter = p->filter_line;
	plan->metrics = p->metrics;
	plan->nmetrics = p->nmetrics;
	return claim_features(plan->owner_dir, plan);
}

static void free_metrics(struct sweep_params *p)
{
	size_t i;

	for (i = 0; i < p->nmetrics; i++)
		tool_metric_free(&p->metrics[i]);
	p->nmetrics = 0;
	for (i = 0; i < p->ngroups; i++)
		sweep_group_free(&p->groups[i]);
	for (i = 0; i < p->nservices; i++)
		sweep_group_free(&p->services[i]);
	p->ngroups = p->nservices = 0;
}

int cmd_sweep(int argc, char **argv)
{
	struct sweep_params p;
	struct sweep_plan plan;
	char dirbuf[4096], err[SWEEP_ERR_LEN];
	int ret, status;

	ret = parse_args(argc, argv, &p);
	if (!ret)
		ret = apply_preset(&p);
	if (!ret)
		ret = make_plan(&p, &plan, dirbuf, sizeof(dirbuf));
	if (ret) {
		free_metrics(&p);
		return ret < 0 ? 0 : ret;
	}
	status = sweep_run(&plan, err, sizeof(err));
	cli_error_lines(cmd, err);
	free_metrics(&p);
	if (!status)
		fprintf(stderr, "schedscope %s: %zu runs in %s; "
			"schedscope report %s\n", cmd,
			(size_t)plan.repetitions * plan.nsettings, plan.dir,
			plan.dir);
	if (cli_stop_requested)
		return 128 + cli_stop_requested;
	return status;
}
