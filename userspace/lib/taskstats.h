/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's own per-task accounting at each task's exit, as the
 * taskstats genetlink family sends it to a listener registered for every
 * possible CPU (Documentation/accounting/taskstats.rst): run time, times
 * run on a CPU, time spent runnable waiting for one (sched_info's
 * run_delay) and, where the kernel's struct taskstats has cpu_delay_max,
 * the longest such wait. Needs CAP_NET_ADMIN.
 *
 * A thread drains the socket while the tasks run, so a burst of exits does
 * not overflow it; each time it overflows anyway is counted.
 */
#ifndef SCHEDSCOPE_TASKSTATS_H
#define SCHEDSCOPE_TASKSTATS_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* One exited task (thread), as the kernel accounted it. */
struct task_exit {
	pid_t pid, tgid, ppid;		/* ppid: its thread group's parent */
	char comm[32];
	uint64_t runtime_ns;		/* se.sum_exec_runtime */
	uint64_t runs;			/* sched_info.pcount */
	uint64_t delay_ns;		/* sched_info.run_delay */
	uint64_t delay_max_ns;		/* valid where have_delay_max */
	uint64_t voluntary, involuntary;	/* nvcsw, nivcsw */
};

struct taskstats_listener {
	struct nl_sock *sock;
	int family;
	char cpus[256];			/* the mask registered: cpu_possible */
	long delay_max_off;		/* of cpu_delay_max, or -1 */
	pthread_t thread;
	bool thread_running;
	volatile bool stop;
	/* Filled by the thread; read after taskstats_listen_stop(). */
	struct task_exit *exits;
	size_t n, cap;
	bool have_delay_max;		/* every exit carried cpu_delay_max */
	unsigned long overflows;	/* times the socket dropped exits */
	int error;			/* the thread's -errno, or 0 */
};

/*
 * Where the running kernel's struct taskstats keeps cpu_delay_max, from its
 * BTF (the field is newer than the headers the tools are built with), or -1
 * when it has none or no BTF. Reads the kernel's BTF: call it once.
 */
long taskstats_delay_max_offset(void);

/*
 * Register for the exits on every possible CPU and start draining;
 * delay_max_off from taskstats_delay_max_offset(). 0, or -errno with err
 * saying why (-EPERM without CAP_NET_ADMIN, -ENOENT when the kernel has no
 * taskstats).
 */
int taskstats_listen_start(struct taskstats_listener *l, long delay_max_off,
			   char *err, size_t errlen);
/*
 * Take what is queued, stop the thread and unregister. The exits of tasks
 * already reaped are all there: the kernel sends them before the exit
 * completes. 0, or the thread's -errno with err saying why.
 */
int taskstats_listen_stop(struct taskstats_listener *l, char *err,
			  size_t errlen);
void taskstats_listen_free(struct taskstats_listener *l);

/*
 * One taskstats TASKSTATS_TYPE_STATS payload of len bytes decoded into e;
 * the cpu_delay_max at delay_max_off (-1: none). false when it is too short
 * or too old (before ac_tgid, version 10) to be read.
 */
bool taskstats_decode(const void *payload, size_t len, long delay_max_off,
		      struct task_exit *e, bool *have_delay_max);

#endif
