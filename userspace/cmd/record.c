// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope record: the module's trace events (schedscope:pick, dequeue,
 * place) through libtracefs and libtraceevent into CSV, one row per event,
 * for the run of a command or until SIGINT. Recording happens in a tracefs
 * instance of its own, so the top-level trace buffer is left alone.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <event-parse.h>
#include <tracefs.h>

#include "cli/cli.h"
#include "cli/module_access.h"
#include "cmd/commands.h"
#include "kmod/slow_event.h"
#include "kmod/trace_event.h"
#include "output/record_over.h"

static const char cmd[] = "record";

static void usage(FILE *out)
{
	fprintf(out,
"Usage: schedscope record [OPTIONS] [-- COMMAND [ARGS...]]\n"
"\n"
"Record the module's trace events (schedscope:pick, schedscope:dequeue,\n"
"schedscope:place, schedscope:decision) into CSV, one row per event, while\n"
"COMMAND runs, or until SIGINT/SIGTERM without one. Columns:\n"
"  time_ns,event,cpu,pid,comm,depth,lag,vruntime,deadline,avg_vruntime,\n"
"  slice,weight,eligible,delayed,decision,curr_pid,curr_comm,curr_deadline\n"
"(the last four a wakeup decision's: its class and the running task).\n"
"Rows come in time order within each read of the buffers (every 100 ms).\n"
"The module is enabled for the run if it was disabled, and disabled again;\n"
"the filter is written before any event is enabled.\n"
"\n"
"  -o, --output FILE     write the CSV to FILE (default: standard output)\n"
"  --over US             only the decision and pick rows of waits for a CPU\n"
"                        of US microseconds or more (the module's slow_us,\n"
"                        set back afterwards): the wakeup decision that\n"
"                        began each such wait, and the pick that ended it\n"
CLI_FILTER_HELP
"  --debugfs DIR         the module's debugfs directory\n"
CLI_HELP_HELP);
}

struct record_params {
	struct cli_common_params common;
	const char *output;
	char **command;			/* NULL: until a signal */
	uint64_t over_us;		/* 0: every row */
};

struct record_ctx {
	struct tep_handle *tep;		/* the module's events */
	struct tracefs_instance *inst;	/* recording in an instance of its own */
	FILE *out;
	struct record_over *over;	/* --over: the rows held back */
	unsigned long long rows, missed, bad;
	unsigned long long per_event[4];	/* as record_event_names */
	char first_error[512];
	int write_error;
};

enum { OPT_OVER = OPT_FIRST_COMMAND_OPT };

static int take_option(void *params, int opt, const char *arg)
{
	struct record_params *p = params;

	if (opt == 'o') {
		p->output = arg;
		return 0;
	}
	if (cli_parse_uint(arg, 1, UINT32_MAX, &p->over_us))
		return cli_usage_error(cmd, "--over '%s': microseconds, 1 to "
				       "%u", arg, UINT32_MAX);
	return 0;
}

static const struct option options[] = {
	{ "output", required_argument, NULL, 'o' },
	{ "over", required_argument, NULL, OPT_OVER },
	CLI_DEBUGFS_OPTION,
	CLI_FILTER_OPTIONS,
	CLI_HELP_OPTION,
	{ NULL, 0, NULL, 0 },
};

static const struct cli_command_options record_options = {
	.cmd = cmd,
	.usage = usage,
	.optstring = "+:ho:",	/* '+': options end at the command */
	.options = options,
	.take = take_option,
};

static int parse_args(int argc, char **argv, struct record_params *p)
{
	int ret;

	memset(p, 0, sizeof(*p));
	ret = cli_parse_options(&record_options, argc, argv, &p->common, p);
	if (ret)
		return ret;
	if (optind < argc) {
		if (strcmp(argv[optind - 1], "--"))
			return cli_usage_error(cmd, "put the command after '--': "
					       "schedscope record [OPTIONS] -- %s",
					       argv[optind]);
		p->command = argv + optind;
	}
	return 0;
}

/* A record that could not be read: counted, the first one's error kept. */
static void bad_record(struct record_ctx *ctx, const char *err)
{
	if (!ctx->bad++)
		snprintf(ctx->first_error, sizeof(ctx->first_error), "%s", err);
}

/* --over: a slow wait's end, which lets its rows out. */
static int on_slow_wait(struct record_ctx *ctx, struct tep_event *ev,
			struct tep_record *rec)
{
	struct slow_wait w;
	char err[512];

	if (slow_wait_parse(ev, rec, &w, err, sizeof(err))) {
		bad_record(ctx, err);
		return 0;
	}
	return record_over_slow(ctx->over, w.tid, w.time_ns, w.wait_ns,
				ctx->out);
}

static int on_event(struct tep_event *ev, struct tep_record *rec, int cpu,
		    void *data)
{
	struct record_ctx *ctx = data;
	struct ss_event e;
	char err[512];
	int i, ret;

	(void)cpu;
	if (rec->missed_events)
		ctx->missed += rec->missed_events > 0 ? rec->missed_events : 1;
	if (strcmp(ev->system, RECORD_EVENT_SYSTEM))
		return 0;
	if (!strcmp(ev->name, SLOW_EVENT_NAME)) {
		ret = ctx->over ? on_slow_wait(ctx, ev, rec) : 0;
		goto written;
	}
	if (record_event_parse(ev, rec, &e, err, sizeof(err))) {
		bad_record(ctx, err);
		return 0;
	}
	if (ctx->over) {
		ret = record_over_event(ctx->over, &e, ctx->out);
	} else {
		ret = record_csv_row(ctx->out, &e);
		ctx->rows += !ret;
	}
	for (i = 0; record_event_names[i]; i++)
		if (!strcmp(e.event, record_event_names[i]))
			ctx->per_event[i]++;
written:
	if (ret) {
		ctx->write_error = errno ? errno : EIO;
		return 1;
	}
	return 0;
}

static pid_t start_command(char **argv)
{
	pid_t pid = fork();

	if (pid == 0) {
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		execvp(argv[0], argv);
		fprintf(stderr, "schedscope record: %s: %s\n", argv[0],
			strerror(errno));
		_exit(127);
	}
	return pid;
}

/* The module's trace events in ctx->tep; -1 after saying it has none. */
static int find_events(struct record_ctx *ctx)
{
	static const char *systems[] = { RECORD_EVENT_SYSTEM, NULL };
	char missing[64] = "";
	int i, nevents = 0;

	ctx->tep = tracefs_local_events_system(NULL, systems);
	for (i = 0; record_event_names[i]; i++) {
		if (ctx->tep && tep_find_event_by_name(ctx->tep,
						       RECORD_EVENT_SYSTEM,
						       record_event_names[i]))
			nevents++;
		else
			snprintf(missing + strlen(missing),
				 sizeof(missing) - strlen(missing), " %s",
				 record_event_names[i]);
	}
	if (!nevents) {
		cli_error(cmd, "the loaded module has no trace events %s:{pick,"
			  "dequeue,place,decision} (none in %s/events/%s): it "
			  "predates them or the kernel has no EEVDF",
			  RECORD_EVENT_SYSTEM, tracefs_tracing_dir(),
			  RECORD_EVENT_SYSTEM);
		return -1;
	}
	if (*missing)
		fprintf(stderr, "schedscope record: events missing from the "
			"module:%s; recording the others\n", missing);
	return 0;
}

/* The CSV file (or standard output) with its header line; 0 or -1. */
static int open_output(struct record_ctx *ctx, const char *output)
{
	ctx->out = output ? fopen(output, "we") : stdout;
	if (!ctx->out) {
		cli_error(cmd, "%s: %s", output, strerror(errno));
		return -1;
	}
	if (record_csv_header(ctx->out)) {
		cli_error(cmd, "writing the output: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * A tracefs instance with the module's events enabled in it (--over: and
 * schedscope:slow_wait); 0 or -1.
 */
static int start_instance(struct record_ctx *ctx)
{
	char name[64];
	int i;

	snprintf(name, sizeof(name), "schedscope-record-%d", (int)getpid());
	ctx->inst = tracefs_instance_create(name);
	if (!ctx->inst) {
		cli_error(cmd, "cannot create tracefs instance %s: %s (root?)",
			  name, strerror(errno));
		return -1;
	}
	for (i = 0; record_event_names[i]; i++)
		if (tep_find_event_by_name(ctx->tep, RECORD_EVENT_SYSTEM,
					   record_event_names[i]) &&
		    tracefs_event_enable(ctx->inst, RECORD_EVENT_SYSTEM,
					 record_event_names[i])) {
			cli_error(cmd, "cannot enable %s:%s: %s",
				  RECORD_EVENT_SYSTEM, record_event_names[i],
				  strerror(errno));
			return -1;
		}
	if (ctx->over && tracefs_event_enable(ctx->inst, RECORD_EVENT_SYSTEM,
					      SLOW_EVENT_NAME)) {
		cli_error(cmd, "cannot enable %s:%s (--over): %s",
			  RECORD_EVENT_SYSTEM, SLOW_EVENT_NAME,
			  strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * Read the buffers every 100 ms while command runs (its wait status in
 * *status), or until a stop signal; then the rest. 0, or -1 if the command
 * could not start.
 */
static int record_events(struct record_ctx *ctx, char **command, int *status)
{
	struct timespec tick = { 0, 100 * 1000 * 1000 };
	pid_t child = -1;

	cli_stop_on_signals();
	if (command) {
		child = start_command(command);
		if (child < 0) {
			cli_error(cmd, "fork: %s", strerror(errno));
			return -1;
		}
	}
	while (!cli_stop_requested && !ctx->write_error) {
		if (child > 0 && waitpid(child, status, WNOHANG) == child) {
			child = -1;
			break;
		}
		nanosleep(&tick, NULL);
		tracefs_iterate_raw_events(ctx->tep, ctx->inst, NULL, 0,
					   on_event, ctx);
	}
	if (child > 0) {	/* stopped by a signal: let the command end */
		kill(child, SIGTERM);
		waitpid(child, status, 0);
	}
	tracefs_event_disable(ctx->inst, RECORD_EVENT_SYSTEM, NULL);
	tracefs_iterate_raw_events(ctx->tep, ctx->inst, NULL, 0, on_event, ctx);
	return 0;
}

/* What was recorded, on stderr; the exit status. */
static int report_recording(const struct record_ctx *ctx,
			    const struct record_params *p, int status)
{
	if (ctx->write_error || fflush(ctx->out)) {
		cli_error(cmd, "writing the output: %s",
			  strerror(ctx->write_error ? ctx->write_error : errno));
		return 1;
	}
	if (ctx->over)
		fprintf(stderr, "schedscope record: %llu waits of %llu us or "
			"more: %llu rows of their decisions and picks, of "
			"%llu events (pick %llu, dequeue %llu, place %llu, "
			"decision %llu)%s%s\n", ctx->over->waits,
			(unsigned long long)p->over_us, ctx->over->rows,
			ctx->per_event[0] + ctx->per_event[1] +
			ctx->per_event[2] + ctx->per_event[3],
			ctx->per_event[0], ctx->per_event[1], ctx->per_event[2],
			ctx->per_event[3], p->output ? " to " : "",
			p->output ? p->output : "");
	else
		fprintf(stderr, "schedscope record: %llu events (pick %llu, "
			"dequeue %llu, place %llu, decision %llu)%s%s\n",
			ctx->rows, ctx->per_event[0], ctx->per_event[1],
			ctx->per_event[2], ctx->per_event[3],
			p->output ? " to " : "", p->output ? p->output : "");
	if (ctx->missed)
		fprintf(stderr, "schedscope record: %llu events lost (buffer "
			"full)\n", ctx->missed);
	if (ctx->bad)
		fprintf(stderr, "schedscope record: %llu records unreadable: %s\n",
			ctx->bad, ctx->first_error);
	if (p->command && WIFEXITED(status) && WEXITSTATUS(status))
		fprintf(stderr, "schedscope record: %s exited with status %d\n",
			p->command[0], WEXITSTATUS(status));
	return ctx->bad ? 1 : 0;
}

static void record_ctx_free(struct record_ctx *ctx)
{
	if (ctx->inst) {
		tracefs_instance_destroy(ctx->inst);
		tracefs_instance_free(ctx->inst);
	}
	if (ctx->out && ctx->out != stdout)
		fclose(ctx->out);
	tep_free(ctx->tep);
	free(ctx->over);
}

int cmd_record(int argc, char **argv)
{
	struct record_params p;
	struct record_ctx ctx = { 0 };
	struct ss_session session = { 0 };
	char filter[4200], old_slow[32];
	const char *dir;
	int ret, status = 0, result = 1;
	bool armed = false;

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
	if (p.over_us) {
		ctx.over = calloc(1, sizeof(*ctx.over));
		if (!ctx.over) {
			cli_error(cmd, "%s", strerror(errno));
			return 1;
		}
	}
	if (find_events(&ctx) || open_output(&ctx, p.output))
		goto out;
	/* the filter first, so that no other task's row comes before it */
	cli_filter_string(&p.common.filter, filter, sizeof(filter));
	if (ss_session_begin(&session, cmd, dir, filter))
		goto out;
	if (p.over_us) {
		armed = !ss_require_group(cmd, dir, "latency") &&
			!ss_slow_arm(cmd, dir, p.over_us, old_slow,
				     sizeof(old_slow));
		if (!armed)
			goto end;
	}
	if (!start_instance(&ctx) && !record_events(&ctx, p.command, &status))
		result = report_recording(&ctx, &p, status);
	if (armed)
		ss_slow_disarm(cmd, dir, old_slow);
end:
	ss_session_end(&session, cmd);
out:
	record_ctx_free(&ctx);
	return result;
}
