// SPDX-License-Identifier: GPL-2.0
/*
 * wakelat: wakeup latency of blocked threads, as schbench measures it.
 *
 * Each of M message threads has W workers, each blocked on a futex of its
 * own. A round: the message thread wakes its workers one by one, reading
 * CLOCK_MONOTONIC right before each wake; a woken worker reads the clock as
 * soon as it runs, and the difference is one latency sample. The worker then
 * "thinks" (spins --think-us of its own CPU time) and blocks again; the
 * message thread waits until all its workers are done, sleeps --sleep-us,
 * and starts the next round, until SECONDS are over (every message thread
 * runs at least one round).
 *
 * --side-job N adds N threads that spin all the time at --side-policy
 * (SCHED_IDLE by default): does a CPU hog that should only take idle time
 * delay the wakeups? --slice-us gives the workers a custom slice
 * (sched_attr.sched_runtime, Linux 6.12+).
 *
 * Every sample is kept; the statistics are exact (lat_stats.h).
 *
 * Output, after the run:
 *   # lat_count lat_min_us lat_max_us lat_mean_us lat_stddev_us lat_p50_us
 *     lat_p90_us lat_p99_us lat_p99.9_us                    (one line)
 *   9100 1.203 412.377 6.114 9.870 4.211 9.034 41.950 180.300
 *   # lo_us hi_us count
 *   0 1 0
 *   1 2 12
 *   2 4 3400
 *   ...                     [lo, hi) in us, every bucket up to the max's
 * Percentiles are nearest-rank; the standard deviation is the sample one
 * (0 for a single sample).
 */
#include <errno.h>
#include <getopt.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "workload.h"
#include "lat_stats.h"

#define MAX_MESSAGE_THREADS	1024
#define MAX_WORKERS		1024	/* per message thread */
#define MAX_SIDE_JOBS		1024
#define MAX_THREADS		4096
#define MAX_SECONDS		86400.0
#define MAX_THINK_US		1000000
#define MAX_SLEEP_US		10000000
#define FIRST_SAMPLES		1024

struct message_thread;

struct worker {
	pthread_t thread;
	struct message_thread *owner;
	uint32_t wake_seq;		/* futex: the message thread adds 1 to wake */
	uint64_t wake_ns;		/* CLOCK_MONOTONIC right before the wake */
	bool quit;			/* with a last wake: the run is over */
	uint64_t *samples;		/* latencies in ns */
	size_t nsamples, size;
};

struct message_thread {
	pthread_t thread;
	struct worker *workers;
	unsigned int nworkers;
	uint32_t pending;		/* futex: workers still in this round */
};

/* What all threads share. */
struct wakelat {
	uint64_t think_ns, sleep_ns, slice_ns;
	int side_policy;
	bool stop;
	struct start_line start;
};

static struct wakelat run;

static void usage(void)
{
	printf("Usage: %s [-m THREADS] [-w WORKERS] [-s SECONDS] [-c CPU] [--think-us US]\n"
	       "       [--sleep-us US] [--side-job N [--side-policy POLICY]]"
	       " [--slice-us US]\n"
	       "\n"
	       "Message threads wake their blocked workers, round after round;\n"
	       "prints statistics and a log2 histogram of the wakeup latencies:\n"
	       "from right before the wake until the worker runs.\n"
	       "\n"
	       "  -m, --message-threads THREADS\n"
	       "                         message threads, 1..%d (default 1)\n"
	       "  -w, --workers WORKERS  workers per message thread, 1..%d\n"
	       "                         (default 2)\n"
	       "  -s, --seconds SECONDS  run time, may be fractional (default 5)\n"
	       "  -c, --cpu CPU          run every thread on CPU\n"
	       "      --think-us US      CPU time each worker spins per wakeup,\n"
	       "                         0..%d (default 100)\n"
	       "      --sleep-us US      message thread's pause between rounds,\n"
	       "                         0..%d (default 1000)\n"
	       "      --side-job N       N more threads, 0..%d, spinning all the time\n"
	       "      --side-policy POLICY\n"
	       "                         their policy: idle, batch or normal\n"
	       "                         (default idle)\n"
	       "      --slice-us US      custom slice of the workers, %llu..%llu us\n"
	       "                         (sched_setattr sched_runtime, Linux 6.12+)\n"
	       "  -h, --help             this text\n"
	       "\n"
	       "At most %d threads in all.\n"
	       "\n"
	       "Output:\n"
	       "  # lat_count lat_min_us lat_max_us lat_mean_us lat_stddev_us"
	       " lat_p50_us lat_p90_us lat_p99_us lat_p99.9_us\n"
	       "  9100 1.203 412.377 6.114 9.870 4.211 9.034 41.950 180.300\n"
	       "  # lo_us hi_us count\n"
	       "  0 1 0\n"
	       "  1 2 12\n"
	       "  ...\n",
	       workload_name, MAX_MESSAGE_THREADS, MAX_WORKERS, MAX_THINK_US,
	       MAX_SLEEP_US, MAX_SIDE_JOBS, SCHED_SLICE_MIN_NS / 1000,
	       SCHED_SLICE_MAX_NS / 1000, MAX_THREADS);
}

static void futex_wait(uint32_t *word, uint32_t value)
{
	/* EAGAIN (the word changed), EINTR: the caller looks again. */
	syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, value, NULL, NULL, 0);
}

static void futex_wake(uint32_t *word)
{
	syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

static bool stopped(void)
{
	return __atomic_load_n(&run.stop, __ATOMIC_RELAXED);
}

static void spin_cpu_ns(uint64_t ns)
{
	uint64_t until = thread_cpu_ns() + ns;

	while (thread_cpu_ns() < until)
		;
}

static void add_sample(struct worker *w, uint64_t ns)
{
	if (w->nsamples == w->size) {
		size_t size = w->size ? 2 * w->size : FIRST_SAMPLES;
		uint64_t *samples = realloc(w->samples, size * sizeof(*samples));

		if (!samples) {
			fprintf(stderr, "%s: out of memory for latency samples\n",
				workload_name);
			exit(1);
		}
		w->samples = samples;
		w->size = size;
	}
	w->samples[w->nsamples++] = ns;
}

static void *worker_thread(void *arg)
{
	struct worker *w = arg;
	uint32_t seen = 0, seq;
	bool set_up;

	/* set_slice() says why it failed. */
	set_up = !run.slice_ns || !set_slice(0, run.slice_ns);
	if (!start_line_wait(&run.start, set_up))
		return NULL;		/* main() exits */
	for (;;) {
		uint64_t woke;

		while ((seq = __atomic_load_n(&w->wake_seq, __ATOMIC_ACQUIRE)) == seen)
			futex_wait(&w->wake_seq, seen);
		woke = now_ns();
		seen = seq;
		if (__atomic_load_n(&w->quit, __ATOMIC_ACQUIRE))
			break;
		add_sample(w, woke - __atomic_load_n(&w->wake_ns, __ATOMIC_RELAXED));
		spin_cpu_ns(run.think_ns);
		if (__atomic_sub_fetch(&w->owner->pending, 1, __ATOMIC_ACQ_REL) == 0)
			futex_wake(&w->owner->pending);
	}
	return NULL;
}

static void wake_worker(struct worker *w)
{
	__atomic_store_n(&w->wake_ns, now_ns(), __ATOMIC_RELAXED);
	__atomic_add_fetch(&w->wake_seq, 1, __ATOMIC_RELEASE);
	futex_wake(&w->wake_seq);
}

static void *message_thread(void *arg)
{
	struct message_thread *m = arg;
	uint32_t pending;
	unsigned int i;

	start_line_wait(&run.start, true);
	do {
		__atomic_store_n(&m->pending, m->nworkers, __ATOMIC_RELEASE);
		for (i = 0; i < m->nworkers; i++)
			wake_worker(&m->workers[i]);
		while ((pending = __atomic_load_n(&m->pending, __ATOMIC_ACQUIRE)))
			futex_wait(&m->pending, pending);
		if (run.sleep_ns && !stopped())
			sleep_ns(run.sleep_ns);
	} while (!stopped());
	for (i = 0; i < m->nworkers; i++) {
		__atomic_store_n(&m->workers[i].quit, true, __ATOMIC_RELEASE);
		wake_worker(&m->workers[i]);
	}
	return NULL;
}

static void *side_job_thread(void *unused)
{
	bool set_up;

	(void)unused;
	/* set_sched_policy() says why it failed. */
	set_up = !set_sched_policy(0, run.side_policy);
	if (!start_line_wait(&run.start, set_up))
		return NULL;		/* main() exits */
	while (!stopped())
		;
	return NULL;
}

/* Every worker's samples in one array; frees the workers' arrays. */
static uint64_t *all_samples(struct worker *workers, size_t n, size_t *count)
{
	uint64_t *samples;
	size_t total = 0, i;

	for (i = 0; i < n; i++)
		total += workers[i].nsamples;
	samples = calloc_or_exit(total ? total : 1, sizeof(*samples));
	*count = 0;
	for (i = 0; i < n; i++) {
		memcpy(samples + *count, workers[i].samples,
		       workers[i].nsamples * sizeof(*samples));
		*count += workers[i].nsamples;
		free(workers[i].samples);
		workers[i].samples = NULL;
	}
	return samples;
}

static void print_results(uint64_t *samples, size_t n)
{
	uint64_t counts[LAT_LOG2_BUCKETS];
	struct lat_stats st;
	unsigned int buckets, b;

	lat_stats_compute(samples, n, &st);
	printf("# lat_count lat_min_us lat_max_us lat_mean_us lat_stddev_us "
	       "lat_p50_us lat_p90_us lat_p99_us lat_p99.9_us\n");
	printf("%llu %.3f %.3f %.3f %.3f %.3f %.3f %.3f %.3f\n",
	       (unsigned long long)st.count, st.min_ns / 1e3, st.max_ns / 1e3,
	       st.mean_ns / 1e3, st.stddev_ns / 1e3, st.p50_ns / 1e3,
	       st.p90_ns / 1e3, st.p99_ns / 1e3, st.p999_ns / 1e3);
	buckets = lat_log2_hist(samples, n, counts);
	printf("# lo_us hi_us count\n");
	for (b = 0; b < buckets; b++)
		printf("%llu %llu %llu\n",
		       (unsigned long long)lat_log2_bucket_lo_us(b),
		       (unsigned long long)lat_log2_bucket_hi_us(b),
		       (unsigned long long)counts[b]);
}

int main(int argc, char **argv)
{
	enum { OPT_THINK_US = 256, OPT_SLEEP_US, OPT_SIDE_JOB, OPT_SIDE_POLICY,
	       OPT_SLICE_US };
	static const struct option options[] = {
		{ "message-threads", required_argument, NULL, 'm' },
		{ "workers", required_argument, NULL, 'w' },
		{ "seconds", required_argument, NULL, 's' },
		{ "cpu", required_argument, NULL, 'c' },
		{ "think-us", required_argument, NULL, OPT_THINK_US },
		{ "sleep-us", required_argument, NULL, OPT_SLEEP_US },
		{ "side-job", required_argument, NULL, OPT_SIDE_JOB },
		{ "side-policy", required_argument, NULL, OPT_SIDE_POLICY },
		{ "slice-us", required_argument, NULL, OPT_SLICE_US },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned long nmessage = 1, nper = 2, nside = 0, nthreads, i;
	bool policy_given = false;
	struct message_thread *messages;
	pthread_t *side_jobs;
	struct worker *workers;
	double seconds = 5;
	uint64_t *samples;
	size_t nsamples;
	int cpu = -1, opt;

	workload_name = program_invocation_short_name;
	run.think_ns = 100 * 1000;
	run.sleep_ns = 1000 * 1000;
	run.side_policy = SCHED_IDLE;
	while ((opt = getopt_long(argc, argv, "m:w:s:c:h", options, NULL)) != -1) {
		switch (opt) {
		case 'm':
			nmessage = option_uint("--message-threads", optarg, 1,
					       MAX_MESSAGE_THREADS);
			break;
		case 'w':
			nper = option_uint("--workers", optarg, 1, MAX_WORKERS);
			break;
		case 's':
			seconds = option_positive_seconds("--seconds", optarg,
							  MAX_SECONDS);
			break;
		case OPT_THINK_US:
			run.think_ns = option_uint("--think-us", optarg, 0,
						   MAX_THINK_US) * 1000;
			break;
		case OPT_SLEEP_US:
			run.sleep_ns = option_uint("--sleep-us", optarg, 0,
						   MAX_SLEEP_US) * 1000;
			break;
		case OPT_SIDE_JOB:
			nside = option_uint("--side-job", optarg, 0, MAX_SIDE_JOBS);
			break;
		case OPT_SIDE_POLICY:
			run.side_policy = option_policy("--side-policy", optarg);
			policy_given = true;
			break;
		case OPT_SLICE_US:
			run.slice_ns = option_uint("--slice-us", optarg,
						   SCHED_SLICE_MIN_NS / 1000,
						   SCHED_SLICE_MAX_NS / 1000) * 1000;
			break;
		default:
			common_option(opt, optarg, &cpu, usage);
		}
	}
	no_arguments_left(argc, argv);
	if (policy_given && !nside)
		usage_error("--side-policy needs --side-job: without side jobs it "
			    "has nothing to apply to");
	nthreads = nmessage * (nper + 1) + nside;
	if (nthreads > MAX_THREADS)
		usage_error("%lu message threads with %lu workers each and %lu side "
			    "jobs are %lu threads, more than %d", nmessage, nper,
			    nside, nthreads, MAX_THREADS);
	if (cpu >= 0)
		pin_to_cpu(cpu);

	messages = calloc_or_exit(nmessage, sizeof(*messages));
	workers = calloc_or_exit(nmessage * nper, sizeof(*workers));
	side_jobs = calloc_or_exit(nside ? nside : 1, sizeof(*side_jobs));
	start_line_init(&run.start, nthreads);
	for (i = 0; i < nmessage * nper; i++) {
		workers[i].owner = &messages[i / nper];
		start_thread(&workers[i].thread, worker_thread, &workers[i]);
	}
	for (i = 0; i < nside; i++)
		start_thread(&side_jobs[i], side_job_thread, NULL);
	for (i = 0; i < nmessage; i++) {
		messages[i].workers = &workers[i * nper];
		messages[i].nworkers = nper;
		start_thread(&messages[i].thread, message_thread, &messages[i]);
	}
	start_line_wait_all(&run.start);
	sleep_ns((uint64_t)(seconds * 1e9));
	__atomic_store_n(&run.stop, true, __ATOMIC_RELAXED);
	for (i = 0; i < nmessage; i++)
		pthread_join(messages[i].thread, NULL);
	for (i = 0; i < nmessage * nper; i++)
		pthread_join(workers[i].thread, NULL);
	for (i = 0; i < nside; i++)
		pthread_join(side_jobs[i], NULL);

	samples = all_samples(workers, nmessage * nper, &nsamples);
	if (!nsamples) {
		fprintf(stderr, "%s: no wakeup was measured\n", workload_name);
		return 1;
	}
	print_results(samples, nsamples);
	free(samples);
	free(workers);
	free(messages);
	free(side_jobs);
	return 0;
}
