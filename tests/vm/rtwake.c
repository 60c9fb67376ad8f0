// SPDX-License-Identifier: GPL-2.0
/*
 * rtwake - a fair wakeup right behind a realtime one, on one CPU, in one
 * interrupt: a SCHED_FIFO thread (ss-rtwake-r) and a fair one (ss-rtwake-f)
 * sleep until the same absolute time on the last CPU, where a fair spinner
 * (ss-rtwake-s) runs.  The realtime thread has no timer slack and the fair
 * one the default 50 us, so the realtime timer expires first and one timer
 * interrupt wakes both, in that order, before the CPU can switch: the fair
 * wakeup finds the realtime one's reschedule pending (and, on 7.x, the
 * runqueue's next_class set to the realtime class, so the fair check is not
 * made at all).
 *
 * Usage: rtwake ROUNDS [PERIOD_US]   (root: SCHED_FIFO)
 * Prints "rounds N late M": M rounds in which the fair thread was not yet
 * asleep at the time (no wakeup then).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

static long rounds, period_ns = 10 * 1000 * 1000;
static struct timespec start;
static atomic_bool stop;
static atomic_long late;
static int cpu;

static void pin(const char *comm)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		perror("sched_setaffinity");
	prctl(PR_SET_NAME, comm);
}

/* start + k periods */
static struct timespec round_time(long k)
{
	long long ns = start.tv_nsec + (long long)k * period_ns;
	struct timespec t = {
		.tv_sec = start.tv_sec + ns / 1000000000,
		.tv_nsec = ns % 1000000000,
	};
	return t;
}

static int now_after(const struct timespec *t)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec > t->tv_sec ||
	       (now.tv_sec == t->tv_sec && now.tv_nsec >= t->tv_nsec);
}

static void *sleeper(void *arg)
{
	const char *comm = arg;
	long k;

	pin(comm);
	for (k = 1; k <= rounds; k++) {
		struct timespec t = round_time(k);

		if (now_after(&t)) {
			atomic_fetch_add(&late, 1);
			continue;
		}
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) == EINTR)
			;
	}
	return NULL;
}

static void *spinner(void *arg)
{
	(void)arg;
	pin("ss-rtwake-s");
	while (!atomic_load_explicit(&stop, memory_order_relaxed))
		;
	return NULL;
}

int main(int argc, char **argv)
{
	struct sched_param rt = { .sched_priority = 10 };
	pthread_t spin, rtt, fair;
	pthread_attr_t attr;
	int err;

	if (argc < 2 || argc > 3 || (rounds = atol(argv[1])) < 1 ||
	    (argc == 3 && (period_ns = atol(argv[2]) * 1000L) < 1000000)) {
		fprintf(stderr, "usage: rtwake ROUNDS [PERIOD_US >= 1000]\n");
		return 2;
	}
	cpu = sysconf(_SC_NPROCESSORS_ONLN) - 1;
	clock_gettime(CLOCK_MONOTONIC, &start);
	/* a first period for the threads to start and go to sleep */
	start = round_time(5);
	pthread_attr_init(&attr);
	pthread_attr_setinheritsched(&attr, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&attr, SCHED_FIFO);
	pthread_attr_setschedparam(&attr, &rt);
	err = pthread_create(&rtt, &attr, sleeper, "ss-rtwake-r");
	if (err) {
		fprintf(stderr, "rtwake: SCHED_FIFO thread: %s\n", strerror(err));
		return 1;
	}
	if (pthread_create(&spin, NULL, spinner, NULL) ||
	    pthread_create(&fair, NULL, sleeper, "ss-rtwake-f")) {
		fprintf(stderr, "rtwake: pthread_create failed\n");
		return 1;
	}
	pthread_join(rtt, NULL);
	pthread_join(fair, NULL);
	atomic_store(&stop, true);
	pthread_join(spin, NULL);
	printf("rounds %ld late %ld\n", rounds, atomic_load(&late));
	return 0;
}
