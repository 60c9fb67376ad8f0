// SPDX-License-Identifier: GPL-2.0
/*
 * The fair class's wakeup check seen at its entry: whether the running
 * task's reschedule flag was already set when the kernel began to decide a
 * wakeup.  That is what `decline_pending` means (wakeup_decision.c), and no
 * tracepoint tells it: the flag is set by the tick, by a migration's check,
 * by throttling and by earlier wakeups, most of them untraced.
 *
 * The check is check_preempt_wakeup_fair() up to 6.12 and
 * wakeup_preempt_fair() on 7.x, reached only through
 * sched_class->wakeup_preempt, so never inlined.  An ftrace callback on
 * that one function (the ftrace location at its entry, where a kprobe
 * would go through ftrace too) notes on the wakee's CPU which task is
 * being checked and the running task's flags.  It runs under the wakee's
 * runqueue lock with interrupts off, as the sched_wakeup that follows the
 * check there does, and the switch there clears the note: sched_wakeup
 * takes it only for its own wakee, so a check that no sched_wakeup
 * follows (a migration's, a new task's) is never taken for another's.
 *
 * Attached with the probes while the decisions group is measured.  On a
 * kernel where neither function can be traced, the decisions tell a
 * pending flag from the wakeups before (ss_resched_pending()), and
 * `status` says so.
 */
#include <linux/ftrace.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/thread_info.h>

#include "compat.h"
#include "decisions.h"
#include "eevdf.h"
#include "schedscope.h"

#if SS_CAN_EEVDF && defined(CONFIG_DYNAMIC_FTRACE_WITH_ARGS)

DEFINE_STATIC_KEY_FALSE(ss_check_seen);

/* 7.x's name first: 6.12's was renamed to it in 6.19 */
static const char * const ss_check_names[] = {
	"wakeup_preempt_fair",
	"check_preempt_wakeup_fair",
};

/* the function found, for status; NULL until found, or if none is */
static const char *ss_check_name;
static char ss_check_why[96];
static bool ss_check_attached;

/*
 * The check's entry: (rq, p, wake_flags).  The wakee's CPU is its
 * runqueue's, whose lock the caller holds, and that CPU's running task is
 * the one its switches noted (written under the same lock).
 */
static void notrace ss_check_entry(unsigned long ip, unsigned long parent_ip,
				   struct ftrace_ops *op,
				   struct ftrace_regs *fregs)
{
	struct task_struct *p =
		(struct task_struct *)ftrace_regs_get_argument(fregs, 1);
	struct ss_cpu *rq_cpu = ss_cpu_of(task_cpu(p));
	const struct task_struct *curr = READ_ONCE(rq_cpu->curr);

	if (!curr)
		return;
	rq_cpu->check_tif = READ_ONCE(task_thread_info(curr)->flags) &
			    SS_TIF_RESCHED;
	if (ss_check_notes_next()) {
		const struct cfs_rq *root = READ_ONCE(rq_cpu->root_cfs_rq) ?:
					    ss_root_cfs_rq(&p->se);

		rq_cpu->check_next =
			READ_ONCE(*(const struct sched_entity * const *)
				  ((const char *)root + ss_cfs.next));
	}
	WRITE_ONCE(rq_cpu->check_wakee, p);
}

/*
 * No FTRACE_OPS_FL_RECURSION: called with interrupts off under the
 * runqueue lock, calling nothing, it cannot recurse, so ftrace calls it
 * straight from the function's own trampoline, without the assist
 * function's recursion test.
 */
static struct ftrace_ops ss_check_ops = {
	.func = ss_check_entry,
};

/* The filter on the check's function, set once and kept until exit. */
static int ss_wakeup_check_find(void)
{
	int i, err = -ENOENT;

	for (i = 0; i < ARRAY_SIZE(ss_check_names); i++) {
		char name[32];

		strscpy(name, ss_check_names[i], sizeof(name));
		err = ftrace_set_filter(&ss_check_ops, name, strlen(name), 1);
		if (!err) {
			ss_check_name = ss_check_names[i];
			return 0;
		}
	}
	snprintf(ss_check_why, sizeof(ss_check_why),
		 "neither %s nor %s can be traced (%d)",
		 ss_check_names[0], ss_check_names[1], err);
	return err;
}

/*
 * Attaches the callback (from attach.c, under its enable lock).  Nothing
 * to attach to is no error: the decisions go on without it.
 */
void ss_wakeup_check_attach(void)
{
	int err;

	if (!ss_check_name && ss_wakeup_check_find())
		return;
	ss_check_why[0] = '\0';
	err = register_ftrace_function(&ss_check_ops);
	if (err) {
		snprintf(ss_check_why, sizeof(ss_check_why),
			 "ftrace refused %s (%d)", ss_check_name, err);
		return;
	}
	ss_check_attached = true;
	static_branch_enable(&ss_check_seen);
}

/* Detaches it; when this returns, no callback runs any more. */
void ss_wakeup_check_detach(void)
{
	if (!ss_check_attached)
		return;
	static_branch_disable(&ss_check_seen);
	/* waits for the callbacks under way (and frees a trampoline) */
	WARN_ON_ONCE(unregister_ftrace_function(&ss_check_ops));
	ss_check_attached = false;
}

/*
 * At unload, detached: the filter freed.  Freed once only: ftrace frees a
 * filter replaced by ftrace_set_filter() itself, and up to 6.12
 * ftrace_free_filter() leaves the freed one in place.
 */
void ss_wakeup_check_exit(void)
{
	if (ss_check_name)
		ftrace_free_filter(&ss_check_ops);
}

void ss_wakeup_check_show(struct seq_file *m)
{
	if (ss_check_name && !ss_check_why[0])
		seq_printf(m, "wakeup_check %s: a reschedule pending is the flag at its entry\n",
			   ss_check_name);
	else if (ss_check_why[0])
		seq_printf(m, "wakeup_check none: %s; a reschedule pending is known from the wakeups before\n",
			   ss_check_why);
	else
		seq_puts(m, "wakeup_check none: not attached (the decisions group is not measured)\n");
}

#else

DEFINE_STATIC_KEY_FALSE(ss_check_seen);

void ss_wakeup_check_attach(void)
{
}

void ss_wakeup_check_detach(void)
{
}

void ss_wakeup_check_exit(void)
{
}

void ss_wakeup_check_show(struct seq_file *m)
{
	if (SS_CAN_EEVDF)
		seq_puts(m, "wakeup_check none: no ftrace with arguments here; "
			 "a reschedule pending is known from the wakeups before\n");
	else
		seq_puts(m, "wakeup_check none: no EEVDF wakeup decisions on this kernel\n");
}

#endif
