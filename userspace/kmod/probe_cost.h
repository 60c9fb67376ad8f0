/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What measuring costs, as the module measured it (module/cost.h): the
 * `cost` line of its status file, the mean time a call of its busy probes
 * took since measuring was enabled or reset, from one call in `every`.
 */
#ifndef SCHEDSCOPE_KMOD_PROBE_COST_H
#define SCHEDSCOPE_KMOD_PROBE_COST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct probe_cost {
	bool have;			/* the status file has a cost line */
	double switch_ns, wakeup_ns;	/* NAN: no call timed yet */
	uint64_t timed_switches, timed_wakeups;
	unsigned int every;		/* one call in every is timed */
	double clock_ns;		/* the clock's own part, taken off */
	/*
	 * status's sample line (module/sampling.h): the EEVDF groups record
	 * 1 switch and 1 wakeup in sample, each counting sample; 1: every
	 * event (and a module older than sampling)
	 */
	unsigned int sample;
};

/*
 * The cost and sample lines of a status file's text: 0 (c->have false when
 * there is no cost line, as with a module older than it), -EINVAL when one
 * is malformed (err says how).
 */
int probe_cost_parse(const char *status, struct probe_cost *c, char *err,
		     size_t errlen);

/* The same from the status file at path; -errno when it cannot be read. */
int probe_cost_read(const char *path, struct probe_cost *c, char *err,
		    size_t errlen);

#endif
