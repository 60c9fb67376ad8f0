// SPDX-License-Identifier: GPL-2.0
/*
 * What runs at every switch and wakeup, built as one compilation unit, as
 * kernel/sched/build_policy.c builds the scheduler's policies: the probes
 * and the EEVDF reads and wakeup decisions they call.  In one unit the
 * compiler inlines all of it into the two busy probes (__flatten), which
 * saves their calls and the registers and stack canaries each call sets up:
 * with every group, about 160 (6.12) and 190 (7.3) instructions a switch.
 * tests/vm/probe-calls checks each build for calls left out of line.
 */
#include "probes.c"
#include "wakeup_decision.c"
/* the EEVDF reads (every trace event is created in slow_wait.c) */
#include "eevdf.c"
