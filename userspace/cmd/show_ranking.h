/* SPDX-License-Identifier: GPL-2.0 */
/* schedscope show --by: the module's waits by task, process or cgroup. */
#ifndef SCHEDSCOPE_CMD_SHOW_RANKING_H
#define SCHEDSCOPE_CMD_SHOW_RANKING_H

#include <stdbool.h>
#include <stddef.h>

struct show_ranking_params {
	const char *by;			/* "task", "process", "cgroup" */
	size_t top;			/* rows a table */
	double duration;		/* 0: what the module holds */
	bool json;
	const char *filter;		/* the filter options as a filter line */
};

/*
 * Print the ranking from the module in dir: what it holds when rank_by is
 * already by and no duration is asked; else rank_by set to by for
 * duration seconds (5 without one), with the module enabled and the
 * filter written for that time, all set back after. The exit status.
 */
int show_ranking(const char *cmd, const char *dir,
		 const struct show_ranking_params *p);

#endif
