/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every workload does the same way: option values (bad ones exit with
 * status 2, as bad usage does), the options all of them take, pinning to a
 * CPU, starting threads together, a thread's own scheduling counters, the
 * clocks, scheduling policy and custom slice.
 */
#ifndef SCHEDSCOPE_WORKLOAD_H
#define SCHEDSCOPE_WORKLOAD_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "lib/proc_task.h"
#include "lib/sched_attr.h"

#define EXIT_USAGE	2

/* argv[0] without its directory, for messages. */
extern const char *workload_name;

/* Print "name: message" and "Try 'name --help'." to stderr; exit 2. */
void usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* Only the "Try" line, after getopt_long() has said what was wrong; exit 2. */
void try_help(void) __attribute__((noreturn));

/* After the options: any argument left is a usage error. */
void no_arguments_left(int argc, char **argv);

/*
 * The options every workload takes, for the default: of its getopt_long()
 * switch: 'c' (-c, --cpu CPU) sets *cpu; 'h' (-h, --help) prints usage()
 * and exits 0; anything else is an option getopt_long() has already said
 * is wrong: try_help().
 */
void common_option(int opt, const char *arg, int *cpu, void (*usage)(void));

/* Integer value of option `option` in [min, max], or usage_error(). */
uint64_t option_uint(const char *option, const char *arg, uint64_t min, uint64_t max);
/* Decimal seconds ("2", "0.5") in [0, max], or usage_error(). */
double option_seconds(const char *option, const char *arg, double max);
/* "idle", "batch" or "normal": SCHED_IDLE, SCHED_BATCH, SCHED_OTHER. */
int option_policy(const char *option, const char *arg);
/* The same in (0, max]: the length of a run that has to end by itself. */
double option_positive_seconds(const char *option, const char *arg, double max);

/*
 * Pin the calling thread to cpu; threads it creates afterwards inherit it.
 * A CPU this process may not use is a usage error.
 */
void pin_to_cpu(int cpu);

/* calloc(), or "name: out of memory" and exit 1. */
void *calloc_or_exit(size_t n, size_t size);

/*
 * pthread_create(), or "name: cannot create thread: ..." and exit 1 (the
 * start barrier would wait forever for the missing thread).
 */
void start_thread(pthread_t *thread, void *(*fn)(void *), void *arg);

/*
 * Where the threads of a run and main() wait for each other, so that the
 * clock starts with every thread created and set up. A thread whose set-up
 * failed (it has said why) waits there too, or the others would wait
 * forever; main() then exits 1.
 */
struct start_line {
	pthread_barrier_t barrier;
	atomic_bool setup_failed;
};

/* For nthreads threads and main(). */
void start_line_init(struct start_line *start, unsigned long nthreads);
/*
 * In a thread, after its set-up (set_up: it worked): wait for the start.
 * Returns set_up; a thread that gets false ends, as main() exits.
 */
bool start_line_wait(struct start_line *start, bool set_up);
/* In main(), once every thread is started: wait for them, or exit 1. */
void start_line_wait_all(struct start_line *start);

/*
 * A thread's own scheduling counters over its measured work, read by the
 * thread itself right before and right after the work, so that thread
 * start-up, the start line and thread exit are not in them.
 */
struct thread_counters {
	bool switches_only;		/* only status: no schedstat times */
	struct proc_task before, after;
	int error;			/* 0, or -errno of what failed */
	char message[512];		/* what failed, for thread_failed() */
};

/*
 * Read the calling thread's counters into c->before, or c->after. Returns
 * c->error: 0, or -errno with c->message saying what failed.
 */
int read_counters_before(struct thread_counters *c);
int read_counters_after(struct thread_counters *c);
/* If c->error: "name: thread INDEX: message" on stderr, and true. */
bool thread_failed(const struct thread_counters *c, unsigned long index);

/* CLOCK_MONOTONIC in seconds. */
double now_seconds(void);

/* CLOCK_MONOTONIC, and the calling thread's CPU time, in nanoseconds. */
uint64_t now_ns(void);
uint64_t thread_cpu_ns(void);

/* Sleep ns nanoseconds of CLOCK_MONOTONIC (clock_nanosleep), through EINTR. */
void sleep_ns(uint64_t ns);

/*
 * Scheduling attributes of thread tid (0: the calling thread), through
 * sched_setattr(). Each returns 0, or prints "name: ..." naming the thread
 * and the kernel's error to stderr and returns -errno.
 *
 * set_sched_policy(): SCHED_OTHER, SCHED_BATCH or SCHED_IDLE, nice value
 * kept. It also drops a custom slice: set the policy first, then the slice.
 *
 * set_slice(): custom slice of a SCHED_OTHER or SCHED_BATCH thread in
 * sched_attr.sched_runtime, which the kernel honours from Linux 6.12 on and
 * clamps to 0.1..100 ms (SCHED_SLICE_MIN_NS..SCHED_SLICE_MAX_NS). Older kernels
 * take the call and ignore the value: the slice is read back with
 * sched_getattr(), and one the kernel did not keep is -EOPNOTSUPP.
 */
int set_sched_policy(pid_t tid, int policy);
int set_slice(pid_t tid, uint64_t ns);

#endif
