// SPDX-License-Identifier: GPL-2.0
/*
 * spinners: threads that burn CPU, alone or in a spin/sleep duty cycle.
 *
 * Pinned to one CPU (--cpu), N spinning threads can only take turns by being
 * preempted: their switches are involuntary, and each thread's CPU share
 * shows how fairly the scheduler splits the CPU. With --sleep-us each thread
 * spins --spin-us of wall-clock time, then sleeps, adding voluntary switches
 * and wakeups to the mix.
 *
 * With a COMMAND after "--" the threads are a side job beside it: they spin
 * (at --policy, e.g. SCHED_IDLE) from just before COMMAND starts until it
 * exits, and spinners exits with COMMAND's status. COMMAND keeps spinners'
 * own policy, CPUs and signals, and its output goes where spinners' goes,
 * before spinners' tables.
 *
 * Output, after the run (SIGINT or SIGTERM ends a run early, or one without
 * an end, and still prints):
 *   # seconds
 *   5.000123
 *   # thread tid cpu_seconds cpu_share wait_seconds switches_voluntary switches_involuntary
 *   0 4242 2.500000 0.5000 2.499000 0 1250
 * cpu_share is the thread's CPU time over the elapsed seconds (1.0 is one
 * whole CPU); wait_seconds is its time runnable but waiting (schedstat).
 * All counted from the thread's start of spinning to its end.
 */
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/proc_task.h"
#include "workload.h"

#define MAX_THREADS	4096
#define MAX_SECONDS	86400.0
#define MAX_US		10000000

struct spinner {
	pthread_t thread;
	unsigned int index;
	pid_t tid;
	unsigned long spin_us, sleep_us;
	int policy;			/* -1: as spinners' */
	atomic_bool *stop;
	struct start_line *start;
	struct thread_counters counters;
	double cpu_seconds;
};

static void usage(void)
{
	printf("Usage: %s [-n THREADS] [-s SECONDS] [-c CPU] [--sleep-us US [--spin-us US]]\n"
	       "       [--policy POLICY] [-- COMMAND [ARGS...]]\n"
	       "\n"
	       "Threads spin for SECONDS (0: until SIGINT or SIGTERM), then print\n"
	       "each one's CPU time, CPU share, run-queue wait and context switches.\n"
	       "With a COMMAND they spin while it runs instead, a side job beside it,\n"
	       "and spinners exits with its exit status (128 + signal if one ended\n"
	       "it); SIGINT and SIGTERM are passed on to it.\n"
	       "\n"
	       "  -n, --threads THREADS  spinning threads, 1..%d (default 2)\n"
	       "  -s, --seconds SECONDS  run time, may be fractional (default 5)\n"
	       "  -c, --cpu CPU          run every thread on CPU\n"
	       "      --sleep-us US      sleep US microseconds after each spin\n"
	       "      --spin-us US       with --sleep-us: spin US microseconds of\n"
	       "                         wall-clock time between sleeps (default 1000)\n"
	       "      --policy POLICY    the threads' policy: idle, batch or normal\n"
	       "                         (default: spinners' own)\n"
	       "  -h, --help             this text\n"
	       "\n"
	       "Output:\n"
	       "  # seconds\n"
	       "  5.000123\n"
	       "  # thread tid cpu_seconds cpu_share wait_seconds switches_voluntary"
	       " switches_involuntary\n"
	       "  0 4242 2.500000 0.5000 2.499000 0 1250\n",
	       workload_name, MAX_THREADS);
}

static double thread_cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void sleep_us(unsigned long us)
{
	struct timespec ts = { us / 1000000, us % 1000000 * 1000 };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static bool stopped(struct spinner *s)
{
	return atomic_load_explicit(s->stop, memory_order_relaxed);
}

static void *spinner_thread(void *arg)
{
	struct spinner *s = arg;
	double cpu_start;

	s->tid = gettid();
	/* set_sched_policy() says why it failed; main() exits then. */
	if (!start_line_wait(s->start, s->policy < 0 ||
			     !set_sched_policy(0, s->policy)))
		return NULL;
	if (read_counters_before(&s->counters))
		return NULL;
	cpu_start = thread_cpu_seconds();
	while (!stopped(s)) {
		double until;

		if (!s->sleep_us)
			continue;
		until = now_seconds() + s->spin_us / 1e6;
		while (now_seconds() < until && !stopped(s))
			;
		sleep_us(s->sleep_us);
	}
	s->cpu_seconds = thread_cpu_seconds() - cpu_start;
	read_counters_after(&s->counters);
	return NULL;
}

/* Sleep until the run time is over or SIGINT/SIGTERM comes, both blocked. */
static void wait_for_end(const sigset_t *signals, double seconds)
{
	struct timespec timeout = {
		.tv_sec = (time_t)seconds,
		.tv_nsec = (long)((seconds - (time_t)seconds) * 1e9),
	};
	double end = now_seconds() + seconds;
	int ret;

	for (;;) {
		ret = seconds > 0 ? sigtimedwait(signals, NULL, &timeout) :
				    sigwaitinfo(signals, NULL);
		if (ret >= 0 || errno == EAGAIN)
			return;
		/* EINTR from some other signal: wait for the rest. */
		if (seconds > 0) {
			double left = end - now_seconds();

			if (left <= 0)
				return;
			timeout.tv_sec = (time_t)left;
			timeout.tv_nsec = (long)((left - (time_t)left) * 1e9);
		}
	}
}

/*
 * COMMAND forked, held until spinners write to *go (the threads spin by
 * then): it keeps spinners' policy, CPUs and signal mask as found.
 */
static pid_t fork_command(char **argv, int *go)
{
	int fds[2];
	pid_t pid;
	char c;

	if (pipe(fds)) {
		perror(workload_name);
		exit(1);
	}
	pid = fork();
	if (pid < 0) {
		perror(workload_name);
		exit(1);
	}
	if (!pid) {
		close(fds[1]);
		if (read(fds[0], &c, 1) != 1)
			_exit(1);	/* spinners failed: said why */
		execvp(argv[0], argv);
		fprintf(stderr, "%s: cannot run %s: %s\n", workload_name, argv[0],
			strerror(errno));
		_exit(127);
	}
	close(fds[0]);
	*go = fds[1];
	return pid;
}

/*
 * Wait for the command's exit, passing SIGINT and SIGTERM on (SIGCHLD too
 * is blocked). Returns its exit status, 128 + signal if one ended it.
 */
static int wait_for_command(const sigset_t *signals, pid_t pid)
{
	siginfo_t si;
	int status;

	for (;;) {
		if (sigwaitinfo(signals, &si) < 0)
			continue;	/* EINTR */
		if (si.si_signo != SIGCHLD) {
			kill(pid, si.si_signo);
			continue;
		}
		if (waitpid(pid, &status, WNOHANG) == pid)
			break;
	}
	return WIFSIGNALED(status) ? 128 + WTERMSIG(status) :
	       WEXITSTATUS(status);
}

int main(int argc, char **argv)
{
	enum { OPT_SLEEP_US = 256, OPT_SPIN_US, OPT_POLICY };
	static const struct option options[] = {
		{ "threads", required_argument, NULL, 'n' },
		{ "seconds", required_argument, NULL, 's' },
		{ "cpu", required_argument, NULL, 'c' },
		{ "sleep-us", required_argument, NULL, OPT_SLEEP_US },
		{ "spin-us", required_argument, NULL, OPT_SPIN_US },
		{ "policy", required_argument, NULL, OPT_POLICY },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned long nthreads = 2, spin = 1000, sleep = 0, i;
	bool spin_given = false, seconds_given = false;
	double seconds = 5, begin, elapsed;
	struct spinner *spinners;
	struct start_line start;
	atomic_bool stop = false;
	sigset_t signals;
	int cpu = -1, opt, failed = 0, policy = -1, go = -1, status = 0;
	pid_t command = 0;

	workload_name = program_invocation_short_name;
	while ((opt = getopt_long(argc, argv, "n:s:c:h", options, NULL)) != -1) {
		switch (opt) {
		case 'n':
			nthreads = option_uint("--threads", optarg, 1, MAX_THREADS);
			break;
		case 's':
			seconds = option_seconds("--seconds", optarg, MAX_SECONDS);
			seconds_given = true;
			break;
		case OPT_POLICY:
			policy = option_policy("--policy", optarg);
			break;
		case OPT_SLEEP_US:
			sleep = option_uint("--sleep-us", optarg, 1, MAX_US);
			break;
		case OPT_SPIN_US:
			spin = option_uint("--spin-us", optarg, 1, MAX_US);
			spin_given = true;
			break;
		default:
			common_option(opt, optarg, &cpu, usage);
		}
	}
	/* getopt() stops after "--": what follows is the command. */
	if (optind > 1 && !strcmp(argv[optind - 1], "--") && optind < argc) {
		if (seconds_given)
			usage_error("--seconds and a COMMAND: the threads spin "
				    "while COMMAND runs");
		command = fork_command(argv + optind, &go);
	} else {
		no_arguments_left(argc, argv);
	}
	if (spin_given && !sleep)
		usage_error("--spin-us needs --sleep-us: without sleeps the "
			    "threads spin all the time");
	if (cpu >= 0)
		pin_to_cpu(cpu);

	/* Threads inherit the mask: only sigtimedwait() in main sees these. */
	sigemptyset(&signals);
	sigaddset(&signals, SIGINT);
	sigaddset(&signals, SIGTERM);
	if (command)
		sigaddset(&signals, SIGCHLD);
	pthread_sigmask(SIG_BLOCK, &signals, NULL);

	spinners = calloc_or_exit(nthreads, sizeof(*spinners));
	start_line_init(&start, nthreads);
	for (i = 0; i < nthreads; i++) {
		spinners[i].index = i;
		spinners[i].spin_us = spin;
		spinners[i].sleep_us = sleep;
		spinners[i].policy = policy;
		spinners[i].stop = &stop;
		spinners[i].start = &start;
		start_thread(&spinners[i].thread, spinner_thread, &spinners[i]);
	}
	start_line_wait_all(&start);
	begin = now_seconds();
	if (command) {
		if (write(go, "g", 1) != 1) {
			perror(workload_name);
			kill(command, SIGKILL);
		}
		close(go);
		status = wait_for_command(&signals, command);
	} else {
		wait_for_end(&signals, seconds);
	}
	atomic_store(&stop, true);
	elapsed = now_seconds() - begin;
	for (i = 0; i < nthreads; i++)
		pthread_join(spinners[i].thread, NULL);

	printf("# seconds\n%.6f\n", elapsed);
	printf("# thread tid cpu_seconds cpu_share wait_seconds "
	       "switches_voluntary switches_involuntary\n");
	for (i = 0; i < nthreads; i++) {
		struct spinner *s = &spinners[i];
		struct proc_task delta;

		if (thread_failed(&s->counters, i)) {
			failed = 1;
			continue;
		}
		proc_task_delta(&s->counters.after, &s->counters.before, &delta);
		printf("%u %d %.6f %.4f %.6f %llu %llu\n", s->index, (int)s->tid,
		       s->cpu_seconds, elapsed > 0 ? s->cpu_seconds / elapsed : 0,
		       delta.wait_ns / 1e9,
		       (unsigned long long)delta.switches_voluntary,
		       (unsigned long long)delta.switches_involuntary);
	}
	free(spinners);
	return status ? status : failed;
}
