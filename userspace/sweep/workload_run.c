// SPDX-License-Identifier: GPL-2.0
/* Starting a sweep's workload, counting it, waiting for it, stopping it. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/error_msg.h"
#include "lib/sched_attr.h"
#include "sweep/workload_run.h"

/* How long a stopped workload gets to exit before SIGKILL. */
#define STOP_GRACE_S	5.0

static double monotonic_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static bool is_executable(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode) && !access(path, X_OK);
}

/*
 * name next to the CLI (a build tree's build/bin/), else in the installed
 * tree's libexec/schedscope/ (the CLI in PREFIX/sbin/): true if found.
 */
static bool beside_self(const char *dir, const char *name, char *buf,
			size_t len)
{
	if ((size_t)snprintf(buf, len, "%s/%s", dir, name) < len &&
	    is_executable(buf))
		return true;
	return (size_t)snprintf(buf, len, "%s/../libexec/schedscope/%s", dir,
				name) < len && is_executable(buf);
}

int workload_resolve(const char *name, char *buf, size_t len, char *err,
		     size_t errlen)
{
	char self[PATH_MAX], *slash;
	const char *path = getenv("PATH");
	ssize_t n;

	if (!*name) {
		error_msg(err, errlen, "empty workload name");
		return -ENOENT;
	}
	if (strchr(name, '/')) {
		if (!is_executable(name)) {
			error_msg(err, errlen, "workload %s: not an executable file", name);
			return -ENOENT;
		}
		snprintf(buf, len, "%s", name);
		return 0;
	}
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n > 0) {
		self[n] = '\0';
		slash = strrchr(self, '/');
		if (slash) {
			*slash = '\0';
			if (beside_self(self, name, buf, len))
				return 0;
		}
	} else {
		self[0] = '\0';
	}
	while (path && *path) {
		const char *end = strchrnul(path, ':');

		if (end > path &&
		    (size_t)snprintf(buf, len, "%.*s/%s", (int)(end - path), path,
				     name) < len && is_executable(buf))
			return 0;
		path = *end ? end + 1 : end;
	}
	error_msg(err, errlen, "workload '%s' not found next to schedscope (%s), in its ../libexec/schedscope nor in $PATH",
		  name, self);
	return -ENOENT;
}

int workload_data_file(const char *name, char *buf, size_t len)
{
	static const char *const under[] = { "../share/schedscope",
					     "../../share" };
	char self[PATH_MAX], abs[PATH_MAX], *slash;
	struct stat st;
	ssize_t n;
	size_t i;

	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0 || !*name)
		return -ENOENT;
	self[n] = '\0';
	slash = strrchr(self, '/');
	if (!slash)
		return -ENOENT;
	*slash = '\0';
	for (i = 0; i < sizeof(under) / sizeof(under[0]); i++)
		if ((size_t)snprintf(buf, len, "%s/%s/%s", self, under[i],
				     name) < len &&
		    !stat(buf, &st) && S_ISREG(st.st_mode)) {
			/* Without "..": the path sweep.json and the report show. */
			if (realpath(buf, abs) && strlen(abs) < len)
				strcpy(buf, abs);
			return 0;
		}
	return -ENOENT;
}

/* In the child: move the calling process into the cgroup v2 dir. 0 or -1. */
static int join_cgroup(const char *dir)
{
	char path[4200];
	int fd, ret = 0;

	snprintf(path, sizeof(path), "%s/cgroup.procs", dir);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (write(fd, "0", 1) != 1)
		ret = -1;
	close(fd);
	return ret;
}

/*
 * In the child: file descriptors, its cgroup, wait for the counters, exec.
 * What failed before the exec is told by its errno on status_fd.
 */
static void __attribute__((noreturn))
child_exec(struct workload_run *w, int go_fd, int status_fd)
{
	int in, out, errfd, e;
	char go;

	setpgid(0, 0);
	in = open("/dev/null", O_RDONLY);
	out = open(w->out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	errfd = open(w->err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (in < 0 || out < 0 || errfd < 0 || dup2(in, 0) < 0 ||
	    dup2(out, 1) < 0 || dup2(errfd, 2) < 0 || (w->cwd && chdir(w->cwd)))
		goto fail;
	if (w->cgroup && join_cgroup(w->cgroup))
		goto fail;
	if (read(go_fd, &go, 1) != 1)
		_exit(127);
	execv(w->argv[0], w->argv);
fail:
	e = errno;
	if (write(status_fd, &e, sizeof(e)) != sizeof(e))
		_exit(126);
	_exit(127);
}

/* Wait for pid; once a stop is requested, pass it on, then SIGKILL. */
static int wait_workload(struct workload_run *w, pid_t pid, int *status)
{
	double stop_at = 0;
	int sent = 0;

	for (;;) {
		pid_t r = waitpid(pid, status, sent ? WNOHANG : 0);

		if (r == pid)
			return 0;
		if (r < 0 && errno != EINTR)
			return -errno;
		if (*w->stop_signal && !sent) {
			sent = *w->stop_signal;
			kill(-pid, sent);
			stop_at = monotonic_s();
		}
		if (sent) {
			if (monotonic_s() - stop_at > STOP_GRACE_S)
				kill(-pid, SIGKILL);
			usleep(10000);
		}
	}
}

/*
 * The child, held before its exec until go[1] is written; st[0] gets its
 * exec errno, or EOF once exec succeeded. Returns its pid or -errno.
 */
static pid_t fork_workload(struct workload_run *w, int go[2], int st[2],
			   char *err, size_t errlen)
{
	pid_t pid;
	int e;

	if (pipe2(go, O_CLOEXEC) || pipe2(st, O_CLOEXEC)) {
		e = errno;
		error_msg(err, errlen, "pipe: %s", strerror(e));
		return -e;
	}
	pid = fork();
	if (pid < 0) {
		e = errno;
		error_msg(err, errlen, "fork: %s", strerror(e));
		return -e;
	}
	if (!pid) {
		close(go[1]);
		close(st[0]);
		child_exec(w, go[0], st[1]);
	}
	close(go[0]);
	close(st[1]);
	go[0] = st[1] = -1;
	setpgid(pid, pid);	/* either side may run first */
	return pid;
}

static void set_exit_status(struct workload_run *w, int status)
{
	if (WIFSIGNALED(status)) {
		w->term_signal = WTERMSIG(status);
		w->exit_status = 128 + w->term_signal;
	} else {
		w->exit_status = WEXITSTATUS(status);
	}
}

int workload_spawn(struct workload_run *w, char *err, size_t errlen)
{
	int go[2] = { -1, -1 }, st[2] = { -1, -1 }, i;
	char msg[512];
	pid_t pid;

	w->exit_status = -1;
	w->term_signal = 0;
	w->elapsed_s = 0;
	w->have_perf = false;
	w->perf_error[0] = '\0';
	w->pid = -1;
	w->go_fd = w->st_fd = -1;
	pid = fork_workload(w, go, st, err, errlen);
	if (pid < 0) {
		for (i = 0; i < 2; i++) {
			if (go[i] >= 0)
				close(go[i]);
			if (st[i] >= 0)
				close(st[i]);
		}
		return pid;
	}
	w->pid = pid;
	w->go_fd = go[1];
	w->st_fd = st[0];
	w->have_perf = !perf_counts_open(&w->perf, pid, w->perf_error,
					 sizeof(w->perf_error));
	/* Held before its exec: what it runs inherits these. */
	if (w->sched && sched_attr_change(pid, w->sched, msg, sizeof(msg))) {
		workload_kill(w);
		error_msg(err, errlen, "cannot set the scheduling knobs of %s: %s",
			  w->argv[0], msg);
		return -EINVAL;
	}
	return 0;
}

int workload_go(struct workload_run *w, char *err, size_t errlen)
{
	w->start = monotonic_s();
	if (write(w->go_fd, "g", 1) != 1) {
		error_msg(err, errlen, "starting %s: %s", w->argv[0],
			  strerror(errno));
		return -EIO;
	}
	return 0;
}

int workload_started(struct workload_run *w, char *err, size_t errlen)
{
	int exec_errno;
	ssize_t n;

	/* EOF on the status pipe means exec succeeded. */
	do {
		n = read(w->st_fd, &exec_errno, sizeof(exec_errno));
	} while (n < 0 && errno == EINTR);
	if (n != sizeof(exec_errno))
		return 0;
	error_msg(err, errlen, "cannot run %s: %s (see %s)", w->argv[0],
		  strerror(exec_errno), w->err_path);
	return -exec_errno;
}

/* The pipes and counters of a reaped workload closed. */
static void workload_close(struct workload_run *w)
{
	perf_counts_close(&w->perf);
	if (w->go_fd >= 0)
		close(w->go_fd);
	if (w->st_fd >= 0)
		close(w->st_fd);
	w->go_fd = w->st_fd = -1;
	w->pid = -1;
}

void workload_finish(struct workload_run *w, int status)
{
	w->elapsed_s = monotonic_s() - w->start;
	/* Whatever it left behind must not run into the next run. */
	kill(-w->pid, SIGKILL);
	set_exit_status(w, status);
	if (w->have_perf &&
	    perf_counts_read(&w->perf, w->perf_error, sizeof(w->perf_error)))
		w->have_perf = false;
	workload_close(w);
}

void workload_kill(struct workload_run *w)
{
	int status;

	if (w->pid <= 0)
		return;
	kill(-w->pid, SIGKILL);
	kill(w->pid, SIGKILL);
	while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
		;
	w->have_perf = false;
	workload_close(w);
}

int workload_run(struct workload_run *w, char *err, size_t errlen)
{
	int status, ret, exec_ret;

	ret = workload_spawn(w, err, errlen);
	if (ret)
		return ret;
	ret = workload_go(w, err, errlen);
	if (ret) {
		workload_kill(w);
		return ret;
	}
	exec_ret = workload_started(w, err, errlen);
	ret = wait_workload(w, w->pid, &status);
	if (ret) {
		error_msg(err, errlen, "waiting for %s: %s", w->argv[0],
			  strerror(-ret));
		workload_kill(w);
		return ret;
	}
	if (exec_ret) {
		w->elapsed_s = monotonic_s() - w->start;
		kill(-w->pid, SIGKILL);
		workload_close(w);
		return exec_ret;
	}
	workload_finish(w, status);
	return 0;
}
