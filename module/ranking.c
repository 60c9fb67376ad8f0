// SPDX-License-Identifier: GPL-2.0
/* Waits by task, process or cgroup (ranking.h). */
#include <linux/cgroup.h>
#include <linux/hash.h>
#include <linux/jump_label.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "ranking.h"
#include "schedscope.h"

DEFINE_STATIC_KEY_FALSE(ss_rank_on);

static const char *const ss_rank_names[] = {
	[SS_RANK_OFF]		= "off",
	[SS_RANK_TASK]		= "task",
	[SS_RANK_PROCESS]	= "process",
	[SS_RANK_CGROUP]	= "cgroup",
};

static enum ss_rank_by ss_rank_by;
/* nr_cpu_ids tables, allocated when `rank_by` is first set; kept till unload */
static struct ss_rank_table *ss_rank_tables;
static DEFINE_MUTEX(ss_rank_lock);

static u64 ss_rank_key(struct task_struct *p, enum ss_rank_by by)
{
	u64 id;

	switch (by) {
	case SS_RANK_TASK:
		return p->pid;
	case SS_RANK_PROCESS:
		return p->tgid;
	default:
		rcu_read_lock();
		id = cgroup_id(task_dfl_cgroup(p));
		rcu_read_unlock();
		return id;
	}
}

static unsigned int ss_rank_bucket(u64 ns)
{
	return min_t(unsigned int, fls64(ns), SS_RANK_BUCKETS - 1);
}

/* @key's entry in @t, taken if free; NULL if every place looked at is another's. */
static struct ss_rank_entry *ss_rank_entry(struct ss_rank_table *t, u64 key,
					   struct task_struct *p)
{
	unsigned int i, at = hash_64(key, ilog2(SS_RANK_ENTRIES));
	struct ss_rank_entry *e;

	for (i = 0; i < SS_RANK_PROBES; i++) {
		e = &t->e[(at + i) % SS_RANK_ENTRIES];
		if (e->key == key)
			return e;
		if (!e->key) {
			e->key = key;
			/* a process by its leader's name; a cgroup: by path */
			memcpy(e->comm, ss_rank_by == SS_RANK_PROCESS ?
			       p->group_leader->comm : p->comm, TASK_COMM_LEN);
			return e;
		}
	}
	return NULL;
}

void ss_rank_record(struct task_struct *p, u64 ns)
{
	struct ss_rank_table *t = &ss_rank_tables[smp_processor_id()];
	enum ss_rank_by by = READ_ONCE(ss_rank_by);
	struct ss_rank_entry *e;

	if (by == SS_RANK_OFF)
		return;
	e = ss_rank_entry(t, ss_rank_key(p, by), p);
	if (!e) {
		t->dropped++;
		return;
	}
	e->count++;
	e->sum_ns += ns;
	e->max_ns = max(e->max_ns, ns);
	e->buckets[ss_rank_bucket(ns)]++;
}

/* Under ss_rank_lock: the tables emptied, then kept by @by. */
static void ss_rank_restart(enum ss_rank_by by)
{
	/* no probe writes a table while it is emptied */
	static_branch_disable(&ss_rank_on);
	synchronize_rcu();
	if (ss_rank_tables)
		memset(ss_rank_tables, 0,
		       array_size(nr_cpu_ids, sizeof(*ss_rank_tables)));
	WRITE_ONCE(ss_rank_by, by);
	if (by != SS_RANK_OFF)
		static_branch_enable(&ss_rank_on);
}

int ss_rank_set(const char *name)
{
	int by;

	for (by = 0; by < ARRAY_SIZE(ss_rank_names); by++)
		if (!strcmp(name, ss_rank_names[by]))
			break;
	if (by == ARRAY_SIZE(ss_rank_names))
		return -EINVAL;
	mutex_lock(&ss_rank_lock);
	if (by != SS_RANK_OFF && !ss_rank_tables) {
		ss_rank_tables = vzalloc(array_size(nr_cpu_ids,
						    sizeof(*ss_rank_tables)));
		if (!ss_rank_tables) {
			mutex_unlock(&ss_rank_lock);
			return -ENOMEM;
		}
	}
	if (by != ss_rank_by)
		ss_rank_restart(by);
	mutex_unlock(&ss_rank_lock);
	return 0;
}

void ss_rank_reset(void)
{
	mutex_lock(&ss_rank_lock);
	if (ss_rank_by != SS_RANK_OFF)
		ss_rank_restart(ss_rank_by);
	mutex_unlock(&ss_rank_lock);
}

const char *ss_rank_by_name(void)
{
	return ss_rank_names[READ_ONCE(ss_rank_by)];
}

/*
 * The file `ranking`, a record at a time, so that no buffer holds every
 * CPU's: record 0 is "by KEY", record 1 + N CPU N's table, "cpu N dropped
 * D" and one line an entry, "KEY COUNT SUM_NS MAX_NS B0 ... B39 COMM" (the
 * comm last: it may hold blanks).  ss_rank_lock is held from start to
 * stop, through each read() call.
 */
static void *ss_rank_seq_at(loff_t pos)
{
	unsigned int cpu;

	if (!pos)
		return SEQ_START_TOKEN;
	if (!ss_rank_tables || pos > nr_cpu_ids)
		return NULL;
	/* the first possible CPU from pos - 1 on */
	cpu = cpumask_next((int)pos - 2, cpu_possible_mask);
	return cpu < nr_cpu_ids ? &ss_rank_tables[cpu] : NULL;
}

static void *ss_rank_seq_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&ss_rank_lock);
	return ss_rank_seq_at(*pos);
}

static void *ss_rank_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	if (v == SEQ_START_TOKEN)
		*pos = 1;
	else
		*pos = ((const struct ss_rank_table *)v - ss_rank_tables) + 2;
	return ss_rank_seq_at(*pos);
}

static void ss_rank_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&ss_rank_lock);
}

static int ss_rank_seq_show(struct seq_file *m, void *v)
{
	const struct ss_rank_table *t = v;
	unsigned int i, b;

	if (v == SEQ_START_TOKEN) {
		seq_printf(m, "by %s\n", ss_rank_by_name());
		return 0;
	}
	seq_printf(m, "cpu %d dropped %llu\n", (int)(t - ss_rank_tables),
		   READ_ONCE(t->dropped));
	for (i = 0; i < SS_RANK_ENTRIES; i++) {
		const struct ss_rank_entry *e = &t->e[i];
		char comm[TASK_COMM_LEN];

		if (!READ_ONCE(e->key))
			continue;
		seq_printf(m, "%llu %llu %llu %llu", READ_ONCE(e->key),
			   READ_ONCE(e->count), READ_ONCE(e->sum_ns),
			   READ_ONCE(e->max_ns));
		for (b = 0; b < SS_RANK_BUCKETS; b++)
			seq_printf(m, " %llu", READ_ONCE(e->buckets[b]));
		strscpy(comm, e->comm, sizeof(comm));
		seq_printf(m, " %s\n", comm);
	}
	return 0;
}

const struct seq_operations ss_rank_seq_ops = {
	.start	= ss_rank_seq_start,
	.next	= ss_rank_seq_next,
	.stop	= ss_rank_seq_stop,
	.show	= ss_rank_seq_show,
};

void ss_rank_free(void)
{
	vfree(ss_rank_tables);
	ss_rank_tables = NULL;
}
