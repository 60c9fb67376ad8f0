/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every workload does the same way: option values (bad ones exit with
 * status 2, as bad usage does), pinning to a CPU, the clock.
 */
#ifndef SCHEDSCOPE_WORKLOAD_H
#define SCHEDSCOPE_WORKLOAD_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#define EXIT_USAGE	2

/* argv[0] without its directory, for messages. */
extern const char *workload_name;

/* Print "name: message" and "Try 'name --help'." to stderr; exit 2. */
void usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* Only the "Try" line, after getopt_long() has said what was wrong; exit 2. */
void try_help(void) __attribute__((noreturn));

/* After the options: any argument left is a usage error. */
void no_arguments_left(int argc, char **argv);

/* Integer value of option `option` in [min, max], or usage_error(). */
uint64_t option_uint(const char *option, const char *arg, uint64_t min, uint64_t max);
/* Decimal seconds ("2", "0.5") in [0, max], or usage_error(). */
double option_seconds(const char *option, const char *arg, double max);

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

/* "name: thread N: message" on stderr, for a thread that failed. */
void report_thread_error(unsigned long index, const char *message);

/* CLOCK_MONOTONIC in seconds. */
double now_seconds(void);

#endif
