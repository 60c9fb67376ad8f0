// SPDX-License-Identifier: GPL-2.0
/*
 * The debugfs interface, /sys/kernel/debug/schedscope/ (docs/interface.md).
 *
 * Reads sum the per-CPU data at read time.  A write is parsed whole before
 * anything changes: bad input returns an error and leaves the state as it was.
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/utsname.h>

#include "compat.h"
#include "decisions.h"
#include "eevdf.h"
#include "ranking.h"
#include "cost.h"
#include "sampling.h"
#include "schedscope.h"

#define SS_FILTER_MAX	4096	/* bytes a filter write may hold */
#define SS_FLAG_MAX	32	/* enable, reset: longer is E2BIG, not EINVAL */
#define SS_GROUPS_MAX	256	/* bytes a groups write may hold */

static struct dentry *ss_dir;

/*
 * Copies a one-line write into a NUL-terminated kernel buffer, dropping one
 * trailing newline.  Each write() stands alone: no partial writes.
 */
static char *ss_write_line(const char __user *ubuf, size_t count, loff_t *ppos,
			   size_t max)
{
	char *buf;

	if (*ppos)
		return ERR_PTR(-EINVAL);
	if (count > max)
		return ERR_PTR(-E2BIG);
	buf = memdup_user_nul(ubuf, count);
	if (IS_ERR(buf))
		return buf;
	if (count && buf[count - 1] == '\n')
		buf[--count] = '\0';
	if (!count || strlen(buf) != count) {	/* empty, or an embedded NUL */
		kfree(buf);
		return ERR_PTR(-EINVAL);
	}
	return buf;
}

/*
 * A one-line write of a number: decimal digits only (no sign, no base
 * prefix, no second newline), else -EINVAL; past u64, -ERANGE.
 */
static int ss_write_number(const char __user *ubuf, size_t count,
			   loff_t *ppos, u64 *v)
{
	char *buf = ss_write_line(ubuf, count, ppos, SS_FLAG_MAX);
	int err;

	if (IS_ERR(buf))
		return PTR_ERR(buf);
	err = buf[strspn(buf, "0123456789")] ? -EINVAL :
	      kstrtou64(buf, 10, v);
	kfree(buf);
	return err;
}

/* `slow_us`: the threshold of a slow wait in us, 0 disarmed (slow_wait.h) */
static int ss_slow_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%llu\n", ss_slow_us());
	return 0;
}

static int ss_slow_open(struct inode *inode, struct file *file)
{
	return single_open(file, ss_slow_show, NULL);
}

static ssize_t ss_slow_write(struct file *file, const char __user *ubuf,
			     size_t count, loff_t *ppos)
{
	u64 us;
	int err = ss_write_number(ubuf, count, ppos, &us);

	if (!err)
		err = ss_slow_set(us);
	return err ? err : count;
}

static const struct file_operations ss_slow_fops = {
	.owner		= THIS_MODULE,
	.open		= ss_slow_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
	.write		= ss_slow_write,
};

/* `sample`: N, the sampled groups record 1 event in N (sampling.h) */
static int ss_sample_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%u\n", READ_ONCE(ss_sample_every));
	return 0;
}

static int ss_sample_open(struct inode *inode, struct file *file)
{
	return single_open(file, ss_sample_show, NULL);
}

static ssize_t ss_sample_write(struct file *file, const char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	u64 n;
	int err = ss_write_number(ubuf, count, ppos, &n);

	/* out of 1..SS_SAMPLE_MAX, however far */
	if (err == -ERANGE || (!err && n > SS_SAMPLE_MAX))
		err = -EINVAL;
	if (!err)
		err = ss_set_sample(n);
	return err ? err : count;
}

static const struct file_operations ss_sample_fops = {
	.owner		= THIS_MODULE,
	.open		= ss_sample_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
	.write		= ss_sample_write,
};

/* `rank_by`: what the ranking's entries are kept by (ranking.h) */
static int ss_rank_by_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%s\n", ss_rank_by_name());
	return 0;
}

static int ss_rank_by_open(struct inode *inode, struct file *file)
{
	return single_open(file, ss_rank_by_show, NULL);
}

static ssize_t ss_rank_by_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	char *buf = ss_write_line(ubuf, count, ppos, SS_FLAG_MAX);
	int err;

	if (IS_ERR(buf))
		return PTR_ERR(buf);
	err = ss_rank_set(buf);
	kfree(buf);
	return err ? err : count;
}

static const struct file_operations ss_rank_by_fops = {
	.owner		= THIS_MODULE,
	.open		= ss_rank_by_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
	.write		= ss_rank_by_write,
};

/* a CPU's table a record (ranking.c): no buffer holds them all */
static int ss_ranking_open(struct inode *inode, struct file *file)
{
	return seq_open(file, &ss_rank_seq_ops);
}

static const struct file_operations ss_ranking_fops = {
	.owner		= THIS_MODULE,
	.open		= ss_ranking_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/* `0` or `1`, nothing else. */
static int ss_parse_bit(const char __user *ubuf, size_t count, loff_t *ppos,
			bool *bit)
{
	char *buf = ss_write_line(ubuf, count, ppos, SS_FLAG_MAX);
	int err = 0;

	if (IS_ERR(buf))
		return PTR_ERR(buf);
	if (!strcmp(buf, "0"))
		*bit = false;
	else if (!strcmp(buf, "1"))
		*bit = true;
	else
		err = -EINVAL;
	kfree(buf);
	return err;
}

/* the metric groups' names, for status and groups */

static const char * const ss_group_names[SS_NR_GROUPS] = {
#define SS_GROUP(id, name) \
	[SS_GROUP_##id] = #name,
#include "metrics.h"
};

/* groups */

static int ss_groups_show(struct seq_file *m, void *v)
{
	unsigned int on = ss_groups_on();
	const char *sep = "";
	int g;

	for (g = 0; g < SS_NR_GROUPS; g++) {
		if (!(on & BIT(g)))
			continue;
		seq_printf(m, "%s%s", sep, ss_group_names[g]);
		sep = " ";
	}
	seq_putc(m, '\n');
	return 0;
}

static int ss_groups_open(struct inode *inode, struct file *file)
{
	return single_open(file, ss_groups_show, NULL);
}

/* `all`, or group names separated by commas or spaces */
static int ss_parse_groups(char *list, unsigned int *mask)
{
	char *name;
	int g;

	*mask = 0;
	if (!strcmp(list, "all")) {
		*mask = SS_GROUPS_ALL;
		return 0;
	}
	while ((name = strsep(&list, ", ")) != NULL) {
		if (!*name)
			continue;
		g = match_string(ss_group_names, SS_NR_GROUPS, name);
		if (g < 0)
			return -EINVAL;
		*mask |= BIT(g);
	}
	return *mask ? 0 : -EINVAL;
}

static ssize_t ss_groups_write(struct file *file, const char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	char *buf = ss_write_line(ubuf, count, ppos, SS_GROUPS_MAX);
	unsigned int mask;
	int err;

	if (IS_ERR(buf))
		return PTR_ERR(buf);
	err = ss_parse_groups(buf, &mask);
	if (!err)
		err = ss_set_groups(mask);
	kfree(buf);
	return err ? err : count;
}

static const struct file_operations ss_groups_fops = {
	.owner		= THIS_MODULE,
	.open		= ss_groups_open,
	.read		= seq_read,
	.write		= ss_groups_write,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/* status */

static int ss_status_show(struct seq_file *m, void *v)
{
	bool on = ss_enabled();
	int g;

	seq_printf(m, "version %s\n", SCHEDSCOPE_VERSION);
	seq_printf(m, "interface %d\n", SCHEDSCOPE_INTERFACE);
	seq_printf(m, "kernel %s\n", init_utsname()->release);
	seq_printf(m, "enabled %d\n", on);
	seq_puts(m, "filter ");
	ss_filter_show(m);
	seq_printf(m, "task_slots %u\n", ss_task_slots_nr);
	seq_printf(m, "memory task_slots %zu percpu %zu\n",
		   ss_task_slots_bytes(),
		   sizeof(struct ss_cpu) * num_possible_cpus());
	seq_printf(m, "clock %s\n", ss_clock_name());
	ss_cost_show(m);
	ss_sampling_show(m);
	seq_puts(m, "groups ");
	ss_groups_show(m, NULL);
	for (g = 0; g < SS_NR_GROUPS; g++) {
		seq_printf(m, "group %s ", ss_group_names[g]);
		if (g == SS_GROUP_EEVDF && !ss_cfs.live)
			ss_cfs_layout_show_why(m);
		else if (g == SS_GROUP_DELAYED_DEQUEUE && !SS_HAVE_DELAYED_DEQUEUE)
			seq_printf(m, "unsupported: kernel %s has no delayed dequeue (6.12+)\n",
				   init_utsname()->release);
		else if (g == SS_GROUP_DECISIONS && ss_eevdf_live() &&
			 !ss_feats.live)
			ss_sched_features_show_why(m);
		else if ((g == SS_GROUP_PICK_ORDER ||
			  g == SS_GROUP_DECISIONS) && ss_eevdf_live() &&
			 !ss_pick_order_live())
			seq_puts(m, "off: cfs_rq_layout has no timeline (the offset of tasks_timeline)\n");
		else if (!ss_group_supported(g))
			seq_puts(m, "off: needs the eevdf group\n");
		else if (!(ss_groups_on() & BIT(g)))
			seq_puts(m, "off: not selected (write its name to groups)\n");
		else if (!on)
			seq_puts(m, "off: not enabled (write 1 to enable)\n");
		else
			seq_puts(m, "live\n");
	}
	ss_fair_class_show(m);
	ss_wakeup_check_show(m);
	ss_probes_show(m);
	if (ss_cfs.live)
		ss_cfs_layout_show(m);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ss_status);

/* enable */

static int ss_enable_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%d\n", ss_enabled());
	return 0;
}

static int ss_enable_open(struct inode *inode, struct file *file)
{
	return single_open(file, ss_enable_show, NULL);
}

static ssize_t ss_enable_write(struct file *file, const char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	bool on;
	int err;

	err = ss_parse_bit(ubuf, count, ppos, &on);
	if (!err)
		err = ss_set_enabled(on);
	return err ? err : count;
}

static const struct file_operations ss_enable_fops = {
	.owner		= THIS_MODULE,
	.open		= ss_enable_open,
	.read		= seq_read,
	.write		= ss_enable_write,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/* reset */

static ssize_t ss_reset_write(struct file *file, const char __user *ubuf,
			      size_t count, loff_t *ppos)
{
	static DEFINE_MUTEX(ss_reset_lock);
	bool yes;
	int err;

	err = ss_parse_bit(ubuf, count, ppos, &yes);
	if (!err && !yes)
		err = -EINVAL;
	if (err)
		return err;
	mutex_lock(&ss_reset_lock);
	ss_stats_reset();
	ss_rank_reset();
	mutex_unlock(&ss_reset_lock);
	return count;
}

static const struct file_operations ss_reset_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.write	= ss_reset_write,
	.llseek	= noop_llseek,
};

/* filter */

static int ss_filter_file_show(struct seq_file *m, void *v)
{
	ss_filter_show(m);
	return 0;
}

static int ss_filter_open(struct inode *inode, struct file *file)
{
	return single_open(file, ss_filter_file_show, NULL);
}

static ssize_t ss_filter_write(struct file *file, const char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	char *buf = ss_write_line(ubuf, count, ppos, SS_FILTER_MAX);
	int err;

	if (IS_ERR(buf))
		return PTR_ERR(buf);
	err = ss_filter_set(buf);
	kfree(buf);
	return err ? err : count;
}

static const struct file_operations ss_filter_fops = {
	.owner		= THIS_MODULE,
	.open		= ss_filter_open,
	.read		= seq_read,
	.write		= ss_filter_write,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/* stats, stats_percpu */

/*
 * `switches` (voluntary + involuntary, not a counter of its own), then the
 * counters and the histograms' keys in the order of metrics.h.
 */
static void ss_stats_print(struct seq_file *m, const char *prefix,
			   const struct ss_stats *s)
{
	const u64 *c = s->counters;
	int i;

	seq_printf(m, "%sswitches %llu\n", prefix,
		   c[SS_SWITCHES_VOLUNTARY] + c[SS_SWITCHES_INVOLUNTARY]);
	for (i = 0; i < SS_NR_COUNTERS; i++)
		if (ss_group_supported(ss_counters[i].group))
			seq_printf(m, "%s%s %llu\n", prefix,
				   ss_counters[i].name, c[i]);
	for (i = 0; i < SS_NR_HISTS; i++) {
		const struct ss_hist_info *info = &ss_hists[i];
		const struct ss_hist *h = &s->hists[i];

		if (!ss_group_supported(info->group))
			continue;
		seq_printf(m, "%s%s_count %llu\n", prefix, info->name,
			   h->count);
		if (info->kind == SS_SLOG2) {
			seq_printf(m, "%s%s_sum_pos_%s %llu\n", prefix,
				   info->name, info->unit, h->sum);
			seq_printf(m, "%s%s_sum_neg_%s %llu\n", prefix,
				   info->name, info->unit, h->neg_sum);
		} else {
			seq_printf(m, "%s%s_sum_%s %llu\n", prefix,
				   info->name, info->unit, h->sum);
		}
	}
}

static int ss_stats_show(struct seq_file *m, void *v)
{
	struct ss_stats *s = kmalloc(sizeof(*s), GFP_KERNEL);

	if (!s)
		return -ENOMEM;
	ss_stats_sum(s);
	ss_stats_print(m, "", s);
	kfree(s);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ss_stats);

static int ss_stats_percpu_show(struct seq_file *m, void *v)
{
	struct ss_stats *s = kmalloc(sizeof(*s), GFP_KERNEL);
	char prefix[16];
	int cpu;

	if (!s)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		ss_stats_cpu(cpu, s);
		snprintf(prefix, sizeof(prefix), "%d ", cpu);
		ss_stats_print(m, prefix, s);
	}
	kfree(s);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ss_stats_percpu);

/* hist/<name>, hist_percpu/<name> */

static int ss_hist_show(struct seq_file *m, void *v)
{
	enum ss_hist_id id = (uintptr_t)m->private;
	struct ss_stats *s = kmalloc(sizeof(*s), GFP_KERNEL);

	if (!s)
		return -ENOMEM;
	ss_stats_sum(s);
	ss_hist_print_header(m, &ss_hists[id], false);
	ss_hist_print(m, &ss_hists[id], &s->hists[id]);
	kfree(s);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ss_hist);

static int ss_hist_percpu_show(struct seq_file *m, void *v)
{
	enum ss_hist_id id = (uintptr_t)m->private;
	struct ss_stats *s = kmalloc(sizeof(*s), GFP_KERNEL);
	int cpu;

	if (!s)
		return -ENOMEM;
	ss_hist_print_header(m, &ss_hists[id], true);
	for_each_possible_cpu(cpu) {
		ss_stats_cpu(cpu, s);
		seq_printf(m, "cpu %d\n", cpu);
		ss_hist_print(m, &ss_hists[id], &s->hists[id]);
	}
	kfree(s);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ss_hist_percpu);

#if SS_CAN_EEVDF
DEFINE_SEQ_ATTRIBUTE(ss_eevdf_tasks);
#endif

int ss_debugfs_create(void)
{
	struct dentry *hist, *hist_percpu;
	uintptr_t h;

	ss_dir = debugfs_create_dir("schedscope", NULL);
	if (IS_ERR(ss_dir))
		return PTR_ERR(ss_dir);
	debugfs_create_file("status", 0444, ss_dir, NULL, &ss_status_fops);
	debugfs_create_file("enable", 0644, ss_dir, NULL, &ss_enable_fops);
	debugfs_create_file("reset", 0200, ss_dir, NULL, &ss_reset_fops);
	debugfs_create_file("filter", 0644, ss_dir, NULL, &ss_filter_fops);
	debugfs_create_file("groups", 0644, ss_dir, NULL, &ss_groups_fops);
	debugfs_create_file("sample", 0644, ss_dir, NULL, &ss_sample_fops);
	debugfs_create_file("slow_us", 0644, ss_dir, NULL, &ss_slow_fops);
	debugfs_create_file("rank_by", 0644, ss_dir, NULL, &ss_rank_by_fops);
	debugfs_create_file("ranking", 0444, ss_dir, NULL, &ss_ranking_fops);
	debugfs_create_file("stats", 0444, ss_dir, NULL, &ss_stats_fops);
	debugfs_create_file("stats_percpu", 0444, ss_dir, NULL,
			    &ss_stats_percpu_fops);
	hist = debugfs_create_dir("hist", ss_dir);
	hist_percpu = debugfs_create_dir("hist_percpu", ss_dir);
	for (h = 0; h < SS_NR_HISTS; h++) {
		if (!ss_group_supported(ss_hists[h].group))
			continue;
		debugfs_create_file(ss_hists[h].name, 0444, hist, (void *)h,
				    &ss_hist_fops);
		debugfs_create_file(ss_hists[h].name, 0444, hist_percpu,
				    (void *)h, &ss_hist_percpu_fops);
	}
#if SS_CAN_EEVDF
	if (ss_eevdf_live())
		debugfs_create_file("eevdf_tasks", 0444, ss_dir, NULL,
				    &ss_eevdf_tasks_fops);
#endif
	return 0;
}

void ss_debugfs_remove(void)
{
	debugfs_remove_recursive(ss_dir);
	ss_dir = NULL;
}
