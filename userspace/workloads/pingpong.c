// SPDX-License-Identifier: GPL-2.0
/*
 * pingpong: pairs of threads bounce one byte over two pipes.
 *
 * Each round trip of a pair is two blocking reads, so two voluntary switches
 * and two wakeups: a workload whose switch counts the module must match.
 * With --cpu every thread runs on one CPU, so each wakeup lands on a CPU that
 * is busy with another thread of the workload (wakeup preemption decisions).
 *
 * Output, after the run:
 *   # seconds switches_voluntary switches_involuntary
 *   <elapsed> <sum over all threads> <sum over all threads>
 * The switch counts are the deltas of each thread's voluntary_ctxt_switches
 * and nonvoluntary_ctxt_switches, read by the thread itself right before its
 * first and right after its last round trip: thread start-up, the start
 * barrier and thread exit are not in them, nor is the main thread.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/proc_task.h"
#include "workload.h"

#define MAX_PAIRS	4096

struct pingpong_thread {
	pthread_t thread;
	int read_fd, write_fd;
	bool serves;			/* writes first */
	unsigned long loops;
	struct start_line *start;
	struct thread_counters counters;
};

static void usage(void)
{
	printf("Usage: %s [-p PAIRS] [-l LOOPS] [-c CPU]\n"
	       "\n"
	       "Pairs of threads bounce a byte over two pipes, LOOPS round trips\n"
	       "per pair, then print the elapsed seconds and the voluntary and\n"
	       "involuntary context switches of the threads during the loops.\n"
	       "\n"
	       "  -p, --pairs PAIRS   thread pairs, 1..%d (default 1)\n"
	       "  -l, --loops LOOPS   round trips per pair (default 10000)\n"
	       "  -c, --cpu CPU       run every thread on CPU\n"
	       "  -h, --help          this text\n"
	       "\n"
	       "Output:\n"
	       "  # seconds switches_voluntary switches_involuntary\n"
	       "  0.123456 40000 3\n",
	       workload_name, MAX_PAIRS);
}

static int transfer(int fd, bool write_it)
{
	char byte = 'x';
	ssize_t n;

	do
		n = write_it ? write(fd, &byte, 1) : read(fd, &byte, 1);
	while (n < 0 && errno == EINTR);
	if (n == 1)
		return 0;
	return n < 0 ? -errno : -EPIPE;
}

static void *pingpong_thread(void *arg)
{
	struct pingpong_thread *t = arg;
	struct thread_counters *c = &t->counters;
	unsigned long i;
	int ret;

	start_line_wait(t->start, true);
	if (read_counters_before(c))
		return NULL;
	for (i = 0; i < t->loops; i++) {
		ret = transfer(t->serves ? t->write_fd : t->read_fd, t->serves);
		if (!ret)
			ret = transfer(t->serves ? t->read_fd : t->write_fd,
				       !t->serves);
		if (ret) {
			c->error = ret;
			snprintf(c->message, sizeof(c->message), "pipe: %s",
				 strerror(-ret));
			return NULL;
		}
	}
	read_counters_after(c);
	return NULL;
}

int main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "pairs", required_argument, NULL, 'p' },
		{ "loops", required_argument, NULL, 'l' },
		{ "cpu", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned long pairs = 1, loops = 10000, i;
	uint64_t voluntary = 0, involuntary = 0;
	struct pingpong_thread *threads;
	struct start_line start;
	double begin, seconds;
	int cpu = -1, opt, failed = 0;

	workload_name = program_invocation_short_name;
	while ((opt = getopt_long(argc, argv, "p:l:c:h", options, NULL)) != -1) {
		switch (opt) {
		case 'p':
			pairs = option_uint("--pairs", optarg, 1, MAX_PAIRS);
			break;
		case 'l':
			loops = option_uint("--loops", optarg, 1, UINT32_MAX);
			break;
		default:
			common_option(opt, optarg, &cpu, usage);
		}
	}
	no_arguments_left(argc, argv);
	if (cpu >= 0)
		pin_to_cpu(cpu);

	threads = calloc_or_exit(2 * pairs, sizeof(*threads));
	start_line_init(&start, 2 * pairs);
	for (i = 0; i < pairs; i++) {
		struct pingpong_thread *a = &threads[2 * i], *b = &threads[2 * i + 1];
		int there[2], back[2];

		if (pipe2(there, O_CLOEXEC) || pipe2(back, O_CLOEXEC)) {
			fprintf(stderr, "%s: pipe: %s\n", workload_name,
				strerror(errno));
			return 1;
		}
		a->serves = true;
		a->write_fd = there[1];
		b->read_fd = there[0];
		b->write_fd = back[1];
		a->read_fd = back[0];
	}
	for (i = 0; i < 2 * pairs; i++) {
		threads[i].loops = loops;
		threads[i].start = &start;
		/* It prints switch counts only: no schedstat needed. */
		threads[i].counters.switches_only = true;
		start_thread(&threads[i].thread, pingpong_thread, &threads[i]);
	}
	start_line_wait_all(&start);
	begin = now_seconds();
	for (i = 0; i < 2 * pairs; i++)
		pthread_join(threads[i].thread, NULL);
	seconds = now_seconds() - begin;

	for (i = 0; i < 2 * pairs; i++) {
		const struct thread_counters *c = &threads[i].counters;
		struct proc_task delta;

		if (thread_failed(c, i)) {
			failed = 1;
			continue;
		}
		proc_task_delta(&c->after, &c->before, &delta);
		voluntary += delta.switches_voluntary;
		involuntary += delta.switches_involuntary;
	}
	if (failed)
		return 1;
	printf("# seconds switches_voluntary switches_involuntary\n");
	printf("%.6f %llu %llu\n", seconds, (unsigned long long)voluntary,
	       (unsigned long long)involuntary);
	free(threads);
	return 0;
}
