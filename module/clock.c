// SPDX-License-Identifier: GPL-2.0
/*
 * The clock waits are timed with (the clock= parameter, schedscope.h):
 * local_clock() or ktime_get_mono_fast_ns(), chosen at load.
 */
#include <linux/jump_label.h>
#include <linux/module.h>
#include <linux/string.h>

#include "schedscope.h"

static char *wait_clock = "local";
module_param_named(clock, wait_clock, charp, 0444);
MODULE_PARM_DESC(clock,
		 "the clock waits are timed with: local (local_clock(), default) or mono (ktime_get_mono_fast_ns(), runqlat's)");

DEFINE_STATIC_KEY_FALSE(ss_clock_mono);

/* The clock= parameter: before any probe is attached. */
int ss_clock_init(void)
{
	if (!strcmp(wait_clock, "mono")) {
		static_branch_enable(&ss_clock_mono);
	} else if (strcmp(wait_clock, "local")) {
		pr_err("schedscope: clock=%s is neither local nor mono\n",
		       wait_clock);
		return -EINVAL;
	}
	return 0;
}

const char *ss_clock_name(void)
{
	return static_branch_unlikely(&ss_clock_mono) ? "mono" : "local";
}
