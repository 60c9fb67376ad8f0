/* SPDX-License-Identifier: GPL-2.0 */
/*
 * schedscope's own trace events: one record per EEVDF decision (a pick, a
 * dequeue, a placement, a wakeup's preemption decision), for
 * trace-cmd, perf and libtraceevent readers (`schedscope record`).
 * Fields: docs/interface.md, "Trace events".
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM schedscope

#if !defined(_SCHEDSCOPE_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _SCHEDSCOPE_TRACE_H

#include <linux/sched.h>
#include <linux/tracepoint.h>

#include "compat.h"
#include "slow_wait.h"

/* The EEVDF events: where the module reads EEVDF (compat.h) */
#if SS_CAN_EEVDF
DECLARE_EVENT_CLASS(schedscope_entity,

	TP_PROTO(struct task_struct *p, const struct sched_entity *se,
		 int depth, u64 avg_vruntime, s64 lag, u64 vruntime,
		 u64 deadline, bool eligible, bool delayed),

	TP_ARGS(p, se, depth, avg_vruntime, lag, vruntime, deadline,
		eligible, delayed),

	TP_STRUCT__entry(
		__field(int,		cpu)
		__field(pid_t,		pid)
		__array(char,		comm,	TASK_COMM_LEN)
		__field(int,		depth)
		__field(s64,		lag)
		__field(u64,		vruntime)
		__field(u64,		deadline)
		__field(u64,		avg_vruntime)
		__field(u64,		slice)
		__field(unsigned long,	weight)
		__field(bool,		eligible)
		__field(bool,		delayed)
	),

	TP_fast_assign(
		__entry->cpu		= task_cpu(p);
		__entry->pid		= p->pid;
		memcpy(__entry->comm, p->comm, TASK_COMM_LEN);
		__entry->depth		= depth;
		__entry->lag		= lag;
		__entry->vruntime	= vruntime;
		__entry->deadline	= deadline;
		__entry->avg_vruntime	= avg_vruntime;
		__entry->slice		= se->slice;
		__entry->weight		= se->load.weight >> SCHED_FIXEDPOINT_SHIFT;
		__entry->eligible	= eligible;
		__entry->delayed	= delayed;
	),

	TP_printk("cpu=%d pid=%d comm=%s depth=%d lag=%lld vruntime=%llu deadline=%llu avg_vruntime=%llu slice=%llu weight=%lu eligible=%d delayed=%d",
		  __entry->cpu, __entry->pid, __entry->comm, __entry->depth,
		  __entry->lag, __entry->vruntime, __entry->deadline,
		  __entry->avg_vruntime, __entry->slice, __entry->weight,
		  __entry->eligible, __entry->delayed)
);

/* A fair task is switched in: one record per level of its hierarchy. */
DEFINE_EVENT(schedscope_entity, pick,
	TP_PROTO(struct task_struct *p, const struct sched_entity *se,
		 int depth, u64 avg_vruntime, s64 lag, u64 vruntime,
		 u64 deadline, bool eligible, bool delayed),
	TP_ARGS(p, se, depth, avg_vruntime, lag, vruntime, deadline,
		eligible, delayed));

/* A fair task goes to sleep; its dequeue may be delayed. */
DEFINE_EVENT(schedscope_entity, dequeue,
	TP_PROTO(struct task_struct *p, const struct sched_entity *se,
		 int depth, u64 avg_vruntime, s64 lag, u64 vruntime,
		 u64 deadline, bool eligible, bool delayed),
	TP_ARGS(p, se, depth, avg_vruntime, lag, vruntime, deadline,
		eligible, delayed));

/* A woken fair task, right after its placement. */
DEFINE_EVENT(schedscope_entity, place,
	TP_PROTO(struct task_struct *p, const struct sched_entity *se,
		 int depth, u64 avg_vruntime, s64 lag, u64 vruntime,
		 u64 deadline, bool eligible, bool delayed),
	TP_ARGS(p, se, depth, avg_vruntime, lag, vruntime, deadline,
		eligible, delayed));

/*
 * A measured fair task was woken: the wakeup preemption decision
 * (wakeup_decision.c) as its class without the "wakeup_" prefix; the entity
 * at the level that decided (depth 0: the wakee itself; more: the group
 * entity of its that met the running task's on one cfs_rq) with its lag and
 * eligibility there, or the wakee on its own cfs_rq when no level decided;
 * and the task that was running on its CPU (pid -1: not seen yet;
 * curr_deadline 0: not a fair task).  checked: the fair check's entry was
 * seen (wakeup_check.c).  pending_verdict, for a decline_pending found so
 * at the check's entry: the class its path gives over the state it saw
 * (what 7.x's check went on to decide; 6.12's returned at the flag), or
 * empty where none was walked.
 */
TRACE_EVENT(decision,

	TP_PROTO(struct task_struct *p, const struct sched_entity *se,
		 int depth, u64 avg_vruntime, s64 lag, bool eligible,
		 const char *decision, const char *pending_verdict,
		 bool checked, const struct task_struct *curr,
		 u64 curr_deadline),

	TP_ARGS(p, se, depth, avg_vruntime, lag, eligible, decision,
		pending_verdict, checked, curr, curr_deadline),

	TP_STRUCT__entry(
		__field(int,		cpu)
		__field(pid_t,		pid)
		__array(char,		comm,	TASK_COMM_LEN)
		__array(char,		decision, SS_DECISION_NAME_LEN)
		__array(char,		pending_verdict, SS_DECISION_NAME_LEN)
		__field(bool,		checked)
		__field(int,		depth)
		__field(s64,		lag)
		__field(u64,		vruntime)
		__field(u64,		deadline)
		__field(u64,		avg_vruntime)
		__field(u64,		slice)
		__field(unsigned long,	weight)
		__field(bool,		eligible)
		__field(pid_t,		curr_pid)
		__array(char,		curr_comm, TASK_COMM_LEN)
		__field(u64,		curr_deadline)
	),

	TP_fast_assign(
		__entry->cpu		= task_cpu(p);
		__entry->pid		= p->pid;
		memcpy(__entry->comm, p->comm, TASK_COMM_LEN);
		strscpy(__entry->decision, decision, sizeof(__entry->decision));
		strscpy(__entry->pending_verdict, pending_verdict,
			sizeof(__entry->pending_verdict));
		__entry->checked	= checked;
		__entry->depth		= depth;
		__entry->lag		= lag;
		__entry->vruntime	= se->vruntime;
		__entry->deadline	= se->deadline;
		__entry->avg_vruntime	= avg_vruntime;
		__entry->slice		= se->slice;
		__entry->weight		= se->load.weight >> SCHED_FIXEDPOINT_SHIFT;
		__entry->eligible	= eligible;
		__entry->curr_pid	= curr ? curr->pid : -1;
		if (curr)
			memcpy(__entry->curr_comm, curr->comm, TASK_COMM_LEN);
		else
			__entry->curr_comm[0] = '\0';
		__entry->curr_deadline	= curr_deadline;
	),

	TP_printk("cpu=%d pid=%d comm=%s decision=%s pending_verdict=%s checked=%d depth=%d lag=%lld vruntime=%llu deadline=%llu avg_vruntime=%llu slice=%llu weight=%lu eligible=%d curr_pid=%d curr_comm=%s curr_deadline=%llu",
		  __entry->cpu, __entry->pid, __entry->comm, __entry->decision,
		  __entry->pending_verdict, __entry->checked, __entry->depth, __entry->lag, __entry->vruntime,
		  __entry->deadline, __entry->avg_vruntime, __entry->slice,
		  __entry->weight, __entry->eligible, __entry->curr_pid,
		  __entry->curr_comm, __entry->curr_deadline)
);

#endif /* SS_CAN_EEVDF */

/*
 * A measured task's wait for a CPU that ended above `slow_us`
 * (slow_wait.h): the task, what it waited after (kind: 1 woken, 2
 * preempted, 3 new, 4 its group throttled), how long, and on the CPU it
 * then ran on, meanwhile: the SS_SLOW_RAN tasks that ran longest (tid 0:
 * none), the others summed, the CPU idle, and the time before the log's
 * oldest switch (unseen).  ran_comm: the names, TASK_COMM_LEN bytes each.
 */
TRACE_EVENT(slow_wait,

	TP_PROTO(const struct task_struct *p, int kind, u64 wait_ns,
		 u64 cgroup, const struct ss_slow_summary *s),

	TP_ARGS(p, kind, wait_ns, cgroup, s),

	TP_STRUCT__entry(
		__field(int,		cpu)
		__field(pid_t,		pid)
		__field(pid_t,		tgid)
		__array(char,		comm,	TASK_COMM_LEN)
		__field(int,		kind)
		__field(int,		nice)
		__field(u64,		wait_ns)
		__field(u64,		slice)
		__field(u64,		cgroup)
		__array(pid_t,		ran_pid, SS_SLOW_RAN)
		__array(pid_t,		ran_tgid, SS_SLOW_RAN)
		__array(int,		ran_nice, SS_SLOW_RAN)
		__array(u64,		ran_ns, SS_SLOW_RAN)
		__array(u64,		ran_slice, SS_SLOW_RAN)
		__array(char,		ran_comm, SS_SLOW_RAN * TASK_COMM_LEN)
		__field(u32,		rest_tasks)
		__field(u64,		rest_ns)
		__field(u64,		idle_ns)
		__field(u64,		unseen_ns)
		__array(u64,		ran_cgroup, SS_SLOW_RAN)
		__array(char,		decision, SS_DECISION_NAME_LEN)
		__field(s64,		lag)
		__field(int,		eligible)
		__field(int,		from_cpu)
		__field(int,		migrated)
		__field(int,		policy)
		__field(s64,		deadline)
		__field(int,		ended)
	),

	TP_fast_assign(
		int i;

		__entry->cpu		= task_cpu(p);
		__entry->pid		= p->pid;
		__entry->tgid		= p->tgid;
		memcpy(__entry->comm, p->comm, TASK_COMM_LEN);
		__entry->kind		= kind;
		__entry->nice		= task_nice(p);
		__entry->wait_ns	= wait_ns;
		__entry->slice		= ss_se_slice(&p->se);
		__entry->cgroup		= cgroup;
		memset(__entry->ran_comm, 0, sizeof(__entry->ran_comm));
		for (i = 0; i < SS_SLOW_RAN; i++) {
			const struct ss_run_entry *e = &s->ran[i];
			bool named = i < s->nran;

			__entry->ran_pid[i]	= named ? e->tid : 0;
			__entry->ran_tgid[i]	= named ? s->ran_tgid[i] : 0;
			__entry->ran_nice[i]	= named ? e->nice : 0;
			__entry->ran_ns[i]	= named ? s->ran_ns[i] : 0;
			__entry->ran_slice[i]	= named ? s->ran_slice[i] : 0;
			__entry->ran_cgroup[i]	= named ? s->ran_cgroup[i] : 0;
			if (named)
				memcpy(__entry->ran_comm + i * TASK_COMM_LEN,
				       e->comm, TASK_COMM_LEN);
		}
		__entry->rest_tasks	= s->rest_tasks;
		__entry->rest_ns	= s->rest_ns;
		__entry->idle_ns	= s->idle_ns;
		__entry->unseen_ns	= s->unseen_ns;
		strscpy(__entry->decision, s->decision,
			SS_DECISION_NAME_LEN);
		__entry->lag		= s->has_lag ? s->lag : 0;
		__entry->eligible	= s->has_lag ? s->eligible : -1;
		__entry->from_cpu	= s->from_cpu;
		__entry->migrated	= s->migrated;
		__entry->policy		= p->policy;
		__entry->deadline	= s->has_lag ? s->deadline : 0;
		__entry->ended		= s->ended;
	),

	TP_printk("cpu=%d pid=%d tgid=%d comm=%s kind=%d wait_ns=%llu ran=%d/%llu,%d/%llu,%d/%llu rest=%u/%llu idle_ns=%llu unseen_ns=%llu decision=%s lag=%lld eligible=%d from_cpu=%d migrated=%d policy=%d deadline=%lld ended=%d",
		  __entry->cpu, __entry->pid, __entry->tgid, __entry->comm,
		  __entry->kind, __entry->wait_ns,
		  __entry->ran_pid[0], __entry->ran_ns[0],
		  __entry->ran_pid[1], __entry->ran_ns[1],
		  __entry->ran_pid[2], __entry->ran_ns[2],
		  __entry->rest_tasks, __entry->rest_ns, __entry->idle_ns,
		  __entry->unseen_ns, __entry->decision, __entry->lag,
		  __entry->eligible, __entry->from_cpu, __entry->migrated,
		  __entry->policy, __entry->deadline, __entry->ended)
);

#endif /* _SCHEDSCOPE_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE schedscope_trace
#include <trace/define_trace.h>
