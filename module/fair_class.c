// SPDX-License-Identifier: GPL-2.0
/*
 * Which scheduling class is the fair one (compat.h: ss_fair()).
 *
 * fair_sched_class is not exported, and a fair priority does not make a task
 * fair: with a sched_ext scheduler loaded, ext tasks have the same
 * priorities while their sched_entity is stale.  So the class is recognised
 * by its symbol: at load, the sched_class of the loading task (fair, unless
 * it runs under another class), else of the first thread found whose class
 * kallsyms names fair_sched_class.  Not found (no KALLSYMS_ALL, or no fair
 * task at all): a fair priority is taken for the fair class, and `status`
 * says so.
 */
#include <linux/kallsyms.h>
#include <linux/rcupdate.h>
#include <linux/sched/signal.h>
#include <linux/seq_file.h>
#include <linux/string.h>

#include "compat.h"

const struct sched_class *ss_fair_class;

static bool ss_is_fair_class(const struct sched_class *class)
{
	static const char name[] = "fair_sched_class+0x0/";
	char sym[KSYM_SYMBOL_LEN];

	sprint_symbol(sym, (unsigned long)class);
	return !strncmp(sym, name, sizeof(name) - 1);
}

void ss_fair_class_init(void)
{
	struct task_struct *g, *t;

	ss_fair_class = NULL;
	if (ss_is_fair_class(current->sched_class)) {
		ss_fair_class = current->sched_class;
		return;
	}
	rcu_read_lock();
	for_each_process_thread(g, t) {
		if (ss_is_fair_class(READ_ONCE(t->sched_class))) {
			ss_fair_class = READ_ONCE(t->sched_class);
			break;
		}
	}
	rcu_read_unlock();
}

void ss_fair_class_show(struct seq_file *m)
{
	if (ss_fair_class)
		seq_printf(m, "fair_class %ps\n", ss_fair_class);
	else
		seq_puts(m, "fair_class unknown: tasks of a fair priority are taken as fair (kallsyms names no fair_sched_class)\n");
}
