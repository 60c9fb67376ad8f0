// SPDX-License-Identifier: GPL-2.0
/*
 * messaging: groups of senders and receivers pass 100-byte messages, as
 * hackbench and `perf bench sched messaging` do.
 *
 * Each of GROUPS groups has FDS receivers and FDS senders. Every receiver
 * reads from its own AF_UNIX stream socketpair (a pipe with --pipe); every
 * sender writes LOOPS messages to each receiver of its group, so a receiver
 * gets FDS * LOOPS messages. The tasks are processes (hackbench's default)
 * or, with --threads, threads of this process. Many tasks that block on and
 * wake one another: a test of wakeup placement and wakeup preemption.
 *
 * Every task writes a byte to a "ready" pipe, then polls a "go" pipe; once
 * all are ready the clock starts and one byte on "go" starts them all. The
 * clock stops when the last receiver has written to a "done" pipe that it
 * got all of its messages.
 *
 * Output, after the run:
 *   # seconds groups fds loops messages
 *   <elapsed> <GROUPS> <FDS> <LOOPS> <GROUPS * FDS * FDS * LOOPS>
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "workload.h"

#define MESSAGE_SIZE	100
#define MAX_GROUPS	10000
#define MAX_FDS		1000
#define MAX_TASKS	32768
/* How often the parent looks for child processes that died, in ms. */
#define CHILD_CHECK_MS	100

/* What every task shares; set up before the tasks start. */
struct messaging {
	unsigned int groups, fds;
	unsigned long loops;
	bool pipes, threads;
	int *receive_fds;	/* [group * fds + i]: receiver i of group reads it */
	int *send_fds;		/* [group * fds + i]: the group's senders write it */
	int ready[2];		/* each task writes a byte when it is ready */
	int go[2];		/* one byte written here starts them all */
	int done[2];		/* each receiver writes a byte when it got all */
};

struct messaging_task {
	const struct messaging *m;
	unsigned int group, index;
	bool receives;
	pthread_t thread;
	pid_t pid;		/* a child process not reaped yet, else 0 */
};

static void usage(void)
{
	printf("Usage: %s [-g GROUPS] [-f FDS] [-l LOOPS] [-p] [-t] [-c CPU]\n"
	       "\n"
	       "GROUPS groups of FDS senders and FDS receivers; each sender sends\n"
	       "LOOPS messages of %d bytes to each receiver of its group, as\n"
	       "hackbench does. Prints the seconds from the start until every\n"
	       "receiver got all of its messages.\n"
	       "\n"
	       "  -g, --groups GROUPS  groups, 1..%d (default 10)\n"
	       "  -f, --fds FDS        senders and receivers per group, 1..%d\n"
	       "                       (default 20)\n"
	       "  -l, --loops LOOPS    messages from each sender to each receiver\n"
	       "                       (default 100)\n"
	       "  -p, --pipe           pipes instead of AF_UNIX socketpairs\n"
	       "  -t, --threads        threads instead of processes\n"
	       "  -c, --cpu CPU        run every task on CPU\n"
	       "  -h, --help           this text\n"
	       "\n"
	       "At most %d tasks (2 * GROUPS * FDS); every receiver takes two file\n"
	       "descriptors (ulimit -n).\n"
	       "\n"
	       "Output:\n"
	       "  # seconds groups fds loops messages\n"
	       "  0.123456 10 20 100 400000\n",
	       workload_name, MESSAGE_SIZE, MAX_GROUPS, MAX_FDS, MAX_TASKS);
}

static void __attribute__((noreturn)) fail(const char *what, int err)
{
	fprintf(stderr, "%s: %s: %s\n", workload_name, what, strerror(err));
	exit(1);
}

/* A failed task ends the run: the tasks it talks to would wait forever. */
static void __attribute__((noreturn)) task_failed(const struct messaging_task *t,
						  const char *what, int err)
{
	fprintf(stderr, "%s: group %u %s %u: %s: %s\n", workload_name, t->group,
		t->receives ? "receiver" : "sender", t->index, what, strerror(err));
	if (t->m->threads)
		exit(1);
	_exit(1);
}

static void write_byte(const struct messaging_task *t, int fd, const char *what)
{
	char byte = 'x';
	ssize_t n;

	do
		n = write(fd, &byte, 1);
	while (n < 0 && errno == EINTR);
	if (n != 1)
		task_failed(t, what, n < 0 ? errno : EPIPE);
}

/* Say ready, then wait until the go pipe is readable (nobody reads it). */
static void wait_for_start(const struct messaging_task *t)
{
	struct pollfd go = { .fd = t->m->go[0], .events = POLLIN };

	write_byte(t, t->m->ready[1], "write to the ready pipe");
	while (poll(&go, 1, -1) < 0)
		if (errno != EINTR)
			task_failed(t, "poll", errno);
}

static void send_all(const struct messaging_task *t)
{
	const struct messaging *m = t->m;
	const int *fds = m->send_fds + (size_t)t->group * m->fds;
	char message[MESSAGE_SIZE];
	unsigned long loop;
	unsigned int i;

	memset(message, 'm', sizeof(message));
	for (loop = 0; loop < m->loops; loop++) {
		for (i = 0; i < m->fds; i++) {
			size_t sent = 0;

			while (sent < sizeof(message)) {
				ssize_t n = write(fds[i], message + sent,
						  sizeof(message) - sent);

				if (n < 0 && errno == EINTR)
					continue;
				if (n <= 0)
					task_failed(t, "write", n < 0 ? errno : EPIPE);
				sent += n;
			}
		}
	}
}

static void receive_all(const struct messaging_task *t)
{
	const struct messaging *m = t->m;
	int fd = m->receive_fds[(size_t)t->group * m->fds + t->index];
	unsigned long messages = m->loops * m->fds, i;
	char message[MESSAGE_SIZE];

	/* One message per read() as far as the stream allows, as hackbench. */
	for (i = 0; i < messages; i++) {
		size_t got = 0;

		while (got < sizeof(message)) {
			ssize_t n = read(fd, message + got, sizeof(message) - got);

			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0)
				task_failed(t, "read", n < 0 ? errno : EPIPE);
			got += n;
		}
	}
	write_byte(t, m->done[1], "write to the done pipe");
}

static void *messaging_task(void *arg)
{
	const struct messaging_task *t = arg;

	wait_for_start(t);
	if (t->receives)
		receive_all(t);
	else
		send_all(t);
	return NULL;
}

static void make_pipe(int fds[2], const char *what)
{
	if (pipe2(fds, O_CLOEXEC))
		fail(what, errno);
}

static void make_channels(struct messaging *m)
{
	size_t n = (size_t)m->groups * m->fds, i;

	m->receive_fds = calloc_or_exit(n, sizeof(int));
	m->send_fds = calloc_or_exit(n, sizeof(int));
	for (i = 0; i < n; i++) {
		int fds[2], ret;

		ret = m->pipes ? pipe2(fds, O_CLOEXEC) :
				 socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds);
		if (ret && (errno == EMFILE || errno == ENFILE)) {
			fprintf(stderr, "%s: %s: %s: %zu receivers need %zu file "
				"descriptors (ulimit -n)\n", workload_name,
				m->pipes ? "pipe" : "socketpair", strerror(errno),
				n, 2 * n);
			exit(1);
		}
		if (ret)
			fail(m->pipes ? "pipe" : "socketpair", errno);
		m->receive_fds[i] = fds[0];
		m->send_fds[i] = fds[1];
	}
}

static void kill_children(struct messaging_task *tasks, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!tasks[i].pid)
			continue;
		kill(tasks[i].pid, SIGKILL);
		waitpid(tasks[i].pid, NULL, 0);
		tasks[i].pid = 0;
	}
}

/*
 * Reap child pid with its wait status; false (after saying why) if it did
 * not exit with 0. A child that failed has already said why.
 */
static bool reaped(struct messaging_task *tasks, size_t n, pid_t pid, int status)
{
	struct messaging_task *t = NULL;
	size_t i;

	for (i = 0; i < n && !t; i++)
		if (tasks[i].pid == pid)
			t = &tasks[i];
	if (!t)
		return true;
	t->pid = 0;
	if (WIFSIGNALED(status))
		fprintf(stderr, "%s: group %u %s %u: killed by signal %d\n",
			workload_name, t->group, t->receives ? "receiver" : "sender",
			t->index, WTERMSIG(status));
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/*
 * Read count bytes from fd, the tasks' ready or done pipe. Child processes
 * are checked for failures every CHILD_CHECK_MS meanwhile; a failure kills
 * the others and exits 1. (A failing thread exits the whole process.)
 */
static void wait_for_bytes(int fd, size_t count, struct messaging_task *tasks,
			   size_t ntasks, bool threads)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	char buf[4096];

	while (count) {
		int ret = poll(&p, 1, threads ? -1 : CHILD_CHECK_MS);
		ssize_t n;

		if (ret < 0 && errno != EINTR)
			fail("poll", errno);
		if (!threads) {
			int status;
			pid_t pid;

			while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
				if (!reaped(tasks, ntasks, pid, status)) {
					kill_children(tasks, ntasks);
					exit(1);
				}
			}
		}
		if (ret <= 0)
			continue;
		n = read(fd, buf, count < sizeof(buf) ? count : sizeof(buf));
		if (n < 0 && errno != EINTR && errno != EAGAIN)
			fail("read from a task pipe", errno);
		if (n == 0)
			fail("read from a task pipe", EPIPE);
		if (n > 0)
			count -= n;
	}
}

static void start_tasks(struct messaging_task *tasks, size_t n, bool threads)
{
	pid_t parent = getpid();
	size_t i;

	for (i = 0; i < n; i++) {
		pid_t pid;

		if (threads) {
			start_thread(&tasks[i].thread, messaging_task, &tasks[i]);
			continue;
		}
		pid = fork();
		if (pid < 0) {
			int err = errno;

			kill_children(tasks, i);
			fail("fork", err);
		}
		if (!pid) {
			/* Killed with the parent, not left running without it. */
			if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
				_exit(1);
			messaging_task(&tasks[i]);
			_exit(0);
		}
		tasks[i].pid = pid;
	}
}

static void end_tasks(struct messaging_task *tasks, size_t n, bool threads)
{
	size_t i;

	for (i = 0; i < n; i++) {
		int status;
		pid_t pid;

		if (threads) {
			pthread_join(tasks[i].thread, NULL);
			continue;
		}
		if (!tasks[i].pid)
			continue;
		do
			pid = waitpid(tasks[i].pid, &status, 0);
		while (pid < 0 && errno == EINTR);
		if (pid < 0)
			fail("waitpid", errno);
		if (!reaped(tasks, n, pid, status)) {
			kill_children(tasks, n);
			exit(1);
		}
	}
}

int main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "groups", required_argument, NULL, 'g' },
		{ "fds", required_argument, NULL, 'f' },
		{ "loops", required_argument, NULL, 'l' },
		{ "pipe", no_argument, NULL, 'p' },
		{ "threads", no_argument, NULL, 't' },
		{ "cpu", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct messaging m = { .groups = 10, .fds = 20, .loops = 100 };
	struct messaging_task *tasks;
	size_t ntasks, receivers, i;
	double begin, seconds;
	int cpu = -1, opt;

	workload_name = program_invocation_short_name;
	while ((opt = getopt_long(argc, argv, "g:f:l:ptc:h", options, NULL)) != -1) {
		switch (opt) {
		case 'g':
			m.groups = option_uint("--groups", optarg, 1, MAX_GROUPS);
			break;
		case 'f':
			m.fds = option_uint("--fds", optarg, 1, MAX_FDS);
			break;
		case 'l':
			m.loops = option_uint("--loops", optarg, 1, UINT32_MAX);
			break;
		case 'p':
			m.pipes = true;
			break;
		case 't':
			m.threads = true;
			break;
		default:
			common_option(opt, optarg, &cpu, usage);
		}
	}
	no_arguments_left(argc, argv);
	receivers = (size_t)m.groups * m.fds;
	ntasks = 2 * receivers;
	if (ntasks > MAX_TASKS)
		usage_error("%u groups of %u senders and %u receivers are %zu tasks, "
			    "more than %d", m.groups, m.fds, m.fds, ntasks, MAX_TASKS);
	if (cpu >= 0)
		pin_to_cpu(cpu);
	/* A write to a receiver that died is an error, not a silent death. */
	signal(SIGPIPE, SIG_IGN);

	make_pipe(m.ready, "pipe");
	make_pipe(m.go, "pipe");
	make_pipe(m.done, "pipe");
	make_channels(&m);
	tasks = calloc_or_exit(ntasks, sizeof(*tasks));
	for (i = 0; i < ntasks; i++) {
		tasks[i].m = &m;
		tasks[i].receives = i < receivers;
		tasks[i].group = i % receivers / m.fds;
		tasks[i].index = i % m.fds;
	}
	start_tasks(tasks, ntasks, m.threads);
	wait_for_bytes(m.ready[0], ntasks, tasks, ntasks, m.threads);
	begin = now_seconds();
	if (write(m.go[1], "x", 1) != 1)
		fail("write to the go pipe", errno);
	wait_for_bytes(m.done[0], receivers, tasks, ntasks, m.threads);
	seconds = now_seconds() - begin;
	end_tasks(tasks, ntasks, m.threads);

	printf("# seconds groups fds loops messages\n");
	printf("%.6f %u %u %lu %llu\n", seconds, m.groups, m.fds, m.loops,
	       (unsigned long long)m.groups * m.fds * m.fds * m.loops);
	free(tasks);
	free(m.receive_fds);
	free(m.send_fds);
	return 0;
}
