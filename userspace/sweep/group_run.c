// SPDX-License-Identifier: GPL-2.0
/* Starting the groups of a run together, measuring, stopping them. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/error_msg.h"
#include "lib/read_file.h"
#include "sweep/group_run.h"

/* How long a stopped group gets to exit before SIGKILL. */
#define STOP_GRACE_S		5.0
/* How long a service gets to start and wait for its clients. */
#define SERVICE_READY_S		10.0

static double monotonic_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The state letter of /proc/PID/stat ('R', 'S', ...), or 0. */
static char task_state(pid_t pid)
{
	char path[64], *text, *paren, state = 0;
	size_t len;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if (read_file(path, &text, &len, NULL, 0))
		return 0;
	paren = strrchr(text, ')');
	if (paren && paren[1] == ' ')
		state = paren[2];
	free(text);
	return state;
}

/*
 * Start the services and wait until each sleeps after its exec: a server
 * blocked in accept() is ready for its clients. 0 or -errno.
 */
static int start_services(struct group_run *g, char *err, size_t errlen)
{
	double deadline;
	size_t i;
	int ret, status;

	for (i = 0; i < g->nservices; i++) {
		g->service_status[i] = -1;
		ret = workload_spawn(&g->svc[i], err, errlen);
		if (!ret)
			ret = workload_go(&g->svc[i], err, errlen);
		if (!ret)
			ret = workload_started(&g->svc[i], err, errlen);
		if (ret)
			return ret;
	}
	deadline = monotonic_s() + SERVICE_READY_S;
	for (i = 0; i < g->nservices; i++) {
		struct workload_run *s = &g->svc[i];

		while (task_state(s->pid) != 'S') {
			if (waitpid(s->pid, &status, WNOHANG) == s->pid) {
				workload_finish(s, status);
				error_msg(err, errlen, "the service %s ended (exit "
					  "status %d) before the groups started; "
					  "its stderr is in %s", s->argv[0],
					  s->exit_status, s->err_path);
				return -ECHILD;
			}
			if (*g->stop_signal) {
				error_msg(err, errlen, "stopped while the service "
					  "%s started", s->argv[0]);
				return -EINTR;
			}
			if (monotonic_s() > deadline) {
				error_msg(err, errlen, "the service %s did not "
					  "wait for clients within %.0f s",
					  s->argv[0], SERVICE_READY_S);
				return -ETIMEDOUT;
			}
			usleep(5000);
		}
	}
	return 0;
}

/* Every group's cgroup usage into u. 0 or -errno. */
static int read_usage(struct group_run *g, struct cgroup_cpu_usage *u,
		      char *err, size_t errlen)
{
	size_t i;
	int ret;

	for (i = 0; i < g->n; i++) {
		ret = sweep_cgroups_usage(g->cg, i, &u[i], err, errlen);
		if (ret)
			return ret;
	}
	return 0;
}

/* Spawned and held, the start usage read, then all let go at once. */
static int start_groups(struct group_run *g, double *start, char *err,
			size_t errlen)
{
	size_t i;
	int ret;

	for (i = 0; i < g->n; i++) {
		ret = workload_spawn(&g->w[i], err, errlen);
		if (ret)
			return ret;
	}
	ret = read_usage(g, g->before, err, errlen);
	if (ret)
		return ret;
	*start = monotonic_s();
	for (i = 0; i < g->n; i++) {
		ret = workload_go(&g->w[i], err, errlen);
		if (ret)
			return ret;
	}
	for (i = 0; i < g->n; i++) {
		ret = workload_started(&g->w[i], err, errlen);
		if (ret)
			return ret;
	}
	return 0;
}

/* The group or service pid belongs to, reaped with status. */
static void reaped(struct group_run *g, pid_t pid, int status, size_t *left)
{
	size_t i;

	for (i = 0; i < g->n; i++)
		if (g->w[i].pid == pid) {
			workload_finish(&g->w[i], status);
			(*left)--;
			return;
		}
	for (i = 0; i < g->nservices; i++)
		if (g->svc[i].pid == pid) {
			workload_finish(&g->svc[i], status);
			g->service_status[i] = g->svc[i].exit_status;
			return;
		}
}

/*
 * The window closes: the usage read, the groups still running sent sig
 * (SIGTERM, or the stop request's own).
 */
static int close_window(struct group_run *g, double start, int sig, char *err,
			size_t errlen)
{
	size_t i;
	int ret;

	g->window_s = monotonic_s() - start;
	ret = read_usage(g, g->after, err, errlen);
	for (i = 0; i < g->n; i++) {
		if (g->w[i].pid <= 0)
			continue;
		g->stopped[i] = true;
		kill(-g->w[i].pid, sig);
	}
	return ret;
}

/* Reap until every group ended: the first one closes the window. */
static int wait_groups(struct group_run *g, double start, char *err,
		       size_t errlen)
{
	size_t left = g->n, i;
	bool closed = false;
	double stop_at = 0;
	int status, ret;
	pid_t pid;

	while (left) {
		pid = waitpid(-1, &status, closed ? WNOHANG : 0);
		if (pid > 0) {
			reaped(g, pid, status, &left);
			if (!closed && left < g->n) {
				ret = close_window(g, start, SIGTERM, err, errlen);
				if (ret)
					return ret;
				closed = true;
				stop_at = monotonic_s();
			}
			continue;
		}
		if (pid < 0 && errno != EINTR)
			return -errno;
		if (*g->stop_signal && !closed) {
			ret = close_window(g, start, *g->stop_signal, err,
					   errlen);
			if (ret)
				return ret;
			closed = true;
			stop_at = monotonic_s();
		}
		if (closed) {
			if (monotonic_s() - stop_at > STOP_GRACE_S)
				for (i = 0; i < g->n; i++)
					if (g->w[i].pid > 0)
						kill(-g->w[i].pid, SIGKILL);
			usleep(10000);
		}
	}
	return 0;
}

/* The services ended: SIGTERM, SIGKILL after the grace time. */
static void stop_services(struct group_run *g)
{
	double until = monotonic_s() + STOP_GRACE_S;
	size_t i;
	int status;

	for (i = 0; i < g->nservices; i++)
		if (g->svc[i].pid > 0)
			kill(-g->svc[i].pid, SIGTERM);
	for (i = 0; i < g->nservices; i++) {
		struct workload_run *s = &g->svc[i];

		while (s->pid > 0 && waitpid(s->pid, &status, WNOHANG) != s->pid) {
			if (monotonic_s() > until)
				kill(-s->pid, SIGKILL);
			usleep(5000);
		}
		if (s->pid > 0)
			workload_finish(s, status);
	}
}

int group_run(struct group_run *g, char *err, size_t errlen)
{
	double start = 0;
	size_t i;
	int ret;

	g->cpus = sysconf(_SC_NPROCESSORS_ONLN);
	g->window_s = 0;
	memset(g->stopped, 0, sizeof(g->stopped));
	for (i = 0; i < g->n; i++)
		g->w[i].pid = -1;
	for (i = 0; i < g->nservices; i++)
		g->svc[i].pid = -1;
	ret = start_services(g, err, errlen);
	if (!ret)
		ret = start_groups(g, &start, err, errlen);
	if (!ret)
		ret = wait_groups(g, start, err, errlen);
	if (ret)
		for (i = 0; i < g->n; i++)
			workload_kill(&g->w[i]);
	stop_services(g);
	for (i = 0; i < g->n; i++)
		sweep_cgroups_empty(g->cg, i);
	if (!ret)
		sweep_group_shares(g->before, g->after, g->n, g->window_s,
				   g->cpus, g->share);
	return ret;
}
