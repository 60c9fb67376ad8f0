// SPDX-License-Identifier: GPL-2.0
/*
 * oracle - check the module's counts of a set of threads against the
 * kernel's own accounting of the same threads.
 *
 * A child process runs worker threads, all pinned to one CPU: two bounce a
 * byte over pipes (voluntary switches, wakeups that preempt), the others spin
 * (involuntary switches, preempted waits).  The module's filter selects them
 * by pid, tgid, comm or cgroup.  With every measured thread asleep before and
 * after, the module's deltas must equal those of
 *   /proc/<pid>/task/<tid>/status     voluntary/nonvoluntary_ctxt_switches
 *   /proc/<pid>/task/<tid>/schedstat  third field (times switched in; from
 *                                     7.x a few arrivals short, see below)
 * and its summed waits must track schedstat's second field (run_delay).
 *
 * --filter none: every task of every CPU, against the kernel's totals in
 * /proc/schedstat (each CPU's run_delay and pcount, summed) instead, the
 * workers' run alone between the readings: the module's waits plus its
 * untracked switch-ins (the first wait of a task not seen since it was
 * enabled, which the kernel times) must make the kernel's pcount within
 * max(20, 0.5%), and its waits run from 98% of run_delay (those first
 * waits, and what runs between the readings) to run_delay plus the
 * tolerance below.
 *
 * Usage: oracle --filter pid|tgid|comm|cgroup|none [--seconds S] [--threads N]
 *               [--debugfs DIR] [--counts-only | --waits-at-most] [--signals]
 * --signals: the third thread, on another CPU, sends the partners SIGUSR1
 * without pause, so that some of their sleeps are called off by a signal
 * that came in while they were going to sleep (traced as TASK_RUNNING from
 * 6.16 on, counted in nvcsw all the same).
 * --waits-at-most: where per-task slots are shared on purpose, a measured
 * thread may lose some waits to another, so its summed waits may fall short
 * of run_delay; they are checked one way only: never longer than run_delay
 * allows (a wait taken with another task's start would be).
 * --counts-only prints the waits without checking them (CPU hotplug stalls
 * the guest between the two clocks).
 * Prints one line per comparison and exits 1 if any fails.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/kv_stats.h"
#include "lib/proc_task.h"

#define WORKER_COMM	"ss-oracle-w"
#define MAIN_COMM	"ss-oracle-main"
#define MAX_THREADS	64

/*
 * Latency tolerance.  The kernel's run_delay runs from its enqueue to its
 * arrival, both read from the runqueue clock; the module's waits run from the
 * tracepoint just after the enqueue to the sched_switch tracepoint, read with
 * local_clock().  The runqueue clock of the arrival was last updated at the
 * top of __schedule(), before the pick, so the module's wait comes out a
 * little longer per switch-in: +170..+240 ns under TCG on 6.12 (less with
 * KVM), and up to +3.3 us on 7.2 with the host busy, since that part of
 * __schedule() slows down with the guest.  It is a small part of one
 * switch (a pipe ping-pong's switch, with its syscalls and wakeup, costs
 * 12-28 us under TCG): allowed are 1% of the total plus, per switch-in, the
 * larger of 2 us and a quarter of what such a switch costs on CPU 0 right
 * after the run (switch_cost_ns()).
 */
#define LAT_TOL_PCT	1
#define LAT_TOL_PER_SWITCH_NS	2000
#define SWITCH_COST_ROUNDS	2000

struct params {
	const char *filter;
	const char *debugfs;
	int seconds;
	int threads;
	bool counts_only;	/* waits printed, not checked */
	bool waits_at_most;	/* waits checked one way: <= run_delay */
	bool signals;		/* the third thread signals the partners */
};

struct child_pipes {
	int ready[2];	/* workers -> parent: created, about to wait */
	int start[2];	/* parent -> workers: go */
	int done[2];	/* workers -> parent: work finished */
	int park[2];	/* never written: everyone sleeps here at the end */
};

static struct child_pipes pipes;
static int worker_seconds;
static int ping[2], pong[2];
static bool send_signals;
static pid_t partner_tid[2];

static int checks_failed, checks_passed;

static void die(const char *what)
{
	perror(what);
	exit(2);
}

static void pin_to_cpu0(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		die("sched_setaffinity");
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void wait_byte(int fd)
{
	char c;

	while (read(fd, &c, 1) != 1)
		if (errno != EINTR)
			die("read");
}

static void put_byte(int fd)
{
	if (write(fd, "x", 1) != 1)
		die("write");
}

static int cost_ping[2], cost_pong[2];

static void *cost_partner(void *arg)
{
	int i;

	(void)arg;
	pin_to_cpu0();
	for (i = 0; i < SWITCH_COST_ROUNDS; i++) {
		wait_byte(cost_ping[0]);
		put_byte(cost_pong[1]);
	}
	return NULL;
}

static void *cost_starter(void *arg)
{
	int i;

	pin_to_cpu0();
	for (i = 0; i < SWITCH_COST_ROUNDS; i++) {
		put_byte(cost_ping[1]);
		wait_byte(cost_pong[0]);
	}
	*(double *)arg = now_s();
	return NULL;
}

/*
 * What a context switch costs on CPU 0 now, in ns: two threads there hand
 * a byte back and forth through pipes; each round is two switches.
 */
static uint64_t switch_cost_ns(void)
{
	pthread_t a, b;
	double start, end = 0;

	if (pipe(cost_ping) || pipe(cost_pong))
		die("pipe");
	if (pthread_create(&b, NULL, cost_partner, NULL))
		die("pthread_create");
	start = now_s();
	if (pthread_create(&a, NULL, cost_starter, &end))
		die("pthread_create");
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	close(cost_ping[0]);
	close(cost_ping[1]);
	close(cost_pong[0]);
	close(cost_pong[1]);
	return (uint64_t)((end - start) * 1e9 / (2 * SWITCH_COST_ROUNDS));
}

static void on_signal(int sig)
{
	(void)sig;
}

/* The signaller runs on CPU 1 (if there is one), the workers on CPU 0. */
static void pin_signaller(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(sysconf(_SC_NPROCESSORS_ONLN) > 1 ? 1 : 0, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		die("sched_setaffinity");
}

/* Role 0 and 1: ping-pong partners; role 2 signals them (--signals); the others spin. */
static void *worker(void *arg)
{
	long role = (long)arg;
	bool signaller = send_signals && role == 2;
	double end;

	prctl(PR_SET_NAME, WORKER_COMM);
	if (role < 2)
		__atomic_store_n(&partner_tid[role], (pid_t)syscall(SYS_gettid),
				 __ATOMIC_RELEASE);
	if (signaller)
		pin_signaller();
	else
		pin_to_cpu0();
	put_byte(pipes.ready[1]);
	wait_byte(pipes.start[0]);

	end = now_s() + worker_seconds;
	if (role == 0) {
		while (now_s() < end) {
			put_byte(ping[1]);
			wait_byte(pong[0]);
		}
		/* tell the partner to stop: a zero-length marker */
		close(ping[1]);
	} else if (role == 1) {
		char c;

		while (read(ping[0], &c, 1) == 1)
			put_byte(pong[1]);
	} else if (signaller) {
		pid_t pid = getpid();

		while (now_s() < end)
			for (int i = 0; i < 2; i++)
				syscall(SYS_tgkill, pid,
					__atomic_load_n(&partner_tid[i], __ATOMIC_ACQUIRE),
					SIGUSR1);
	} else {
		volatile unsigned long spin = 0;

		while (now_s() < end)
			spin++;
	}
	put_byte(pipes.done[1]);
	wait_byte(pipes.park[0]);
	return NULL;
}

static void run_child(int threads)
{
	pthread_t tid[MAX_THREADS];
	long i;

	prctl(PR_SET_NAME, MAIN_COMM);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (pipe(ping) || pipe(pong))
		die("pipe");
	if (send_signals) {
		struct sigaction sa = { .sa_handler = on_signal, .sa_flags = SA_RESTART };

		sigemptyset(&sa.sa_mask);
		if (sigaction(SIGUSR1, &sa, NULL))
			die("sigaction");
	}
	for (i = 0; i < threads; i++)
		if (pthread_create(&tid[i], NULL, worker, (void *)i))
			die("pthread_create");
	wait_byte(pipes.park[0]);
	exit(0);
}

/* The thread ids of @pid, and whether each one is measured by @mode. */
static int list_threads(pid_t pid, const char *mode, pid_t *tids,
			bool *measured, pid_t *worker0)
{
	char path[64], comm_path[128], comm[32];
	struct dirent *d;
	DIR *dir;
	int n = 0;

	snprintf(path, sizeof(path), "/proc/%d/task", pid);
	dir = opendir(path);
	if (!dir)
		die(path);
	*worker0 = 0;
	while ((d = readdir(dir)) && n < MAX_THREADS + 1) {
		FILE *f;

		if (d->d_name[0] == '.')
			continue;
		tids[n] = atoi(d->d_name);
		snprintf(comm_path, sizeof(comm_path), "%s/%d/comm", path, tids[n]);
		f = fopen(comm_path, "r");
		if (!f || !fgets(comm, sizeof(comm), f))
			die(comm_path);
		fclose(f);
		comm[strcspn(comm, "\n")] = '\0';
		measured[n] = strcmp(mode, "comm") || !strcmp(comm, WORKER_COMM);
		/* the lowest worker tid is the first ping-pong partner */
		if (!strcmp(comm, WORKER_COMM) && (!*worker0 || tids[n] < *worker0))
			*worker0 = tids[n];
		n++;
	}
	closedir(dir);
	if (!strcmp(mode, "pid"))
		for (int i = 0; i < n; i++)
			measured[i] = tids[i] == *worker0;
	return n;
}

static void sum_threads(pid_t pid, const pid_t *tids, const bool *measured,
			int n, struct proc_task *sum)
{
	char err[256];

	memset(sum, 0, sizeof(*sum));
	for (int i = 0; i < n; i++) {
		struct proc_task t;

		if (!measured[i])
			continue;
		if (proc_task_read(NULL, pid, tids[i], &t, err, sizeof(err))) {
			fprintf(stderr, "oracle: %s\n", err);
			exit(2);
		}
		sum->switches_voluntary += t.switches_voluntary;
		sum->switches_involuntary += t.switches_involuntary;
		sum->wait_ns += t.wait_ns;
		sum->timeslices += t.timeslices;
	}
}

/*
 * Is every measured thread asleep (state S in /proc/PID/task/TID/stat)?  A
 * thread still queued behind a busy CPU has counters that stand still too.
 */
static bool all_sleeping(pid_t pid, const pid_t *tids, const bool *measured,
			 int n)
{
	for (int i = 0; i < n; i++) {
		char path[128], line[512], *paren;
		FILE *f;
		bool ok;

		if (!measured[i])
			continue;
		snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", pid, tids[i]);
		f = fopen(path, "r");
		if (!f)
			return false;
		ok = fgets(line, sizeof(line), f) != NULL;
		fclose(f);
		paren = ok ? strrchr(line, ')') : NULL;
		if (!paren || paren[1] != ' ' || paren[2] != 'S')
			return false;
	}
	return true;
}

/* Waits until the measured threads' counters stop moving: all asleep. */
static void wait_quiet(pid_t pid, const pid_t *tids, const bool *measured,
		       int n, struct proc_task *out)
{
	struct proc_task prev = { 0 };
	int stable = 0;

	for (int tries = 0; tries < 500 && stable < 3; tries++) {
		sum_threads(pid, tids, measured, n, out);
		if (!memcmp(out, &prev, sizeof(prev)) &&
		    all_sleeping(pid, tids, measured, n))
			stable++;
		else
			stable = 0;
		prev = *out;
		usleep(20000);
	}
	if (stable < 3) {
		fprintf(stderr, "oracle: threads did not settle\n");
		exit(2);
	}
}

static void write_file(const char *dir, const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f)) {
		fprintf(stderr, "oracle: writing '%s' to %s: %s\n", text, path,
			strerror(errno));
		exit(2);
	}
}

static void read_stats(const char *dir, struct kv_stats *st)
{
	char path[512], err[256];

	snprintf(path, sizeof(path), "%s/stats", dir);
	if (kv_stats_parse_file(st, path, err, sizeof(err))) {
		fprintf(stderr, "oracle: %s\n", err);
		exit(2);
	}
}

static uint64_t stat_delta(const struct kv_stats *after,
			   const struct kv_stats *before, const char *key)
{
	uint64_t a, b;

	if (kv_stats_get(after, key, &a) || kv_stats_get(before, key, &b)) {
		fprintf(stderr, "oracle: stats has no key %s\n", key);
		exit(2);
	}
	return a - b;
}

static void check_equal(const char *what, uint64_t kernel, uint64_t module,
			const char *filter, const char *release)
{
	bool ok = kernel == module;

	printf("%-4s [%s] filter %-22s %-22s kernel %10llu module %10llu\n",
	       ok ? "ok" : "FAIL", release, filter, what,
	       (unsigned long long)kernel, (unsigned long long)module);
	ok ? checks_passed++ : checks_failed++;
}

static void check_timeslices(uint64_t kernel, uint64_t module,
			     const char *filter, const char *release)
{
	bool ok = kernel <= module && (module - kernel) * 1000 <= module;

	printf("%-4s [%s] filter %-22s %-22s kernel %10llu module %10llu (%s)\n",
	       ok ? "ok" : "FAIL", release, filter, "switch_ins (schedstat)",
	       (unsigned long long)kernel, (unsigned long long)module,
	       kernel == module ? "equal" : "kernel short by at most 1 in 1000");
	ok ? checks_passed++ : checks_failed++;
}

/*
 * WAITS_AT_MOST: shared slots (--waits-at-most); WAITS_ALL_TASKS: every
 * task (--filter none), from 98% of run_delay up
 */
enum waits_check { WAITS_EQUAL, WAITS_AT_MOST, WAITS_ALL_TASKS, WAITS_UNCHECKED };

static void check_latency(uint64_t kernel, uint64_t module, uint64_t switch_ins,
			  const char *filter, const char *release,
			  enum waits_check how)
{
	int64_t diff = (int64_t)(module - kernel);
	bool both_ways = how == WAITS_EQUAL;
	uint64_t cost, per_switch, tol;
	bool ok;

	if (how == WAITS_UNCHECKED) {
		printf("     [%s] filter %-22s %-22s kernel %10llu module %10llu ns (not checked)\n",
		       release, filter, "run_delay vs waits",
		       (unsigned long long)kernel, (unsigned long long)module);
		return;
	}
	cost = switch_cost_ns();
	per_switch = cost / 4 > LAT_TOL_PER_SWITCH_NS ? cost / 4 :
		     LAT_TOL_PER_SWITCH_NS;
	tol = kernel * LAT_TOL_PCT / 100 + switch_ins * per_switch;
	ok = both_ways ? (uint64_t)llabs(diff) <= tol : diff <= (int64_t)tol;
	if (how == WAITS_ALL_TASKS)
		ok = ok && module * 100 >= kernel * 98;

	printf("%-4s [%s] filter %-22s %-22s kernel %10llu module %10llu ns "
	       "(diff %+lld ns = %+.3f%%, %+.0f ns per switch-in; a switch costs %llu ns; tolerance %llu ns%s)\n",
	       ok ? "ok" : "FAIL", release, filter,
	       both_ways ? "run_delay vs waits" : how == WAITS_ALL_TASKS ?
	       "waits >= 98% run_delay" : "waits <= run_delay",
	       (unsigned long long)kernel, (unsigned long long)module,
	       (long long)diff, kernel ? 100.0 * diff / kernel : 0.0,
	       switch_ins ? (double)diff / switch_ins : 0.0,
	       (unsigned long long)cost, (unsigned long long)tol,
	       how == WAITS_AT_MOST ?
	       "; shared slots: waits may be lost, never longer" : "");
	ok ? checks_passed++ : checks_failed++;
}

/* Every CPU's run_delay and pcount in /proc/schedstat, summed. */
static void schedstat_sums(uint64_t *run_delay, uint64_t *pcount)
{
	char line[512];
	FILE *f = fopen("/proc/schedstat", "r");

	if (!f)
		die("/proc/schedstat");
	*run_delay = *pcount = 0;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long v[9];

		/* cpuN yld_count 0 sched_count sched_goidle ttwu_count
		 * ttwu_local rq_cpu_time run_delay pcount
		 */
		if (strncmp(line, "cpu", 3) || line[3] < '0' || line[3] > '9')
			continue;
		if (sscanf(line, "%*s %llu %llu %llu %llu %llu %llu %llu %llu %llu",
			   &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6],
			   &v[7], &v[8]) != 9) {
			fprintf(stderr, "oracle: /proc/schedstat: a cpu line without 9 fields: %s",
				line);
			exit(2);
		}
		*run_delay += v[7];
		*pcount += v[8];
	}
	fclose(f);
}

/* The module's waits of every kind: their count and their sum. */
static void module_waits(const struct kv_stats *after,
			 const struct kv_stats *before, uint64_t *count,
			 uint64_t *sum_ns)
{
	static const char * const kinds[] = { "wakeup", "preempt", "new",
					      "throttled" };
	char key[64];

	*count = *sum_ns = 0;
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		snprintf(key, sizeof(key), "%s_lat_count", kinds[i]);
		*count += stat_delta(after, before, key);
		snprintf(key, sizeof(key), "%s_lat_sum_ns", kinds[i]);
		*sum_ns += stat_delta(after, before, key);
	}
}

static void check_all_tasks(uint64_t kernel_delay, uint64_t kernel_pcount,
			    const struct kv_stats *after,
			    const struct kv_stats *before, const char *release)
{
	uint64_t waits, sum_ns, untracked, slack, diff;
	bool ok;

	module_waits(after, before, &waits, &sum_ns);
	untracked = stat_delta(after, before, "untracked_switch_ins");
	slack = kernel_pcount / 200 > 20 ? kernel_pcount / 200 : 20;
	diff = waits + untracked > kernel_pcount ?
	       waits + untracked - kernel_pcount : kernel_pcount - waits - untracked;
	ok = kernel_pcount > 10000 && diff <= slack;
	printf("%-4s [%s] filter %-22s %-22s kernel %10llu module %10llu (%llu waits + %llu untracked; within %llu)\n",
	       ok ? "ok" : "FAIL", release, "none", "arrivals (pcount)",
	       (unsigned long long)kernel_pcount,
	       (unsigned long long)(waits + untracked),
	       (unsigned long long)waits, (unsigned long long)untracked,
	       (unsigned long long)slack);
	ok ? checks_passed++ : checks_failed++;
	check_latency(kernel_delay, sum_ns, kernel_pcount, "none", release,
		      WAITS_ALL_TASKS);
}

static void usage(int status)
{
	fprintf(status ? stderr : stdout,
		"usage: oracle --filter pid|tgid|comm|cgroup|none [--seconds S] [--threads N]\n"
		"              [--debugfs DIR] [--counts-only | --waits-at-most] [--signals]\n");
	exit(status);
}

static void parse_args(int argc, char **argv, struct params *p)
{
	static const struct option opts[] = {
		{ "filter", required_argument, NULL, 'f' },
		{ "seconds", required_argument, NULL, 's' },
		{ "threads", required_argument, NULL, 't' },
		{ "debugfs", required_argument, NULL, 'd' },
		{ "counts-only", no_argument, NULL, 'c' },
		{ "waits-at-most", no_argument, NULL, 'w' },
		{ "signals", no_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	int c;

	p->debugfs = "/sys/kernel/debug/schedscope";
	p->seconds = 2;
	p->threads = 4;
	while ((c = getopt_long(argc, argv, "f:s:t:d:cwh", opts, NULL)) != -1) {
		switch (c) {
		case 'f':
			p->filter = optarg;
			break;
		case 's':
			p->seconds = atoi(optarg);
			break;
		case 't':
			p->threads = atoi(optarg);
			break;
		case 'd':
			p->debugfs = optarg;
			break;
		case 'w':
			p->waits_at_most = true;
			break;
		case 'c':
			p->counts_only = true;
			break;
		case 'S':
			p->signals = true;
			break;
		case 'h':
			usage(0);
			break;
		default:
			usage(2);
		}
	}
	if (!p->filter || optind != argc || p->seconds < 1 || p->seconds > 600 ||
	    p->threads < (p->signals ? 3 : 2) || p->threads > MAX_THREADS ||
	    (strcmp(p->filter, "pid") && strcmp(p->filter, "tgid") &&
	     strcmp(p->filter, "comm") && strcmp(p->filter, "cgroup") &&
	     strcmp(p->filter, "none")) ||
	    (!strcmp(p->filter, "none") && (p->counts_only || p->waits_at_most)))
		usage(2);
}

int main(int argc, char **argv)
{
	struct proc_task before, after;
	struct kv_stats st_before, st_after;
	pid_t tids[MAX_THREADS + 1], worker0, child;
	bool measured[MAX_THREADS + 1];
	char filter[256], cgroup[128] = "";
	struct params p = { 0 };
	struct utsname uts;
	uint64_t delay_before, delay_after, pcount_before, pcount_after;
	uint64_t waits, waits_ns;
	int n, i;

	parse_args(argc, argv, &p);
	uname(&uts);
	worker_seconds = p.seconds;
	send_signals = p.signals;
	if (pipe(pipes.ready) || pipe(pipes.start) || pipe(pipes.done) ||
	    pipe(pipes.park))
		die("pipe");

	/*
	 * Every task: measuring from before the workers start, and for half
	 * a second before the reset, so that the module has seen most tasks
	 * go to sleep (a first wait it has not seen start is untracked)
	 */
	if (!strcmp(p.filter, "none")) {
		write_file(p.debugfs, "filter", "none");
		write_file(p.debugfs, "enable", "1");
	}
	child = fork();
	if (child < 0)
		die("fork");
	if (!child)
		run_child(p.threads);

	if (!strcmp(p.filter, "cgroup")) {
		char pidtext[16];

		snprintf(cgroup, sizeof(cgroup), "/sys/fs/cgroup/ss-oracle-%d",
			 getpid());
		if (mkdir(cgroup, 0755))
			die(cgroup);
		snprintf(pidtext, sizeof(pidtext), "%d", child);
		write_file(cgroup, "cgroup.procs", pidtext);
	}
	for (i = 0; i < p.threads; i++)
		wait_byte(pipes.ready[0]);

	n = list_threads(child, p.filter, tids, measured, &worker0);
	if (!strcmp(p.filter, "pid"))
		snprintf(filter, sizeof(filter), "pid=%d", worker0);
	else if (!strcmp(p.filter, "tgid"))
		snprintf(filter, sizeof(filter), "tgid=%d", child);
	else if (!strcmp(p.filter, "comm"))
		snprintf(filter, sizeof(filter), "comm=%s", WORKER_COMM);
	else if (!strcmp(p.filter, "cgroup"))
		snprintf(filter, sizeof(filter), "cgroup=%s", cgroup);
	else
		snprintf(filter, sizeof(filter), "none");

	write_file(p.debugfs, "filter", filter);
	write_file(p.debugfs, "enable", "1");
	if (!strcmp(p.filter, "none"))
		usleep(500000);
	write_file(p.debugfs, "reset", "1");
	wait_quiet(child, tids, measured, n, &before);
	read_stats(p.debugfs, &st_before);
	schedstat_sums(&delay_before, &pcount_before);

	for (i = 0; i < p.threads; i++)
		put_byte(pipes.start[1]);
	for (i = 0; i < p.threads; i++)
		wait_byte(pipes.done[0]);

	wait_quiet(child, tids, measured, n, &after);
	read_stats(p.debugfs, &st_after);
	schedstat_sums(&delay_after, &pcount_after);
	if (!strcmp(p.filter, "none")) {
		check_all_tasks(delay_after - delay_before,
				pcount_after - pcount_before, &st_after,
				&st_before, uts.release);
		goto out;
	}

	check_equal("switches_voluntary",
		    after.switches_voluntary - before.switches_voluntary,
		    stat_delta(&st_after, &st_before, "switches_voluntary"),
		    filter, uts.release);
	check_equal("switches_involuntary",
		    after.switches_involuntary - before.switches_involuntary,
		    stat_delta(&st_after, &st_before, "switches_involuntary"),
		    filter, uts.release);
	/*
	 * Asleep at both ends, every switch-in was followed by a switch-out:
	 * the kernel's nvcsw + nivcsw count the switch-ins exactly.
	 * schedstat's pcount is the kernel's own count of them, but from 7.x
	 * on sched_info_arrive() skips an arrival without a queued stamp (a
	 * few in 10^4 under pid churn): never more than the module's, and
	 * short of it by at most 1 in 1000.
	 */
	check_equal("switch_ins (nvcsw + nivcsw)",
		    after.switches_voluntary + after.switches_involuntary -
		    before.switches_voluntary - before.switches_involuntary,
		    stat_delta(&st_after, &st_before, "switch_ins"),
		    filter, uts.release);
	check_timeslices(after.timeslices - before.timeslices,
			 stat_delta(&st_after, &st_before, "switch_ins"),
			 filter, uts.release);
	module_waits(&st_after, &st_before, &waits, &waits_ns);
	check_latency(after.wait_ns - before.wait_ns, waits_ns,
		      after.timeslices - before.timeslices, filter, uts.release,
		      p.counts_only ? WAITS_UNCHECKED : p.waits_at_most ?
		      WAITS_AT_MOST : WAITS_EQUAL);
	printf("     [%s] filter %-22s wakeups %llu, wakeup displacements %llu, untracked switch-ins %llu, voluntary traced as running %llu\n",
	       uts.release, filter,
	       (unsigned long long)stat_delta(&st_after, &st_before, "wakeups"),
	       (unsigned long long)stat_delta(&st_after, &st_before,
					      "wakeup_displacements"),
	       (unsigned long long)stat_delta(&st_after, &st_before,
					      "untracked_switch_ins"),
	       (unsigned long long)stat_delta(&st_after, &st_before,
					      "switches_voluntary_running"));
out:
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	write_file(p.debugfs, "filter", "none");
	if (cgroup[0] && rmdir(cgroup))
		perror(cgroup);
	kv_stats_free(&st_before);
	kv_stats_free(&st_after);
	return checks_failed ? 1 : 0;
}
