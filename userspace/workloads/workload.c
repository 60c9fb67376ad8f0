// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "lib/parse_u64.h"
#include "workload.h"

const char *workload_name = "workload";

void usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", workload_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	try_help();
}

void try_help(void)
{
	fprintf(stderr, "Try '%s --help'.\n", workload_name);
	exit(EXIT_USAGE);
}

void common_option(int opt, const char *arg, int *cpu, void (*usage)(void))
{
	switch (opt) {
	case 'c':
		*cpu = option_uint("--cpu", arg, 0, CPU_SETSIZE - 1);
		return;
	case 'h':
		usage();
		exit(0);
	default:
		try_help();
	}
}

void no_arguments_left(int argc, char **argv)
{
	if (optind < argc)
		usage_error("unexpected argument '%s'", argv[optind]);
}

uint64_t option_uint(const char *option, const char *arg, uint64_t min, uint64_t max)
{
	uint64_t value;

	if (parse_u64(arg, strlen(arg), &value) || value < min || value > max)
		usage_error("%s wants a whole number from %llu to %llu, not '%s'",
			    option, (unsigned long long)min,
			    (unsigned long long)max, arg);
	return value;
}

int option_policy(const char *option, const char *arg)
{
	if (!strcmp(arg, "idle"))
		return SCHED_IDLE;
	if (!strcmp(arg, "batch"))
		return SCHED_BATCH;
	if (!strcmp(arg, "normal"))
		return SCHED_OTHER;
	usage_error("%s wants idle, batch or normal, not '%s'", option, arg);
}

double option_seconds(const char *option, const char *arg, double max)
{
	char *end;
	double value;

	errno = 0;
	value = strtod(arg, &end);
	/* strtod also takes hex, "inf" and leading spaces: allow digits only. */
	if (errno || end == arg || *end || !isfinite(value) || value < 0 ||
	    value > max || strspn(arg, "0123456789.") != strlen(arg))
		usage_error("%s wants seconds from 0 to %g, not '%s'", option,
			    max, arg);
	return value;
}

double option_positive_seconds(const char *option, const char *arg, double max)
{
	double value = option_seconds(option, arg, max);

	if (value <= 0)
		usage_error("%s wants more than 0 seconds, not '%s'", option, arg);
	return value;
}

void pin_to_cpu(int cpu)
{
	cpu_set_t allowed, one;

	if (sched_getaffinity(0, sizeof(allowed), &allowed)) {
		fprintf(stderr, "%s: sched_getaffinity: %s\n", workload_name,
			strerror(errno));
		exit(1);
	}
	if (cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, &allowed))
		usage_error("--cpu %d: not a CPU this process may run on "
			    "(it may use %d)", cpu, CPU_COUNT(&allowed));
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	if (sched_setaffinity(0, sizeof(one), &one)) {
		fprintf(stderr, "%s: cannot pin to cpu %d: %s\n", workload_name,
			cpu, strerror(errno));
		exit(1);
	}
}

double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

void *calloc_or_exit(size_t n, size_t size)
{
	void *p = calloc(n, size);

	if (!p) {
		fprintf(stderr, "%s: out of memory\n", workload_name);
		exit(1);
	}
	return p;
}

void start_thread(pthread_t *thread, void *(*fn)(void *), void *arg)
{
	int ret = pthread_create(thread, NULL, fn, arg);

	if (ret) {
		fprintf(stderr, "%s: cannot create thread: %s\n", workload_name,
			strerror(ret));
		exit(1);
	}
}

void start_line_init(struct start_line *start, unsigned long nthreads)
{
	pthread_barrier_init(&start->barrier, NULL, nthreads + 1);
	atomic_init(&start->setup_failed, false);
}

bool start_line_wait(struct start_line *start, bool set_up)
{
	if (!set_up)
		atomic_store(&start->setup_failed, true);
	pthread_barrier_wait(&start->barrier);
	return set_up;
}

void start_line_wait_all(struct start_line *start)
{
	pthread_barrier_wait(&start->barrier);
	if (atomic_load(&start->setup_failed))
		exit(1);	/* the thread said why */
}

static int read_counters(struct thread_counters *c, struct proc_task *into)
{
	pid_t pid = getpid(), tid = gettid();

	if (c->switches_only)
		c->error = proc_task_read_status(NULL, pid, tid, into, c->message,
						 sizeof(c->message));
	else
		c->error = proc_task_read(NULL, pid, tid, into, c->message,
					  sizeof(c->message));
	return c->error;
}

int read_counters_before(struct thread_counters *c)
{
	return read_counters(c, &c->before);
}

int read_counters_after(struct thread_counters *c)
{
	return read_counters(c, &c->after);
}

bool thread_failed(const struct thread_counters *c, unsigned long index)
{
	if (!c->error)
		return false;
	fprintf(stderr, "%s: thread %lu: %s\n", workload_name, index, c->message);
	return true;
}

uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

uint64_t thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

void sleep_ns(uint64_t ns)
{
	struct timespec ts = { ns / 1000000000, ns % 1000000000 };

	/* Relative: clock_nanosleep() leaves the time still to sleep in ts. */
	while (clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, &ts) == EINTR)
		;
}

/* "name: thread N: what went wrong" on stderr. */
static int attr_error(pid_t tid, int ret, const char *what, const char *err)
{
	fprintf(stderr, "%s: thread %d: %s%s\n", workload_name,
		tid ? (int)tid : (int)gettid(), what, err);
	return ret;
}

int set_sched_policy(pid_t tid, int policy)
{
	struct sched_attr_change c = { .set_policy = true, .policy = policy };
	char err[512], what[128];
	int ret = sched_attr_change(tid, &c, err, sizeof(err));

	if (!ret)
		return 0;
	snprintf(what, sizeof(what), "cannot switch to %s: ",
		 sched_policy_name(policy));
	return attr_error(tid, ret, what, err);
}

int set_slice(pid_t tid, uint64_t ns)
{
	struct sched_attr_change c = { .set_slice = true, .slice_ns = ns };
	char err[512];
	int ret = sched_attr_change(tid, &c, err, sizeof(err));

	return ret ? attr_error(tid, ret, "", err) : 0;
}
