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
/* the N the counts were recorded with: of the measuring now or last */
static unsigned int ss_sample_recorded = 1;

int ss_sample_check(unsigned int n)
{
	return n >= 1 && n <= SS_SAMPLE_MAX ? 0 : -EINVAL;
}

/*
 * The calls to the first one sampled, as if sampling had run all along: a
 * countdown from 1 to 2N-1 as likely as the gaps it may fall in are long,
 * 2N less the longer of two gaps (within one draw in 4N of it).  A first
 * call always sampled would add about 2N/3 to each CPU's counts at every
 * enable.
 */
static u32 ss_sample_first(unsigned int n)
{
	u32 a = ss_sample_scaled(get_random_u32(), n);
	u32 b = ss_sample_scaled(get_random_u32(), n);

	return 2 * n - max(a, b);
}

/*
 * Before the probes attach: on where a sampled group is measured and N is
 * above 1, each CPU's draws seeded apart and its countdowns drawn.
 */
void ss_sampling_start(unsigned int groups_measured)
{
	unsigned int n = READ_ONCE(ss_sample_every);
	int cpu, k;

	if (n < 2 || !(groups_measured & SS_SAMPLED_GROUPS)) {
		WRITE_ONCE(ss_sample_recorded, 1);
		return;
	}
	for_each_possible_cpu(cpu) {
		struct ss_cpu *c = per_cpu_ptr(ss_cpus, cpu);

		/* xorshift never leaves 0, and never reaches it */
		c->sample_rand = get_random_u32() | 1;
		for (k = 0; k < SS_NR_COST_PROBES; k++)
			c->sample_countdown[k] = ss_sample_first(n);
	}
	WRITE_ONCE(ss_sample_recorded, n);
	WRITE_ONCE(ss_sampling_on, true);
}

/* After the probes are detached. */
void ss_sampling_stop(void)
{
	WRITE_ONCE(ss_sampling_on, false);
}

/*
 * For status: the N the counts were recorded with (of the measuring now or
 * last; 1 where no sampled group was measured), what it samples, and the
 * N set where another one is set for the next measuring.
 */
void ss_sampling_show(struct seq_file *m)
{
	unsigned int n = READ_ONCE(ss_sample_recorded);
	unsigned int set = READ_ONCE(ss_sample_every);

	if (n == 1)
		seq_puts(m, "sample 1 every event");
	else
		seq_printf(m, "sample %u of the eevdf, delayed_dequeue, decisions and pick_order groups: 1 switch and 1 wakeup in %u recorded, each counting %u",
			   n, n, n);
	if (set != n)
		seq_printf(m, " (%u set)", set);
	seq_putc(m, '\n');
}
