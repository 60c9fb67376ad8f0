// SPDX-License-Identifier: GPL-2.0
/*
 * Slow waits: who ran on the CPU while a measured task waited for it, read
 * from the CPU's log of switches (slow_wait.h) when the wait ends.
 */
#include <linux/cgroup.h>
#include <linux/jump_label.h>
#include <linux/minmax.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/pid.h>
#include <linux/pid_namespace.h>
#include <linux/rcupdate.h>
#include <linux/vmalloc.h>

#include "schedscope.h"
#include "wait_notes.h"
/* every trace event of the module is created here, the EEVDF ones too */
#define CREATE_TRACE_POINTS
#include "schedscope_trace.h"

DEFINE_STATIC_KEY_FALSE(ss_slow_armed);
u64 ss_slow_ns;
struct ss_wait_note *ss_wait_notes;

/* A task's run time during the wait, over its entries in the log. */
struct ss_slow_run {
	const struct ss_run_entry *e;
	u64 ns;
};

/* @ns of @e's run into @runs (one per task) or the CPU's idle time. */
static void ss_slow_add(struct ss_slow_run *runs, unsigned int *n,
			struct ss_slow_summary *s,
			const struct ss_run_entry *e, u64 ns)
{
	unsigned int i;

	if (!e->tid) {
		s->idle_ns += ns;
		return;
	}
	for (i = 0; i < *n; i++) {
		if (runs[i].e->tid == e->tid) {
			runs[i].ns += ns;
			return;
		}
	}
	runs[*n].e = e;		/* the newest entry names the task */
	runs[(*n)++].ns = ns;
}

static u64 ss_task_cgroup_id(struct task_struct *p)
{
	u64 id;

	rcu_read_lock();
	id = cgroup_id(task_dfl_cgroup(p));
	rcu_read_unlock();
	return id;
}

/*
 * Named task @k's process, slice and cgroup, read from the task @tid now,
 * at the slow wait's end (not at every switch, where the log would pay for
 * them): all 0 if it has exited.  A tid taken by a new task since is not
 * told apart.
 */
static void ss_slow_ran_now(struct ss_slow_summary *s, unsigned int k,
			    pid_t tid)
{
	struct task_struct *t;

	rcu_read_lock();
	t = pid_task(find_pid_ns(tid, &init_pid_ns), PIDTYPE_PID);
	if (t) {
		s->ran_tgid[k] = t->tgid;
		s->ran_slice[k] = ss_se_slice(&t->se);
		s->ran_cgroup[k] = cgroup_id(task_dfl_cgroup(t));
	}
	rcu_read_unlock();
}

/* The SS_SLOW_RAN longest runs into @s, the others summed. */
static void ss_slow_rank(struct ss_slow_run *runs, unsigned int n,
			 struct ss_slow_summary *s)
{
	unsigned int i, k, best;

	for (k = 0; k < n; k++) {
		best = k;
		for (i = k + 1; i < n; i++)
			if (runs[i].ns > runs[best].ns)
				best = i;
		swap(runs[k], runs[best]);
		if (k < SS_SLOW_RAN) {
			s->ran[k] = *runs[k].e;
			s->ran_ns[k] = runs[k].ns;
			ss_slow_ran_now(s, k, runs[k].e->tid);
			s->nran++;
		} else {
			s->rest_tasks++;
			s->rest_ns += runs[k].ns;
		}
	}
}

/* How @p's wait begun at @since began, from its note, into @s. */
static void ss_slow_note(const struct task_struct *p, u64 since,
			 struct ss_slow_summary *s)
{
	struct ss_wait_note n;

	s->decision = "";
	s->from_cpu = -1;
	if (!ss_wait_note_read(p, since, &n))
		return;
	s->from_cpu = n.cpu;
	s->migrated = n.migrations != (u32)p->se.nr_migrations;
	if (n.decision) {
		s->decision = ss_counters[n.decision - 1].name;
		/* the decision event's names: without the prefix */
		if (!strncmp(s->decision, "wakeup_", 7))
			s->decision += 7;
	}
	s->has_lag = n.flags & SS_NOTE_LAG;
	s->eligible = n.flags & SS_NOTE_ELIGIBLE;
	s->lag = n.lag;
	s->deadline = n.deadline;
}

void ss_slow_wait_record(const struct ss_run_log *log,
			 struct task_struct *p, int kind, u64 since, u64 now,
			 enum ss_slow_ended ended)
{
	struct ss_slow_run runs[SS_RUN_LOG_LEN];
	struct ss_slow_summary s = { .ended = ended };
	unsigned int n = 0, k, logged = min(log->next, SS_RUN_LOG_LEN);
	u64 end = now;

	/* newest first: entry k ran from its start to the next one's */
	for (k = 1; k <= logged && end > since; k++) {
		const struct ss_run_entry *e =
			&log->e[(log->next - k) % SS_RUN_LOG_LEN];
		u64 start = max(e->start, since);

		if (end > start)
			ss_slow_add(runs, &n, &s, e, end - start);
		end = e->start;
	}
	if (end > since)
		s.unseen_ns = end - since;
	ss_slow_rank(runs, n, &s);
	ss_slow_note(p, since, &s);
	trace_slow_wait(p, kind, now - since, ss_task_cgroup_id(p), &s);
}

static DEFINE_MUTEX(ss_slow_lock);

int ss_slow_set(u64 us)
{
	int cpu, err = 0;

	/* a note's decision is the counter's index + 1, in a u8 */
	BUILD_BUG_ON(SS_NR_COUNTERS >= U8_MAX);
	if (us > U64_MAX / NSEC_PER_USEC)
		return -ERANGE;
	mutex_lock(&ss_slow_lock);
	/* kept until unload: a probe may read it until then */
	if (us && !ss_wait_notes) {
		ss_wait_notes = vzalloc(array_size(ss_task_slots_nr,
						   sizeof(*ss_wait_notes)));
		if (!ss_wait_notes) {
			mutex_unlock(&ss_slow_lock);
			return -ENOMEM;
		}
	}
	if (!us) {
		static_branch_disable(&ss_slow_armed);
	} else if (!static_key_enabled(&ss_slow_armed)) {
		/* Disarmed, no probe writes a log: start each one empty. */
		for_each_possible_cpu(cpu)
			per_cpu_ptr(ss_cpus, cpu)->run_log.next = 0;
		WRITE_ONCE(ss_slow_ns, us * NSEC_PER_USEC);
		/* armed, a wakeup is written: its note is the wait's start */
		err = ss_probes_key_enable_wakeups(&ss_slow_armed);
	} else {
		WRITE_ONCE(ss_slow_ns, us * NSEC_PER_USEC);
	}
	mutex_unlock(&ss_slow_lock);
	return err;
}

u64 ss_slow_us(void)
{
	return static_key_enabled(&ss_slow_armed) ?
	       READ_ONCE(ss_slow_ns) / NSEC_PER_USEC : 0;
}

void ss_slow_free(void)
{
	vfree(ss_wait_notes);
	ss_wait_notes = NULL;
}
