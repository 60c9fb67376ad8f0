// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope slow [OPTIONS] [MIN_US]: every wait for a CPU of at least
 * MIN_US, one line each as runqslower prints them, with who ran on that CPU
 * meanwhile and why the wait was long; at the end, who hurt most. From the
 * module's schedscope:slow_wait trace event (docs/interface.md).
 */
#include <errno.h>
#include <signal.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <event-parse.h>
#include <tracefs.h>

#include "cli/cli.h"
#include "cli/module_access.h"
#include "cmd/commands.h"
#include "lib/cgroup_cpu_max.h"
#include "lib/cgroup_names.h"
#include "lib/cgroup_path.h"
#include "output/slow_summary.h"
#include "output/slow_wait.h"

static const char cmd[] = "slow";

#define SLOW_DEFAULT_US		10000
#define SLOW_CULPRITS_SHOWN	10

enum { OPT_DURATION = OPT_FIRST_COMMAND_OPT, OPT_JSON };

static void usage(FILE *out)
{
	fprintf(out,
"Usage: schedscope slow [OPTIONS] [MIN_US]\n"
"\n"
"Every wait for a CPU of at least MIN_US microseconds (default %d) of the\n"
"measured tasks, one line each: when, the task, what it waited after\n"
"(woken, preempted, new, throttled), how long, the tasks that ran on its\n"
"CPU meanwhile (longest first, with their nice and slice) and why the wait\n"
"was long. At the end (or on SIGINT/SIGTERM) the waits by kind and the\n"
"tasks that ran during them, most run time first, as \"#\" lines.\n"
"The module is enabled for the run if it was disabled, and its slow_us is\n"
"set back afterwards.\n"
"\n"
"  --duration SECONDS    stop after SECONDS (default: at SIGINT or SIGTERM)\n"
"  --json                JSON Lines, one object per wait (the summary on\n"
"                        standard error)\n"
CLI_FILTER_HELP
CLI_DEBUGFS_HELP
CLI_HELP_HELP, SLOW_DEFAULT_US);
}

struct slow_params {
	struct cli_common_params common;
	uint64_t min_us;
	double duration;		/* 0: until a signal */
	bool json;
};

struct slow_ctx {
	const struct slow_params *p;
	struct tep_handle *tep;
	struct tracefs_instance *inst;
	double mono_to_wall;		/* add to CLOCK_MONOTONIC seconds */
	struct slow_summary sum;
	unsigned long long missed, bad;
	char first_error[512];
	int out_errno;			/* the first write error; 0: none */
	struct cgroup_names cgroups;
	struct cgroup_cpu_max limit;	/* a throttled wait's */
};

static int take_option(void *params, int opt, const char *arg)
{
	struct slow_params *p = params;

	if (opt == OPT_JSON) {
		p->json = true;
		return 0;
	}
	if (cli_parse_interval(arg, &p->duration))
		return cli_usage_error(cmd, "--duration '%s': a number of "
				       "seconds above 0, at most a day", arg);
	return 0;
}

static const struct option options[] = {
	{ "duration", required_argument, NULL, OPT_DURATION },
	{ "json", no_argument, NULL, OPT_JSON },
	CLI_DEBUGFS_OPTION,
	CLI_FILTER_OPTIONS,
	CLI_HELP_OPTION,
	{ NULL, 0, NULL, 0 },
};

static const struct cli_command_options slow_options = {
	.cmd = cmd,
	.usage = usage,
	.optstring = ":h",
	.options = options,
	.take = take_option,
};

static int parse_args(int argc, char **argv, struct slow_params *p)
{
	int ret;

	memset(p, 0, sizeof(*p));
	p->min_us = SLOW_DEFAULT_US;
	ret = cli_parse_options(&slow_options, argc, argv, &p->common, p);
	if (ret)
		return ret;
	if (optind < argc &&
	    cli_parse_uint(argv[optind++], 1, UINT32_MAX, &p->min_us))
		return cli_usage_error(cmd, "MIN_US '%s': microseconds, 1 to "
				       "%u", argv[optind - 1], UINT32_MAX);
	return cli_no_arguments(cmd, argc, argv);
}

/* What w's cgroup ids name; a throttled wait's cpu.max limit. */
static void look_up(struct slow_ctx *ctx, const struct slow_wait *w,
		    struct slow_wait_names *nm)
{
	unsigned int i;

	memset(nm, 0, sizeof(*nm));
	/* SLOW_RAN_MAX + 1 look-ups, fewer than kept: all stay valid */
	for (i = 0; i < w->nran; i++)
		nm->ran_cgroup[i] = cgroup_name(&ctx->cgroups, w->ran[i].cgroup);
	nm->cgroup = cgroup_name(&ctx->cgroups, w->cgroup);
	if (w->kind == SLOW_THROTTLED && nm->cgroup &&
	    !cgroup_cpu_max_find(CGROUP2_MOUNT, nm->cgroup, &ctx->limit)) {
		nm->limiter = ctx->limit.path;
		nm->quota_us = ctx->limit.quota_us;
		nm->period_us = ctx->limit.period_us;
	}
}

/* A write to standard output failed: the first errno kept. */
static void out_failed(struct slow_ctx *ctx)
{
	if (!ctx->out_errno)
		ctx->out_errno = errno ? errno : EIO;
}

static void print_wait(struct slow_ctx *ctx, const struct slow_wait *w,
		       const struct slow_wait_names *nm)
{
	double wall = w->time_ns / 1e9 + ctx->mono_to_wall;
	json_t *o;

	errno = 0;
	if (!ctx->p->json) {
		if (slow_wait_print(stdout, w, wall, nm))
			out_failed(ctx);
		return;
	}
	o = slow_wait_json(w, wall, nm);
	if (!o)
		errno = ENOMEM;
	if (!o || json_dumpf(o, stdout, JSON_COMPACT) ||
	    fputc('\n', stdout) == EOF)
		out_failed(ctx);
	json_decref(o);
}

static int on_event(struct tep_event *ev, struct tep_record *rec, int cpu,
		    void *data)
{
	struct slow_ctx *ctx = data;
	struct slow_wait_names nm;
	struct slow_wait w;
	char err[512];

	(void)cpu;
	if (rec->missed_events)
		ctx->missed += rec->missed_events > 0 ? rec->missed_events : 1;
	if (strcmp(ev->name, SLOW_EVENT_NAME))
		return 0;
	if (slow_wait_parse(ev, rec, &w, err, sizeof(err))) {
		if (!ctx->bad++)
			snprintf(ctx->first_error, sizeof(ctx->first_error),
				 "%s", err);
		return 0;
	}
	look_up(ctx, &w, &nm);
	print_wait(ctx, &w, &nm);
	if (slow_summary_add(&ctx->sum, &w, &nm)) {
		errno = ENOMEM;
		out_failed(ctx);
	}
	return ctx->out_errno != 0;
}

/* The event in its own tracefs instance, on the monotonic clock; 0 or -1. */
static int start_instance(struct slow_ctx *ctx)
{
	static const char *systems[] = { "schedscope", NULL };
	struct timespec mono, wall;
	char name[64];

	ctx->tep = tracefs_local_events_system(NULL, systems);
	if (!ctx->tep || !tep_find_event_by_name(ctx->tep, "schedscope",
						 SLOW_EVENT_NAME)) {
		cli_error(cmd, "the loaded module has no trace event "
			  "schedscope:%s (none in %s/events/schedscope): it "
			  "predates it; load this version", SLOW_EVENT_NAME,
			  tracefs_tracing_dir());
		return -1;
	}
	snprintf(name, sizeof(name), "schedscope-slow-%d", (int)getpid());
	ctx->inst = tracefs_instance_create(name);
	if (!ctx->inst ||
	    tracefs_instance_file_write(ctx->inst, "trace_clock", "mono") < 0 ||
	    tracefs_event_enable(ctx->inst, "schedscope", SLOW_EVENT_NAME)) {
		cli_error(cmd, "tracefs instance %s: %s (root?)", name,
			  strerror(errno));
		return -1;
	}
	clock_gettime(CLOCK_MONOTONIC, &mono);
	clock_gettime(CLOCK_REALTIME, &wall);
	ctx->mono_to_wall = (wall.tv_sec - mono.tv_sec) +
			    (wall.tv_nsec - mono.tv_nsec) / 1e9;
	return 0;
}

/* Read every 100 ms till the duration or a stop signal; then the rest. */
static void read_events(struct slow_ctx *ctx)
{
	struct timespec tick = { 0, 100 * 1000 * 1000 }, start, now;

	clock_gettime(CLOCK_MONOTONIC, &start);
	cli_stop_on_signals();
	/* a reader gone (`| head`) is a write error: stop, set things back */
	signal(SIGPIPE, SIG_IGN);
	while (!cli_stop_requested && !ctx->out_errno) {
		nanosleep(&tick, NULL);
		tracefs_iterate_raw_events(ctx->tep, ctx->inst, NULL, 0,
					   on_event, ctx);
		if (fflush(stdout))
			out_failed(ctx);
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (ctx->p->duration > 0 &&
		    (now.tv_sec - start.tv_sec) +
		    (now.tv_nsec - start.tv_nsec) / 1e9 >= ctx->p->duration)
			break;
	}
	tracefs_event_disable(ctx->inst, "schedscope", SLOW_EVENT_NAME);
	tracefs_iterate_raw_events(ctx->tep, ctx->inst, NULL, 0, on_event, ctx);
	cli_stop_signals_default();
}

/* The summary; the exit status. */
static int report(struct slow_ctx *ctx)
{
	FILE *out = ctx->p->json ? stderr : stdout;

	slow_summary_sort(&ctx->sum);
	slow_summary_print(out, &ctx->sum, SLOW_CULPRITS_SHOWN);
	if (ctx->missed)
		fprintf(out, "# %llu records lost (the trace buffer was full)\n",
			ctx->missed);
	if (ctx->bad)
		cli_error(cmd, "%llu records unreadable: %s", ctx->bad,
			  ctx->first_error);
	if (!ctx->out_errno && fflush(stdout))
		out_failed(ctx);
	if (ctx->out_errno) {
		cli_error(cmd, "writing the output: %s",
			  strerror(ctx->out_errno));
		return 1;
	}
	return ctx->bad ? 1 : 0;
}

static void slow_ctx_free(struct slow_ctx *ctx)
{
	if (ctx->inst) {
		tracefs_instance_destroy(ctx->inst);
		tracefs_instance_free(ctx->inst);
	}
	tep_free(ctx->tep);
	slow_summary_free(&ctx->sum);
}

int cmd_slow(int argc, char **argv)
{
	struct slow_params p;
	struct slow_ctx ctx = { .p = &p, .cgroups.root = CGROUP2_MOUNT };
	struct ss_session session = { 0 };
	char filter[4200], old[32];
	const char *dir;
	int ret, result = 1;

	ret = parse_args(argc, argv, &p);
	if (ret)
		return ret < 0 ? 0 : ret;
	if (ss_require_debugfs_dir(cmd, p.common.debugfs, &dir))
		return 1;
	if (!tracefs_tracing_dir()) {
		cli_error(cmd, "tracefs is not mounted: mount -t tracefs none "
			  "/sys/kernel/tracing");
		return 1;
	}
	if (start_instance(&ctx))
		goto out;
	cli_filter_string(&p.common.filter, filter, sizeof(filter));
	if (ss_session_begin(&session, cmd, dir, filter))
		goto out;
	if (!ss_require_group(cmd, dir, "latency") &&
	    !ss_slow_arm(cmd, dir, p.min_us, old, sizeof(old))) {
		if (!p.json)
			slow_wait_print_header(stdout);
		read_events(&ctx);
		ss_slow_disarm(cmd, dir, old);
		result = report(&ctx);
	}
	ss_session_end(&session, cmd);
out:
	slow_ctx_free(&ctx);
	return result;
}
