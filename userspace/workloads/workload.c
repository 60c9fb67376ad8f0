// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "parse_u64.h"
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

void report_thread_error(unsigned long index, const char *message)
{
	fprintf(stderr, "%s: thread %lu: %s\n", workload_name, index, message);
}
