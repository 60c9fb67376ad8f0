// SPDX-License-Identifier: GPL-2.0
/*
 * The clock waits are timed with (the clock= parameter, schedscope.h):
 * local_clock(), ktime_get_mono_fast_ns() or the runqueue's own clock,
 * chosen at load.
 *
 * rq: the clock the scheduler last read into the task's runqueue
 * (rq->clock), as its own run_delay accounting uses it: every probe runs
 * under that runqueue's lock, after the kernel updated it (at the top of
 * __schedule(), before a wakeup's enqueue).  Reading it is a few loads
 * where a clock read is 40 to 70 instructions.  struct rq and struct
 * cfs_rq are private, so where rq->clock lies comes from the running
 * kernel's BTF, as `schedscope load` reads it, in the rq_layout parameter:
 *
 *   rq=OFF,clock=OFF,cpu=OFF
 *
 * (rq: the struct rq pointer in struct cfs_rq; clock, the u64, and cpu, the
 * int, in struct rq.)  Checked before use, on the loading CPU with
 * interrupts off: its runqueue's cpu must be that CPU and its clock at or a
 * little before local_clock(); else the load is refused.
 */
#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "schedscope.h"

static char *wait_clock = "local";
module_param_named(clock, wait_clock, charp, 0444);
MODULE_PARM_DESC(clock,
		 "the clock waits are timed with: local (local_clock(), default), mono (ktime_get_mono_fast_ns(), runqlat's) or rq (the runqueue's clock, as run_delay; needs rq_layout)");

static char *rq_layout;
module_param(rq_layout, charp, 0444);
MODULE_PARM_DESC(rq_layout,
		 "where struct cfs_rq keeps its rq and struct rq its clock and cpu, from the kernel's BTF, as `schedscope load` passes them: rq=OFF,clock=OFF,cpu=OFF");

DEFINE_STATIC_KEY_FALSE(ss_clock_mono);
DEFINE_STATIC_KEY_FALSE(ss_clock_rq);
struct ss_rq_clock_layout ss_rq_clock;

/* struct cfs_rq is 384 to 640 bytes, struct rq a few KiB on the kernels seen */
#define SS_CFS_RQ_MAX	2048
#define SS_RQ_MAX	65536
/* how far rq->clock may lag local_clock() on the loading CPU: a tick or so */
#define SS_RQ_CLOCK_MAX_LAG	(10 * NSEC_PER_SEC)

static int ss_rq_layout_parse(char *text, unsigned int *cpu_off)
{
	struct {
		const char *key;
		unsigned int *off;
		unsigned int width, max;
	} fields[] = {
		{ "rq", &ss_rq_clock.cfs_rq_rq, sizeof(void *), SS_CFS_RQ_MAX },
		{ "clock", &ss_rq_clock.clock, sizeof(u64), SS_RQ_MAX },
		{ "cpu", cpu_off, sizeof(int), SS_RQ_MAX },
	};
	bool seen[ARRAY_SIZE(fields)] = { };
	char *pair;
	int i;

	while ((pair = strsep(&text, ","))) {
		char *value = strchr(pair, '=');

		if (!value) {
			pr_err("schedscope: rq_layout: '%s' is not key=value\n", pair);
			return -EINVAL;
		}
		*value++ = '\0';
		for (i = 0; i < ARRAY_SIZE(fields); i++)
			if (!strcmp(pair, fields[i].key))
				break;
		if (i == ARRAY_SIZE(fields)) {
			pr_err("schedscope: rq_layout: unknown key '%s'\n", pair);
			return -EINVAL;
		}
		if (seen[i] || kstrtouint(value, 10, fields[i].off) ||
		    *fields[i].off % fields[i].width ||
		    *fields[i].off > fields[i].max - fields[i].width) {
			pr_err("schedscope: rq_layout: '%s' is repeated, unaligned or out of range\n",
			       pair);
			return -EINVAL;
		}
		seen[i] = true;
	}
	for (i = 0; i < ARRAY_SIZE(fields); i++) {
		if (!seen[i]) {
			pr_err("schedscope: rq_layout: '%s' missing\n",
			       fields[i].key);
			return -EINVAL;
		}
	}
	if (*cpu_off < ss_rq_clock.clock + sizeof(u64) &&
	    ss_rq_clock.clock < *cpu_off + sizeof(int)) {
		pr_err("schedscope: rq_layout: clock and cpu overlap\n");
		return -EINVAL;
	}
	return 0;
}

#ifdef CONFIG_FAIR_GROUP_SCHED
/* The loading CPU's runqueue, read without trusting the offsets. */
static int ss_rq_layout_check(unsigned int cpu_off)
{
	const char *rq;
	unsigned long flags;
	u64 clock, now;
	int cpu, this_cpu, err = 0;

	local_irq_save(flags);
	this_cpu = smp_processor_id();
	if (copy_from_kernel_nofault(&rq, (const char *)current->se.cfs_rq +
				     ss_rq_clock.cfs_rq_rq, sizeof(rq)) ||
	    copy_from_kernel_nofault(&cpu, rq + cpu_off, sizeof(cpu)) ||
	    copy_from_kernel_nofault(&clock, rq + ss_rq_clock.clock,
				     sizeof(clock)))
		err = -EFAULT;
	now = local_clock();
	local_irq_restore(flags);
	if (err || cpu != this_cpu) {
		pr_err("schedscope: rq_layout refused: the loading task's cfs_rq->rq->cpu is not its CPU %d (rq or cpu offset)\n",
		       this_cpu);
		return -EINVAL;
	}
	if (clock > now || now - clock > SS_RQ_CLOCK_MAX_LAG) {
		pr_err("schedscope: rq_layout refused: rq->clock %llu is not at or shortly before local_clock() %llu (clock offset)\n",
		       clock, now);
		return -EINVAL;
	}
	return 0;
}
#else
static int ss_rq_layout_check(unsigned int cpu_off)
{
	pr_err("schedscope: clock=rq needs CONFIG_FAIR_GROUP_SCHED (a task's cfs_rq)\n");
	return -EINVAL;
}
#endif

static int ss_rq_clock_init(void)
{
	unsigned int cpu_off;
	char *text;
	int err;

	if (!rq_layout || !*rq_layout) {
		pr_err("schedscope: clock=rq needs rq_layout (`schedscope load` reads it from the kernel's BTF)\n");
		return -EINVAL;
	}
	text = kstrdup(rq_layout, GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	err = ss_rq_layout_parse(text, &cpu_off);
	kfree(text);
	if (!err)
		err = ss_rq_layout_check(cpu_off);
	if (!err)
		static_branch_enable(&ss_clock_rq);
	return err;
}

/* The clock= parameter: before any probe is attached. */
int ss_clock_init(void)
{
	if (!strcmp(wait_clock, "rq"))
		return ss_rq_clock_init();
	if (rq_layout && *rq_layout) {
		pr_err("schedscope: rq_layout is for clock=rq, not clock=%s\n",
		       wait_clock);
		return -EINVAL;
	}
	if (!strcmp(wait_clock, "mono")) {
		static_branch_enable(&ss_clock_mono);
	} else if (strcmp(wait_clock, "local")) {
		pr_err("schedscope: clock=%s is not local, mono or rq\n",
		       wait_clock);
		return -EINVAL;
	}
	return 0;
}

const char *ss_clock_name(void)
{
	if (static_branch_unlikely(&ss_clock_rq))
		return "rq";
	return static_branch_unlikely(&ss_clock_mono) ? "mono" : "local";
}
