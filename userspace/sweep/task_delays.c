// SPDX-License-Identifier: GPL-2.0
/* A run's per-task delays collected from the taskstats of its exited tasks. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/error_msg.h"
#include "sweep/task_delays.h"

struct pid_set {
	pid_t *v;
	size_t n, cap;
};

static bool pid_set_has(const struct pid_set *s, pid_t pid)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (s->v[i] == pid)
			return true;
	return false;
}

static int pid_set_add(struct pid_set *s, pid_t pid)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 64;
		pid_t *grown = realloc(s->v, cap * sizeof(*grown));

		if (!grown)
			return -ENOMEM;
		s->v = grown;
		s->cap = cap;
	}
	s->v[s->n++] = pid;
	return 0;
}

/*
 * root and every thread group whose parent is in the set, until none is
 * added: a child's exit may come before its parent's, so one pass in the
 * order of the exits is not enough.
 */
static int descendants(const struct task_exit *e, size_t n, pid_t root,
		       struct pid_set *s)
{
	bool grew = true;
	size_t i;

	if (pid_set_add(s, root))
		return -ENOMEM;
	while (grew) {
		grew = false;
		for (i = 0; i < n; i++) {
			if (!pid_set_has(s, e[i].ppid) || pid_set_has(s, e[i].tgid))
				continue;
			if (pid_set_add(s, e[i].tgid))
				return -ENOMEM;
			grew = true;
		}
	}
	return 0;
}

int task_delays_collect(const struct taskstats_listener *l, pid_t root,
			struct task_delays *td)
{
	struct pid_set set = { 0 };
	struct task_delay_row *r;
	const struct task_exit *e;
	size_t i;
	int ret;

	memset(td, 0, sizeof(*td));
	td->have_delay_max = l->have_delay_max;
	td->overflows = l->overflows;
	ret = descendants(l->exits, l->n, root, &set);
	for (i = 0, e = l->exits; !ret && i < l->n; i++, e++) {
		struct task_delay_row one = {
			.tasks = 1, .runtime_ns = e->runtime_ns, .runs = e->runs,
			.delay_ns = e->delay_ns, .delay_max_ns = e->delay_max_ns,
			.voluntary = e->voluntary, .involuntary = e->involuntary,
		};

		if (e->tgid == root || !pid_set_has(&set, e->ppid))
			continue;
		r = task_delays_row(td, e->comm);
		if (!r)
			ret = -ENOMEM;
		else
			task_delay_row_add(r, &one);
	}
	free(set.v);
	if (ret) {
		task_delays_free(td);
		return ret;
	}
	task_delays_sort(td);
	return 0;
}
