// SPDX-License-Identifier: GPL-2.0
/*
 * dutycycle: threads that run RUN ms, sleep SLEEP ms, and again, each group
 * of them with its own duty cycle, for the mixed-slice experiments: does an
 * always-running thread and one that runs 1 ms and sleeps 1 ms get 50/50 or
 * 67/33 of one CPU (-t always=1/0 -t half=1/1 -c 0)? What do eight
 * massive_intr-like threads (-t intr=8/1x8) leave to others? With
 * --slice-us a group runs with a custom slice (sched_attr.sched_runtime,
 * Linux 6.12+).
 *
 * Running is spinning until RUN ms of the thread's own CPU time
 * (CLOCK_THREAD_CPUTIME_ID) went by, so a preempted thread still runs its
 * whole RUN; sleeping is clock_nanosleep() of SLEEP ms (SLEEP 0: never).
 *
 * Output, after the run:
 *   # seconds
 *   5.000123
 *   # task group tid run_ms sleep_ms slice_us cpu_seconds cpu_share
 *     wait_seconds switches_voluntary switches_involuntary   (one line)
 *   always always 4242 1 0 0 3.330000 0.6660 1.660000 0 1600
 * One row per thread: task is LABEL, or LABEL.I (I from 0) in a group of
 * more than one; slice_us is 0 without --slice-us. cpu_seconds (time on a
 * CPU), wait_seconds (time runnable on a run queue) and the switches are
 * the thread's own deltas of /proc/self/task/TID/schedstat and status, read
 * by the thread after the start barrier and when it sees the end;
 * cpu_share = cpu_seconds / seconds (1.0 is one whole CPU).
 */
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/parse_u64.h"
#include "lib/proc_task.h"
#include "workload.h"

#define MAX_THREADS	4096
#define MAX_GROUPS	64
#define MAX_LABEL	32
#define MAX_MS		10000		/* RUN and SLEEP */
#define MAX_SECONDS	86400.0
#define NS_PER_MS	1000000ULL

/* One --task: a group of COUNT threads with one duty cycle. */
struct task_group {
	char label[MAX_LABEL + 1];
	uint64_t run_ns, sleep_ns;
	unsigned int count;
	uint64_t slice_ns;		/* 0: the kernel's default slice */
};

struct duty_thread {
	pthread_t thread;
	const struct task_group *group;
	unsigned int index;		/* in its group */
	pid_t tid;
	atomic_bool *stop;
	struct start_line *start;
	struct thread_counters counters;
};

static void usage(void)
{
	printf("Usage: %s -t LABEL=RUN/SLEEP[xCOUNT] [-t ...] [-s SECONDS] [-c CPU]"
	       " [--slice-us LABEL=US ...]\n"
	       "\n"
	       "Threads run RUN ms of CPU time, sleep SLEEP ms, and again, for\n"
	       "SECONDS; then each one's CPU time, CPU share, run-queue wait and\n"
	       "context switches are printed.\n"
	       "\n"
	       "  -t, --task LABEL=RUN/SLEEP[xCOUNT]\n"
	       "                         COUNT threads (default 1) labelled LABEL\n"
	       "                         (a-z, 0-9, _; at most %d characters), RUN ms\n"
	       "                         (more than 0) and SLEEP ms (0: never\n"
	       "                         sleeps), both up to %d with up to 6 decimals;\n"
	       "                         repeatable, e.g. -t always=1/0 -t half=1/1,\n"
	       "                         -t intr=8/1x8\n"
	       "  -s, --seconds SECONDS  run time, may be fractional (default 5)\n"
	       "  -c, --cpu CPU          run every thread on CPU\n"
	       "      --slice-us LABEL=US\n"
	       "                         custom slice of US microseconds (%llu..%llu)\n"
	       "                         for LABEL's threads (sched_setattr\n"
	       "                         sched_runtime, Linux 6.12+); repeatable\n"
	       "  -h, --help             this text\n"
	       "\n"
	       "At most %d threads in %d groups.\n"
	       "\n"
	       "Output:\n"
	       "  # seconds\n"
	       "  5.000123\n"
	       "  # task group tid run_ms sleep_ms slice_us cpu_seconds cpu_share"
	       " wait_seconds switches_voluntary switches_involuntary\n"
	       "  always always 4242 1 0 0 3.330000 0.6660 1.660000 0 1600\n"
	       "  half half 4243 1 1 0 1.660000 0.3320 0.800000 830 20\n",
	       workload_name, MAX_LABEL, MAX_MS, SCHED_SLICE_MIN_NS / 1000,
	       SCHED_SLICE_MAX_NS / 1000, MAX_THREADS, MAX_GROUPS);
}

/*
 * Milliseconds with up to 6 decimals ("8", "0.5", "1.25"), exactly
 * len bytes of s, into nanoseconds; -EINVAL if not such a number or
 * above MAX_MS.
 */
static int parse_ms(const char *s, size_t len, uint64_t *ns)
{
	size_t whole = digits_span(s, len), fraction = 0, i;
	uint64_t ms, frac_ns = 0, scale = NS_PER_MS;

	if (!whole || whole > 5 || parse_u64(s, whole, &ms))
		return -EINVAL;
	if (whole < len) {
		if (s[whole] != '.')
			return -EINVAL;
		fraction = len - whole - 1;
		if (!fraction || fraction > 6 ||
		    digits_span(s + whole + 1, fraction) != fraction)
			return -EINVAL;
		for (i = 0; i < fraction; i++) {
			scale /= 10;
			frac_ns += (s[whole + 1 + i] - '0') * scale;
		}
	}
	*ns = ms * NS_PER_MS + frac_ns;
	return *ns > MAX_MS * NS_PER_MS ? -EINVAL : 0;
}

/* Nanoseconds as milliseconds without trailing zeros: "1", "0.5". */
static void format_ms(uint64_t ns, char *buf, size_t size)
{
	size_t len;

	snprintf(buf, size, "%llu.%06llu", (unsigned long long)(ns / NS_PER_MS),
		 (unsigned long long)(ns % NS_PER_MS));
	len = strlen(buf);
	while (buf[len - 1] == '0')
		buf[--len] = '\0';
	if (buf[len - 1] == '.')
		buf[--len] = '\0';
}

/* LABEL of "LABEL=...": its length, or 0 when it is not a valid label. */
static size_t label_length(const char *arg)
{
	size_t len = strspn(arg, "abcdefghijklmnopqrstuvwxyz0123456789_");

	return len && len <= MAX_LABEL && arg[len] == '=' ? len : 0;
}

static struct task_group *find_group(struct task_group *groups, unsigned int n,
				     const char *label, size_t len)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (strlen(groups[i].label) == len && !memcmp(groups[i].label, label, len))
			return &groups[i];
	return NULL;
}

/* One --task LABEL=RUN/SLEEP[xCOUNT] into *g, or usage_error(). */
static void parse_task(const char *arg, struct task_group *g)
{
	size_t label = label_length(arg), run_len, sleep_len;
	const char *run, *slash, *sleep, *x;
	uint64_t count = 1;

	if (!label)
		usage_error("--task '%s': wants LABEL=RUN/SLEEP[xCOUNT], LABEL of "
			    "1 to %d characters a-z, 0-9 and _", arg, MAX_LABEL);
	memcpy(g->label, arg, label);
	g->label[label] = '\0';
	run = arg + label + 1;
	slash = strchr(run, '/');
	if (!slash)
		usage_error("--task '%s': wants LABEL=RUN/SLEEP[xCOUNT], as in "
			    "half=1/1 or intr=8/1x8", arg);
	run_len = slash - run;
	sleep = slash + 1;
	x = strchr(sleep, 'x');
	sleep_len = x ? (size_t)(x - sleep) : strlen(sleep);
	if (parse_ms(run, run_len, &g->run_ns) || !g->run_ns)
		usage_error("--task '%s': RUN wants milliseconds (up to 6 "
			    "decimals) more than 0 and up to %d, not '%.*s'", arg,
			    MAX_MS, (int)run_len, run);
	if (parse_ms(sleep, sleep_len, &g->sleep_ns))
		usage_error("--task '%s': SLEEP wants milliseconds (up to 6 "
			    "decimals) from 0 to %d, not '%.*s'", arg, MAX_MS,
			    (int)sleep_len, sleep);
	if (x && (parse_u64(x + 1, strlen(x + 1), &count) || !count ||
		  count > MAX_THREADS))
		usage_error("--task '%s': COUNT wants a whole number from 1 to %d, "
			    "not '%s'", arg, MAX_THREADS, x + 1);
	g->count = count;
}

/* One --slice-us LABEL=US, or usage_error(). */
static void parse_slice(const char *arg, struct task_group *groups, unsigned int n)
{
	size_t label = label_length(arg);
	struct task_group *g;

	if (!label)
		usage_error("--slice-us '%s': wants LABEL=US, LABEL the label of "
			    "a --task", arg);
	g = find_group(groups, n, arg, label);
	if (!g)
		usage_error("--slice-us '%s': no --task has the label '%.*s'", arg,
			    (int)label, arg);
	if (g->slice_ns)
		usage_error("--slice-us '%s': the slice of '%s' is given twice",
			    arg, g->label);
	g->slice_ns = option_uint("--slice-us", arg + label + 1,
				  SCHED_SLICE_MIN_NS / 1000,
				  SCHED_SLICE_MAX_NS / 1000) * 1000;
}

static bool stopped(const struct duty_thread *t)
{
	return atomic_load_explicit(t->stop, memory_order_relaxed);
}

static void *duty_thread(void *arg)
{
	struct duty_thread *t = arg;
	const struct task_group *g = t->group;
	bool set_up;

	t->tid = gettid();
	/* set_slice() says why it failed. */
	set_up = !g->slice_ns || !set_slice(0, g->slice_ns);
	if (!start_line_wait(t->start, set_up))
		return NULL;		/* main() exits */
	if (read_counters_before(&t->counters))
		return NULL;
	while (!stopped(t)) {
		uint64_t until = thread_cpu_ns() + g->run_ns;

		while (thread_cpu_ns() < until && !stopped(t))
			;
		if (g->sleep_ns && !stopped(t))
			sleep_ns(g->sleep_ns);
	}
	read_counters_after(&t->counters);
	return NULL;
}

static void print_thread(const struct duty_thread *t, double seconds)
{
	const struct task_group *g = t->group;
	char task[MAX_LABEL + 16], run[32], sleep[32];
	struct proc_task delta;
	double cpu;

	if (g->count == 1)
		snprintf(task, sizeof(task), "%s", g->label);
	else
		snprintf(task, sizeof(task), "%s.%u", g->label, t->index);
	format_ms(g->run_ns, run, sizeof(run));
	format_ms(g->sleep_ns, sleep, sizeof(sleep));
	proc_task_delta(&t->counters.after, &t->counters.before, &delta);
	cpu = delta.run_ns / 1e9;
	printf("%s %s %d %s %s %llu %.6f %.4f %.6f %llu %llu\n", task, g->label,
	       (int)t->tid, run, sleep, (unsigned long long)(g->slice_ns / 1000),
	       cpu, seconds > 0 ? cpu / seconds : 0, delta.wait_ns / 1e9,
	       (unsigned long long)delta.switches_voluntary,
	       (unsigned long long)delta.switches_involuntary);
}

int main(int argc, char **argv)
{
	enum { OPT_SLICE_US = 256 };
	static const struct option options[] = {
		{ "task", required_argument, NULL, 't' },
		{ "seconds", required_argument, NULL, 's' },
		{ "cpu", required_argument, NULL, 'c' },
		{ "slice-us", required_argument, NULL, OPT_SLICE_US },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct task_group groups[MAX_GROUPS] = { 0 };
	const char *slices[MAX_GROUPS];
	unsigned int ngroups = 0, nslices = 0, nthreads = 0, i, j, k;
	double seconds = 5, begin, elapsed;
	struct duty_thread *threads;
	struct start_line start;
	atomic_bool stop = false;
	bool failed = false;
	int cpu = -1, opt;

	workload_name = program_invocation_short_name;
	while ((opt = getopt_long(argc, argv, "t:s:c:h", options, NULL)) != -1) {
		switch (opt) {
		case 't':
			if (ngroups == MAX_GROUPS)
				usage_error("at most %d --task options", MAX_GROUPS);
			parse_task(optarg, &groups[ngroups]);
			if (find_group(groups, ngroups, groups[ngroups].label,
				       strlen(groups[ngroups].label)))
				usage_error("--task '%s': the label '%s' is given twice",
					    optarg, groups[ngroups].label);
			nthreads += groups[ngroups].count;
			if (nthreads > MAX_THREADS)
				usage_error("--task '%s': more than %d threads in all",
					    optarg, MAX_THREADS);
			ngroups++;
			break;
		case 's':
			seconds = option_positive_seconds("--seconds", optarg,
							  MAX_SECONDS);
			break;
		case OPT_SLICE_US:
			if (nslices == MAX_GROUPS)
				usage_error("at most %d --slice-us options", MAX_GROUPS);
			slices[nslices++] = optarg;
			break;
		default:
			common_option(opt, optarg, &cpu, usage);
		}
	}
	no_arguments_left(argc, argv);
	if (!ngroups)
		usage_error("no --task: give at least one, e.g. -t always=1/0");
	/* After every --task, so that the order of the options does not matter. */
	for (i = 0; i < nslices; i++)
		parse_slice(slices[i], groups, ngroups);
	if (cpu >= 0)
		pin_to_cpu(cpu);

	threads = calloc_or_exit(nthreads, sizeof(*threads));
	start_line_init(&start, nthreads);
	for (i = 0, k = 0; i < ngroups; i++) {
		for (j = 0; j < groups[i].count; j++, k++) {
			threads[k].group = &groups[i];
			threads[k].index = j;
			threads[k].stop = &stop;
			threads[k].start = &start;
			start_thread(&threads[k].thread, duty_thread, &threads[k]);
		}
	}
	start_line_wait_all(&start);
	begin = now_seconds();
	sleep_ns((uint64_t)(seconds * 1e9));
	atomic_store(&stop, true);
	elapsed = now_seconds() - begin;
	for (i = 0; i < nthreads; i++)
		pthread_join(threads[i].thread, NULL);

	for (i = 0; i < nthreads; i++)
		failed |= thread_failed(&threads[i].counters, i);
	if (failed)
		return 1;
	printf("# seconds\n");
	printf("%.6f\n", elapsed);
	printf("# task group tid run_ms sleep_ms slice_us cpu_seconds cpu_share "
	       "wait_seconds switches_voluntary switches_involuntary\n");
	for (i = 0; i < nthreads; i++)
		print_thread(&threads[i], elapsed);
	free(threads);
	return 0;
}
