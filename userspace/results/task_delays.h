/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A run's per-task delays (docs/sweep.md, "Per-task delays"): the kernel's
 * taskstats of every task of the workload that exited during the run, summed
 * per command name as `perf sched latency` sums them: tasks, run time, times
 * run, time runnable waiting for a CPU and the longest such wait.
 */
#ifndef SCHEDSCOPE_RESULTS_TASK_DELAYS_H
#define SCHEDSCOPE_RESULTS_TASK_DELAYS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct task_delay_row {
	char comm[32];
	unsigned long tasks;
	uint64_t runtime_ns, runs, delay_ns, delay_max_ns;
	uint64_t voluntary, involuntary;
};

struct task_delays {
	struct task_delay_row *rows;	/* task_delays_sort()ed */
	size_t n;
	bool have_delay_max;
	unsigned long overflows;	/* the listener's */
};

void task_delays_free(struct task_delays *td);

/* The row of comm, added when there is none (NULL: no memory). */
struct task_delay_row *task_delays_row(struct task_delays *td, const char *comm);
/* to += from: counts and times summed, the longest wait the longer. */
void task_delay_row_add(struct task_delay_row *to,
			const struct task_delay_row *from);
/* The most time waiting first, then the longest wait, then by name. */
void task_delays_sort(struct task_delays *td);

/* The run file's "task_delays" object (docs/sweep.md), or NULL: no memory. */
json_t *task_delays_json(const struct task_delays *td);
/*
 * That object read back into td. 0, or -EINVAL (err names the member that
 * is not as task_delays_json() writes it) or -ENOMEM.
 */
int task_delays_from_json(json_t *json, struct task_delays *td, char *err,
			  size_t errlen);

#endif
