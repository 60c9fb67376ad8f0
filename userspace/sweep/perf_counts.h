/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's software counters of a process and everything it starts:
 * what `perf stat -e context-switches,cpu-migrations,task-clock` counts,
 * through perf_event_open() with inherit and enable_on_exec, so counting
 * starts at the exec of the workload and covers its threads and children.
 */
#ifndef SCHEDSCOPE_PERF_COUNTS_H
#define SCHEDSCOPE_PERF_COUNTS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum perf_count_id {
	PERF_COUNT_ID_CS,
	PERF_COUNT_ID_MIGRATIONS,
	PERF_COUNT_ID_TASK_CLOCK,
	PERF_COUNT_IDS
};

struct perf_counts {
	int fd[PERF_COUNT_IDS];
	uint64_t value[PERF_COUNT_IDS];	/* task clock in ns */
};

/*
 * Open the counters for pid, which has not exec'd yet. Returns 0, or -errno
 * with err saying why (perf_event_paranoid, no perf events in the kernel).
 */
int perf_counts_open(struct perf_counts *pc, pid_t pid, char *err,
		     size_t errlen);
/* Read every counter into value[] once pid has been reaped. Returns 0 or -errno. */
int perf_counts_read(struct perf_counts *pc, char *err, size_t errlen);
void perf_counts_close(struct perf_counts *pc);

#endif
