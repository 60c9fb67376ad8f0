// SPDX-License-Identifier: GPL-2.0
/*
 * The per-task delay table of `schedscope report`: per setting, what
 * `perf sched latency` prints (run time, switches, average and longest
 * wait for a CPU per task name), from the kernel's taskstats of the runs'
 * exited tasks (results/task_delays.h), summed over the runs that count.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

/* Task names shown per setting, the most waiting first; the rest summed. */
#define TASK_DELAY_ROWS 6

/* One setting's rows: every run's summed per task name, then sorted. */
struct setting_delays {
	struct task_delays sum;
	size_t nruns;
	bool have_delay_max;		/* in every run */
	unsigned long overflows;
};

static int setting_delays(const struct sweep_setting *set,
			  struct setting_delays *sd)
{
	struct task_delay_row *row;
	size_t i, k;

	memset(sd, 0, sizeof(*sd));
	sd->have_delay_max = true;
	for (i = 0; i < set->nruns; i++) {
		const struct sweep_run *run = set->runs[i];

		if (!sweep_run_used(run) || !run->have_task_delays)
			continue;
		sd->nruns++;
		sd->overflows += run->task_delays.overflows;
		if (!run->task_delays.have_delay_max)
			sd->have_delay_max = false;
		for (k = 0; k < run->task_delays.n; k++) {
			row = task_delays_row(&sd->sum, run->task_delays.rows[k].comm);
			if (!row)
				return -ENOMEM;
			task_delay_row_add(row, &run->task_delays.rows[k]);
		}
	}
	task_delays_sort(&sd->sum);
	return 0;
}

/* One row of the table: per run where a count, the waits over all runs. */
static void put_row(struct report_table *t, const char *setting,
		    const char *task, const struct task_delay_row *row,
		    const struct setting_delays *sd)
{
	size_t n = report_table_row(t);
	double runs = (double)sd->nruns;

	report_table_set(t, n, 0, "%s", setting);
	report_table_set(t, n, 1, "%s", task);
	report_table_set_number(t, n, 2, row->tasks / runs, 1);
	report_table_set_number(t, n, 3, row->runtime_ns / runs / 1e6, 3);
	report_table_set_number(t, n, 4,
				(row->voluntary + row->involuntary) / runs, 0);
	report_table_set_number(t, n, 5, row->runs ?
				(double)row->delay_ns / row->runs / 1e3 : NAN, 3);
	report_table_set_number(t, n, 6, sd->have_delay_max ?
				row->delay_max_ns / 1e3 : NAN, 3);
}

/* A setting's rows: its TASK_DELAY_ROWS most waiting names, the rest, all. */
static void put_setting(struct report_table *t, const char *name,
			const struct setting_delays *sd)
{
	struct task_delay_row rest = { 0 }, all = { 0 };
	char label[64];
	size_t i;

	for (i = 0; i < sd->sum.n; i++) {
		if (i < TASK_DELAY_ROWS)
			put_row(t, i ? "" : name, sd->sum.rows[i].comm,
				&sd->sum.rows[i], sd);
		else
			task_delay_row_add(&rest, &sd->sum.rows[i]);
		task_delay_row_add(&all, &sd->sum.rows[i]);
	}
	if (sd->sum.n > TASK_DELAY_ROWS) {
		snprintf(label, sizeof(label), "(%zu other names)",
			 sd->sum.n - TASK_DELAY_ROWS);
		put_row(t, "", label, &rest, sd);
	}
	put_row(t, sd->sum.n ? "" : name, "(all)", &all, sd);
}

static void free_delays(struct setting_delays *sd, size_t n)
{
	size_t s;

	for (s = 0; s < n; s++)
		task_delays_free(&sd[s].sum);
	free(sd);
}

void section_task_delays(struct report *r)
{
	static const char *const columns[] = {
		"setting", "task", "tasks", "runtime_ms", "switches",
		"avg_delay_us", "max_delay_us", NULL
	};
	const struct sweep_results *res = r->res;
	struct setting_delays *sd = calloc(res->nsettings + 1, sizeof(*sd));
	unsigned long overflows = 0;
	bool any = false, all_max = true;
	struct report_table t;
	size_t s;

	if (!sd) {
		r->error = -ENOMEM;
		return;
	}
	for (s = 0; s < res->nsettings; s++) {
		if (setting_delays(&res->settings[s], &sd[s])) {
			r->error = -ENOMEM;
			free_delays(sd, res->nsettings);
			return;
		}
		any |= sd[s].nruns > 0;
		all_max &= sd[s].have_delay_max || !sd[s].nruns;
		overflows += sd[s].overflows;
	}
	if (!any) {
		free_delays(sd, res->nsettings);
		return;
	}
	report_title(r, "Per-task delays");
	fprintf(r->out, "The kernel's taskstats of the workload's tasks at their "
		"exit, summed per task\nname as perf sched latency sums them, "
		"the most time waiting first: tasks,\nrun time and switches per "
		"run; the average wait for a CPU (run_delay over\nthe times run) "
		"and the longest, over all runs.%s\n\n", all_max ? "" :
		"\n\"-\": this kernel's taskstats keep no longest wait.");
	if (overflows)
		fprintf(r->out, "%s: the taskstats socket overflowed %lu times: "
			"some tasks are missing.\n\n", r->md ? "**Note**" : "Note",
			overflows);
	report_table_init_named(&t, columns);
	for (s = 0; s < res->nsettings; s++)
		if (sd[s].nruns)
			put_setting(&t, res->settings[s].name, &sd[s]);
	report_print_table(r, &t);
	free_delays(sd, res->nsettings);
}
