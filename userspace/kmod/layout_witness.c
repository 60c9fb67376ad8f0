// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kmod/layout_witness.h"

/* Long enough for the child to be forked, queued and run once. */
#define WITNESS_SETTLE_NS	20000000L

int layout_witness_start(struct layout_witness *w)
{
	struct timespec settle = { 0, WITNESS_SETTLE_NS };
	cpu_set_t one;
	int cpu, err;

	memset(w, 0, sizeof(*w));
	cpu = sched_getcpu();
	if (cpu < 0 || sched_getaffinity(0, sizeof(w->old_mask), &w->old_mask))
		return -errno;
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	if (sched_setaffinity(0, sizeof(one), &one))
		return -errno;
	w->pinned = true;
	w->pid = fork();
	if (w->pid < 0) {
		err = -errno;
		w->pid = 0;
		layout_witness_stop(w);
		return err;
	}
	if (!w->pid) {
		/* the child: spin until killed, or until the parent is gone */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		for (;;)
			;
	}
	nanosleep(&settle, NULL);
	return 0;
}

void layout_witness_stop(struct layout_witness *w)
{
	if (w->pid > 0) {
		kill(w->pid, SIGKILL);
		while (waitpid(w->pid, NULL, 0) < 0 && errno == EINTR)
			;
		w->pid = 0;
	}
	if (w->pinned) {
		sched_setaffinity(0, sizeof(w->old_mask), &w->old_mask);
		w->pinned = false;
	}
}
