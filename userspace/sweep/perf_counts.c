// SPDX-License-Identifier: GPL-2.0
/* Counting a workload's context switches, migrations and CPU time. */
#include <errno.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "lib/error_msg.h"
#include "sweep/perf_counts.h"

static const struct {
	unsigned long long config;
	const char *name;
} perf_count_events[PERF_COUNT_IDS] = {
	[PERF_COUNT_ID_CS] = { PERF_COUNT_SW_CONTEXT_SWITCHES, "context-switches" },
	[PERF_COUNT_ID_MIGRATIONS] = { PERF_COUNT_SW_CPU_MIGRATIONS, "cpu-migrations" },
	[PERF_COUNT_ID_TASK_CLOCK] = { PERF_COUNT_SW_TASK_CLOCK, "task-clock" },
};

int perf_counts_open(struct perf_counts *pc, pid_t pid, char *err,
		     size_t errlen)
{
	int i;

	memset(pc, 0, sizeof(*pc));
	for (i = 0; i < PERF_COUNT_IDS; i++)
		pc->fd[i] = -1;
	for (i = 0; i < PERF_COUNT_IDS; i++) {
		struct perf_event_attr attr = {
			.type = PERF_TYPE_SOFTWARE,
			.size = sizeof(attr),
			.config = perf_count_events[i].config,
			.disabled = 1,
			.enable_on_exec = 1,
			.inherit = 1,
		};
		long fd = syscall(SYS_perf_event_open, &attr, pid, -1, -1,
				  PERF_FLAG_FD_CLOEXEC);

		if (fd < 0) {
			int ret = -errno;

			error_msg(err, errlen, "perf_event_open(%s): %s%s",
				  perf_count_events[i].name, strerror(errno),
				  errno == EACCES || errno == EPERM ?
				  " (as root, or lower /proc/sys/kernel/perf_event_paranoid)" : "");
			perf_counts_close(pc);
			return ret;
		}
		pc->fd[i] = (int)fd;
	}
	return 0;
}

int perf_counts_read(struct perf_counts *pc, char *err, size_t errlen)
{
	int i;

	for (i = 0; i < PERF_COUNT_IDS; i++) {
		ssize_t n = read(pc->fd[i], &pc->value[i], sizeof(pc->value[i]));

		if (n != (ssize_t)sizeof(pc->value[i])) {
			error_msg(err, errlen, "reading %s: %s",
				  perf_count_events[i].name,
				  n < 0 ? strerror(errno) : "short read");
			return n < 0 ? -errno : -EIO;
		}
	}
	return 0;
}

void perf_counts_close(struct perf_counts *pc)
{
	int i;

	for (i = 0; i < PERF_COUNT_IDS; i++) {
		if (pc->fd[i] >= 0)
			close(pc->fd[i]);
		pc->fd[i] = -1;
	}
}
