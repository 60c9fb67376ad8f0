/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's clock=... parameter: the clock it times waits with.  mono,
 * runqlat's ktime_get_mono_fast_ns(), where timekeeping reads the TSC: there
 * it costs fewer instructions than local_clock() (about 30 a call on 7.x).
 * local, local_clock(), anywhere else: there a mono read is an HPET or ACPI
 * PM read, microseconds each.
 */
#ifndef SCHEDSCOPE_KMOD_WAIT_CLOCK_H
#define SCHEDSCOPE_KMOD_WAIT_CLOCK_H

#define WAIT_CLOCK_SOURCE \
	"/sys/devices/system/clocksource/clocksource0/current_clocksource"

/* "mono" or "local" for the contents of current_clocksource (NULL: unread). */
const char *wait_clock_for(const char *clocksource);

/* The same for the running kernel's clocksource file at path. */
const char *wait_clock_live(const char *path);

#endif
