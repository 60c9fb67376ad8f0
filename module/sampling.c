// SPDX-License-Identifier: GPL-2.0
/*
 * `sample` (sampling.h): how many events of the sampled groups one
 * recorded event stands for, and whether the probes sample.  attach.c
 * sets it only while the probes are detached, under its lock.
 */
#include <linux/random.h>
#include <linux/seq_file.h>

#include "sampling.h"

unsigned int ss_sample_every = 1;
bool ss_sampling_on;

int ss_sample_check(unsigned int n)
{
	return n >= 1 && n <= SS_SAMPLE_MAX ? 0 : -EINVAL;
}

/*
 * Before the probes attach: on where a sampled group is measured and N is
 * above 1, each CPU's draws seeded apart and its countdowns cleared (the
 * first call of each probe is sampled and draws the next).
 */
void ss_sampling_start(unsigned int groups_measured)
{
	int cpu, k;

	if (READ_ONCE(ss_sample_every) < 2 ||
	    !(groups_measured & SS_SAMPLED_GROUPS))
		return;
	for_each_possible_cpu(cpu) {
		struct ss_cpu *c = per_cpu_ptr(ss_cpus, cpu);

		/* xorshift never leaves 0, and never reaches it */
		c->sample_rand = get_random_u32() | 1;
		for (k = 0; k < SS_NR_COST_PROBES; k++)
			c->sample_countdown[k] = 0;
	}
	WRITE_ONCE(ss_sampling_on, true);
}

/* After the probes are detached. */
void ss_sampling_stop(void)
{
	WRITE_ONCE(ss_sampling_on, false);
}

/* For status: N, and what it samples. */
void ss_sampling_show(struct seq_file *m)
{
	unsigned int n = READ_ONCE(ss_sample_every);

	if (n == 1) {
		seq_puts(m, "sample 1 every event\n");
		return;
	}
	seq_printf(m, "sample %u of the eevdf, delayed_dequeue, decisions and pick_order groups: 1 switch and 1 wakeup in %u recorded, each counting %u\n",
		   n, n, n);
}
