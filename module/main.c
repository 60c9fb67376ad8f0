// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope: measures what the Linux fair scheduler decides, from its
 * tracepoints, into per-CPU counters and log2 histograms read from debugfs
 * (/sys/kernel/debug/schedscope/, see docs/interface.md).
 *
 * Measuring is off until `enable` is set: disabled, no probe is attached and
 * the scheduler runs untouched.
 */
#include <linux/module.h>
#include <linux/string.h>

#include "compat.h"
#include "cost.h"
#include "decisions.h"
#include "eevdf.h"
#include "ranking.h"
#include "schedscope.h"

static bool enable_on_load;
module_param_named(enable, enable_on_load, bool, 0444);
MODULE_PARM_DESC(enable, "Start measuring at load (default: 0)");

static unsigned int task_slots = 65536;
module_param(task_slots, uint, 0444);
MODULE_PARM_DESC(task_slots,
		 "Size of the per-task wait table, 1024..4194304 (default: 65536)");

static char *cfs_rq_layout;
module_param(cfs_rq_layout, charp, 0444);
MODULE_PARM_DESC(cfs_rq_layout,
		 "struct cfs_rq offsets from the kernel's BTF, as `schedscope load` passes them");

static char *sched_features;
module_param(sched_features, charp, 0444);
MODULE_PARM_DESC(sched_features,
		 "where sysctl_sched_features is and which bit each feature is, as `schedscope load` passes them");

static int cfs_rq_witness;
module_param(cfs_rq_witness, int, 0444);
MODULE_PARM_DESC(cfs_rq_witness,
		 "pid of a task spinning on the loader's CPU and cfs_rq: the layout's sums are checked exactly against it");

static int __init schedscope_init(void)
{
	int err;

	if (task_slots < 1024 || task_slots > 4194304) {
		pr_err("schedscope: task_slots=%u is outside 1024..4194304\n",
		       task_slots);
		return -EINVAL;
	}
	err = ss_clock_init();
	if (err)
		return err;
	ss_cost_calibrate();
	err = ss_stats_alloc();
	if (err)
		return err;
	err = ss_task_slots_alloc(task_slots);
	if (err)
		goto err_stats;
	ss_fair_class_init();
	ss_cfs_layout_init(cfs_rq_layout, cfs_rq_witness);
	ss_sched_features_init(sched_features);
	/* the probes first: no file is there before they are ready */
	if (enable_on_load) {
		err = ss_set_enabled(true);
		if (err)
			goto err_slots;
	}
	err = ss_debugfs_create();
	if (err)
		goto err_disable;
	return 0;

err_disable:
	ss_set_enabled(false);
	ss_wakeup_check_exit();
	ss_filter_release();
err_slots:
	ss_task_slots_free();
err_stats:
	ss_stats_free();
	return err;
}

static void __exit schedscope_exit(void)
{
	/* No file operation runs after this, so nothing re-enables. */
	ss_debugfs_remove();
	ss_set_enabled(false);
	ss_wakeup_check_exit();
	ss_filter_release();
	ss_slow_free();
	ss_rank_free();
	ss_task_slots_free();
	ss_stats_free();
}

module_init(schedscope_init);
module_exit(schedscope_exit);

MODULE_DESCRIPTION("schedscope: fair scheduler decisions, latencies and context switches");
MODULE_AUTHOR("The schedscope authors");
MODULE_LICENSE("GPL");
MODULE_VERSION(SCHEDSCOPE_VERSION);
