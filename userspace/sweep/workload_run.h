/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Running one workload for a sweep: its own process group, stdin from
 * /dev/null, stdout and stderr into files, perf counters from its exec to its
 * exit, and a stop request (SIGINT, SIGTERM or SIGHUP caught by the caller)
 * passed on to the whole group.
 */
#ifndef SCHEDSCOPE_WORKLOAD_RUN_H
#define SCHEDSCOPE_WORKLOAD_RUN_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "lib/sched_attr.h"
#include "sweep/perf_counts.h"

struct workload_run {
	/* In: */
	char **argv;			/* argv[0] is a path (workload_resolve()) */
	const char *out_path;		/* the workload's stdout */
	const char *err_path;		/* and stderr */
	const char *cgroup;		/* cgroup v2 directory it starts in, or NULL */
	const char *cwd;		/* its working directory, or NULL: ours */
	/* its scheduling attributes, set before its exec, or NULL */
	const struct sched_attr_change *sched;
	/* A stop request (cli_stop_requested): its signal, passed on. */
	volatile sig_atomic_t *stop_signal;
	/* Out: */
	int exit_status;		/* exit code, or 128 + signal */
	int term_signal;		/* signal that ended it, else 0 */
	double elapsed_s;		/* exec to exit */
	bool have_perf;
	struct perf_counts perf;
	char perf_error[256];		/* why have_perf is false */
	/* Between workload_spawn() and workload_finish(): */
	pid_t pid;			/* also its process group */
	int go_fd, st_fd;		/* its start and exec status pipes */
	double start;			/* CLOCK_MONOTONIC at workload_go() */
};

/*
 * Run it and wait for it. Returns 0 when it ran (whatever its exit status),
 * or -errno when it could not be started (err says why).
 */
int workload_run(struct workload_run *w, char *err, size_t errlen);

/*
 * workload_run() in steps, for workloads started together (sweep/group_run.c):
 * workload_spawn() forks it, held before its exec (in its cgroup, counted);
 * workload_go() lets it exec; workload_started() tells whether the exec
 * succeeded (0, or -errno with err saying why); the caller reaps w->pid and
 * hands its wait status to workload_finish(). workload_kill() ends and
 * reaps one that was spawned and not finished. Each returns 0 or -errno.
 */
int workload_spawn(struct workload_run *w, char *err, size_t errlen);
int workload_go(struct workload_run *w, char *err, size_t errlen);
int workload_started(struct workload_run *w, char *err, size_t errlen);
void workload_finish(struct workload_run *w, int status);
void workload_kill(struct workload_run *w);

/*
 * The program a sweep runs for `name`: a path as given when it holds a '/',
 * else the file of that name next to the schedscope binary (where the
 * workloads are built), else the first one in $PATH. Returns 0 with the path
 * in buf, or -ENOENT (err says where it looked).
 */
int workload_resolve(const char *name, char *buf, size_t len, char *err,
		     size_t errlen);

/*
 * A file schedscope ships for its workloads (rt-app's configurations), by
 * its name under share/: in the installed tree's share/schedscope/ (the CLI
 * in PREFIX/sbin/), else in the source tree's share/ (the CLI in
 * build/bin/). Returns 0 with the path in buf, or -ENOENT.
 */
int workload_data_file(const char *name, char *buf, size_t len);

#endif
