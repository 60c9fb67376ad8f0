// SPDX-License-Identifier: GPL-2.0
/*
 * Where the private struct cfs_rq keeps what EEVDF's V is made of.
 *
 * No header ships struct cfs_rq (kernel/sched/sched.h), and its fields move
 * and get renamed between kernels, even inside one stable series.  So the
 * layout comes from the running kernel's BTF, read in userspace by
 * `schedscope load` and handed over in the cfs_rq_layout parameter:
 *
 *   size=N,v0=OFF,sum_w_vruntime=OFF,sum_weight=OFF,curr=OFF,
 *   [load=OFF,][sum_shift=OFF,][timeline=OFF,][idle=OFF,][next=OFF,]
 *   [rq_next_class=DELTA,]
 *   [model=scaled|full|flat,]
 *   names=V0/SUM/WEIGHT,source=TEXT
 *
 * (model: see eevdf.h; full and flat need sum_shift; timeline is the
 * rb_root_cached tasks_timeline, which the pick_order group reads; idle the
 * int a group's cpu.idle sets, which the wakeup decisions read, as they do
 * next, the next buddy; DELTA, signed,
 * where struct rq keeps next_class (7.x) from its cfs member, the root
 * cfs_rq, which the wakeup decisions read too.)  It is checked here
 * before anything reads through it: offsets inside the struct, aligned and
 * distinct; then, on the live kernel, with interrupts off: cfs_rq->curr of
 * the loading task's cfs_rq must be that task's own entity, sum_shift must be
 * below 10 as the kernel keeps it, the tree's first entity must be queued
 * there and not be the running one, the sums must add up to
 * cfs_rq->load.weight as the model says, and v0 and V must lie near the
 * running entity's vruntime; with a witness (cfs_rq_witness, which
 * `schedscope load` starts) the sums are checked exactly against it.
 * Anything wrong leaves the EEVDF metrics off, with the reason in `status`;
 * the rest of the module works either way.
 */
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/delay.h>
#include <linux/pid.h>
#include <linux/preempt.h>
#include <linux/sched/task.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/utsname.h>

#include "compat.h"
#include "eevdf.h"
#include "schedscope.h"

struct ss_cfs_layout ss_cfs;

/* struct cfs_rq is 384 to 640 bytes on the kernels seen; leave room */
#define SS_CFS_MAX_SIZE	2048
/* struct rq is a few KiB: rq->next_class lies within 16 KiB of rq->cfs */
#define SS_RQ_MAX_DELTA	16384
/* cfs_rq->sum_shift: the kernel BUG()s before it reaches 10 */
#define SS_CFS_MAX_SHIFT	10
/* |V - v| of a running task: anything past ~17 s of virtual time is garbage */
#define SS_CFS_MAX_LAG	((s64)BIT_ULL(34))
/*
 * |v - v0| of the loading task itself: v0 follows V (zero_vruntime) or the
 * smallest vruntime (min_vruntime), a few lag bounds away; 4 s of virtual
 * time is past any nice-0 task's.  Group entities can be far further out.
 */
#define SS_CFS_MAX_KEY	((s64)BIT_ULL(32))
/* tries of the live check, a millisecond or two apart */
#define SS_CFS_TRIES	20

static char ss_cfs_refusal[128];

static int ss_cfs_refuse(const char *fmt, const char *arg)
{
	snprintf(ss_cfs_refusal, sizeof(ss_cfs_refusal), fmt, arg);
	return -EINVAL;
}

/* letters, digits and :/._- only: it is printed back in status */
static bool ss_cfs_text_ok(const char *s, size_t max)
{
	size_t n = strlen(s);

	if (!n || n >= max)
		return false;
	for (; *s; s++)
		if (!isalnum(*s) && !strchr(":/._-", *s))
			return false;
	return true;
}

/* the places in ss_cfs_parse()'s offsets[] of the fields not 8 bytes wide */
enum {
	SS_CFS_FIELD_SUM_SHIFT = 6,
	SS_CFS_FIELD_TIMELINE = 7,
	SS_CFS_FIELD_IDLE = 8,
};

static unsigned int ss_cfs_field_width(int i)
{
	if (i == SS_CFS_FIELD_SUM_SHIFT || i == SS_CFS_FIELD_IDLE)
		return sizeof(u32);
	if (i == SS_CFS_FIELD_TIMELINE)
		return sizeof(struct rb_root_cached);
	return sizeof(u64);
}

static int ss_cfs_parse(char *text)
{
	struct {
		const char *key;
		unsigned int *off;
	} offsets[] = {
		{ "size", &ss_cfs.size },
		{ "v0", &ss_cfs.v0 },
		{ "sum_w_vruntime", &ss_cfs.sum_w_vruntime },
		{ "sum_weight", &ss_cfs.sum_weight },
		{ "curr", &ss_cfs.curr },
		{ "load", &ss_cfs.load },
		{ "sum_shift", &ss_cfs.sum_shift },
		{ "timeline", &ss_cfs.timeline },
		{ "idle", &ss_cfs.idle },
		{ "next", &ss_cfs.next },
	};
	/* the first SS_CFS_REQUIRED keys must be there */
	enum { SS_CFS_REQUIRED = 5 };
	bool seen[ARRAY_SIZE(offsets)] = { };
	bool seen_model = false;
	char *pair;
	int i, j;

	ss_cfs.model = SS_MODEL_SCALED;
	ss_cfs.load = SS_CFS_NO_FIELD;
	ss_cfs.sum_shift = SS_CFS_NO_FIELD;
	ss_cfs.timeline = SS_CFS_NO_FIELD;
	ss_cfs.idle = SS_CFS_NO_FIELD;
	ss_cfs.next = SS_CFS_NO_FIELD;
	ss_cfs.has_next_class = false;
	while ((pair = strsep(&text, ","))) {
		char *value = strchr(pair, '=');

		if (!value)
			return ss_cfs_refuse("'%s' is not key=value", pair);
		*value++ = '\0';
		if (!strcmp(pair, "names")) {
			if (!ss_cfs_text_ok(value, sizeof(ss_cfs.names)))
				return ss_cfs_refuse("bad names '%s'", value);
			strscpy(ss_cfs.names, value, sizeof(ss_cfs.names));
			continue;
		}
		if (!strcmp(pair, "model")) {
			if (seen_model)
				return ss_cfs_refuse("bad or repeated '%s'", pair);
			seen_model = true;
			if (!strcmp(value, "scaled"))
				ss_cfs.model = SS_MODEL_SCALED;
			else if (!strcmp(value, "full"))
				ss_cfs.model = SS_MODEL_FULL;
			else if (!strcmp(value, "flat") && SS_HAVE_H_LOAD)
				ss_cfs.model = SS_MODEL_FLAT;
			else
				return ss_cfs_refuse("model '%s' unknown here",
						     value);
			continue;
		}
		if (!strcmp(pair, "rq_next_class")) {
			if (ss_cfs.has_next_class ||
			    kstrtoint(value, 10, &ss_cfs.rq_next_class))
				return ss_cfs_refuse("bad or repeated '%s'", pair);
			ss_cfs.has_next_class = true;
			continue;
		}
		if (!strcmp(pair, "source")) {
			if (!ss_cfs_text_ok(value, sizeof(ss_cfs.source)))
				return ss_cfs_refuse("bad source '%s'", value);
			strscpy(ss_cfs.source, value, sizeof(ss_cfs.source));
			continue;
		}
		for (i = 0; i < ARRAY_SIZE(offsets); i++)
			if (!strcmp(pair, offsets[i].key))
				break;
		if (i == ARRAY_SIZE(offsets))
			return ss_cfs_refuse("unknown key '%s'", pair);
		if (seen[i] || kstrtouint(value, 10, offsets[i].off))
			return ss_cfs_refuse("bad or repeated '%s'", pair);
		seen[i] = true;
	}
	for (i = 0; i < SS_CFS_REQUIRED; i++)
		if (!seen[i])
			return ss_cfs_refuse("'%s' missing", offsets[i].key);
	if (ss_cfs.model != SS_MODEL_SCALED && !seen[SS_CFS_FIELD_SUM_SHIFT])
		return ss_cfs_refuse("'%s' missing: models full and flat need it",
				     "sum_shift");

	if (ss_cfs.size < 64 || ss_cfs.size > SS_CFS_MAX_SIZE)
		return ss_cfs_refuse("%s", "size is implausible");
	/* a pointer in struct rq, outside its cfs member, not far from it */
	if (ss_cfs.has_next_class &&
	    (ss_cfs.rq_next_class % 8 ||
	     ss_cfs.rq_next_class < -SS_RQ_MAX_DELTA ||
	     ss_cfs.rq_next_class > SS_RQ_MAX_DELTA ||
	     (ss_cfs.rq_next_class > -8 &&
	      ss_cfs.rq_next_class < (int)ss_cfs.size)))
		return ss_cfs_refuse("'%s' is unaligned, inside struct cfs_rq or too far from it",
				     "rq_next_class");
	for (i = 1; i < ARRAY_SIZE(offsets); i++) {
		unsigned int off = *offsets[i].off;
		unsigned int width = ss_cfs_field_width(i);

		if (!seen[i])
			continue;
		/* off <= size - width: no wrap-around for any off */
		if (off % min(width, 8U) || off > ss_cfs.size - width)
			return ss_cfs_refuse("'%s' is outside struct cfs_rq or unaligned",
					     offsets[i].key);
		for (j = 1; j < i; j++) {
			unsigned int other = *offsets[j].off;
			unsigned int owidth = ss_cfs_field_width(j);

			if (seen[j] && off < other + owidth && other < off + width)
				return ss_cfs_refuse("'%s' overlaps another field",
						     offsets[i].key);
		}
	}
	return 0;
}

#if SS_CAN_EEVDF
/*
 * The sums against cfs_rq->load.weight, which counts every queued entity
 * with its full weight, the running one included.  With L = load >> 10 and
 * n entities:
 *   scaled  sum_weight + w(curr) is the sum of max(2, w >> 10): between
 *           L - n and L + 2n; a nice-19 task weighs 15 there, so n < L / 8
 *           for tasks, and group entities are few: L / 2 + 4 of slack
 *   full    with sum_shift 0, exactly load.weight
 *   flat    the hierarchical weights of the root's tasks share the root
 *           level's load.weight between them, up to rounding and to weights
 *           refreshed only at enqueue: within a factor of 4
 */
static int ss_cfs_check_sums(const struct cfs_rq *cfs_rq,
			     const struct sched_entity *curr)
{
	u64 load = ss_cfs_u64(cfs_rq, ss_cfs.load);
	u64 sum = ss_cfs_u64(cfs_rq, ss_cfs.sum_weight);
	u64 shift = ss_cfs.sum_shift == SS_CFS_NO_FIELD ? 0 :
		    ss_cfs_u32(cfs_rq, ss_cfs.sum_shift);
	u64 scaled = load >> SCHED_FIXEDPOINT_SHIFT;
	u64 lo, hi;

	if (!load || load > BIT_ULL(40) || sum > BIT_ULL(40) ||
	    (ss_cfs.model != SS_MODEL_FLAT && load < curr->load.weight))
		return ss_cfs_refuse("load.weight %s does not hold the running entity's weight",
				     "(load offset)");
	sum += ss_avg_weight(cfs_rq, curr);
	switch (ss_cfs.model) {
	case SS_MODEL_SCALED:
		lo = scaled / 2 > 4 ? scaled / 2 - 4 : 0;
		hi = scaled + scaled / 2 + 4;
		break;
	case SS_MODEL_FULL:
		/* PARANOID_AVG shifted the sums: a bound only */
		lo = shift ? 0 : load;
		hi = load;
		break;
	default:
		lo = (load >> shift) / 4;
		hi = (load >> shift) * 4;
		break;
	}
	if (sum < lo || sum > hi)
		return ss_cfs_refuse("the sums do not add up to load.weight %s",
				     "(sum_weight or load offset)");
	return 0;
}

/*
 * Whether @se, a pointer read through an offset not proven yet, is an
 * entity queued on @cfs_rq (on a flat kernel's root: any queued one).
 */
static bool ss_cfs_queued_on(const struct cfs_rq *cfs_rq,
			     const struct sched_entity *se)
{
	struct cfs_rq *se_rq;
	int on_rq;

	return !copy_from_kernel_nofault(&on_rq, &se->on_rq, sizeof(on_rq)) &&
	       !copy_from_kernel_nofault(&se_rq, &se->cfs_rq, sizeof(se_rq)) &&
	       on_rq && (ss_cfs.model == SS_MODEL_FLAT || se_rq == cfs_rq);
}

/*
 * tasks_timeline: a root and a leftmost node that agree, and the leftmost
 * an entity queued on this cfs_rq (any on a flat kernel's root), not the
 * running one, which the kernel keeps out of the tree.  Read without
 * trusting the pointers: the offset is not proven yet.
 */
static int ss_cfs_check_timeline(const struct cfs_rq *cfs_rq,
				 const struct sched_entity *curr)
{
	const struct rb_root_cached *timeline =
		(const void *)((const char *)cfs_rq + ss_cfs.timeline);
	struct rb_node *root = READ_ONCE(timeline->rb_root.rb_node);
	struct rb_node *left = READ_ONCE(timeline->rb_leftmost);
	struct sched_entity *first;

	if (!root != !left)
		return ss_cfs_refuse("tasks_timeline's root and leftmost disagree %s",
				     "(timeline offset)");
	if (!left)
		return 0;
	first = rb_entry(left, struct sched_entity, run_node);
	if (first == curr || !ss_cfs_queued_on(cfs_rq, first))
		return ss_cfs_refuse("the tree's first entity is not one queued on the cfs_rq %s",
				     "(timeline offset)");
	return 0;
}

/* cfs_rq->next: none, or an entity queued on this cfs_rq (any on a flat root) */
static int ss_cfs_check_next(const struct cfs_rq *cfs_rq)
{
	struct sched_entity *next;

	next = *(struct sched_entity * const *)((const char *)cfs_rq + ss_cfs.next);
	if (next && !ss_cfs_queued_on(cfs_rq, next))
		return ss_cfs_refuse("cfs_rq->next is not an entity queued on the cfs_rq %s",
				     "(next offset)");
	return 0;
}

/*
 * The loading task runs, so on every level its entity is the curr of its
 * cfs_rq, and it cannot be far from V.  Called with interrupts off: nothing
 * on this CPU changes the cfs_rq meanwhile.
 */
static int ss_cfs_check_level(struct cfs_rq *cfs_rq, struct sched_entity *se,
			      bool task_level)
{
	struct ss_entity_view v;
	s64 key;
	int err;

	if (ss_cfs_curr(cfs_rq) != se)
		return ss_cfs_refuse("cfs_rq->curr %s is not the running entity",
				     "(curr offset)");
	if (ss_cfs.sum_shift != SS_CFS_NO_FIELD &&
	    ss_cfs_u32(cfs_rq, ss_cfs.sum_shift) >= SS_CFS_MAX_SHIFT)
		return ss_cfs_refuse("sum_shift %s is 10 or more", "(sum_shift offset)");
	if (ss_cfs.load != SS_CFS_NO_FIELD) {
		err = ss_cfs_check_sums(cfs_rq, se);
		if (err)
			return err;
	}
	if (ss_cfs.timeline != SS_CFS_NO_FIELD) {
		err = ss_cfs_check_timeline(cfs_rq, se);
		if (err)
			return err;
	}
	if (ss_cfs.next != SS_CFS_NO_FIELD) {
		err = ss_cfs_check_next(cfs_rq);
		if (err)
			return err;
	}
	key = (s64)(se->vruntime - ss_cfs_u64(cfs_rq, ss_cfs.v0));
	if (task_level && (key > SS_CFS_MAX_KEY || key < -SS_CFS_MAX_KEY))
		return ss_cfs_refuse("v0 is far from the running task's vruntime %s",
				     "(v0 offset)");
	ss_entity_view_on(cfs_rq, se, &v);
	if (v.lag > SS_CFS_MAX_LAG || v.lag < -SS_CFS_MAX_LAG)
		return ss_cfs_refuse("V is far from the running entity's vruntime %s",
				     "(v0 or sum offsets)");
	return 0;
}

/*
 * A witness is a task that spins on the loader's CPU, queued on the loader's
 * own cfs_rq (`schedscope load` starts one).  When it is the only entity
 * queued there besides the running loader, the sums hold exactly its share:
 *   sum_weight == w(witness),  sum_w_vruntime == w(witness) * (v(witness) - v0)
 * which pins v0 and both sums down, and the witness is the tree's first
 * entity (the timeline).  Returns 0 when they hold, 1 when it
 * cannot tell (others queued, the witness elsewhere, or a wrong sum_weight:
 * refused when no try tells), else a refusal.
 */
static int ss_cfs_check_witness(const struct cfs_rq *cfs_rq,
				const struct sched_entity *wse)
{
	u64 sum = ss_cfs_u64(cfs_rq, ss_cfs.sum_weight);
	u64 sum_wv = ss_cfs_u64(cfs_rq, ss_cfs.sum_w_vruntime);
	u64 v0 = ss_cfs_u64(cfs_rq, ss_cfs.v0);
	unsigned long w;

	if (ss_eevdf_cfs_rq(wse) != cfs_rq || !READ_ONCE(wse->on_rq) ||
	    ss_cfs_curr(cfs_rq) == wse)
		return 1;
	w = ss_avg_weight(cfs_rq, wse);
	/* a zero key makes any zero field look like the sum: try again */
	if (sum != w || wse->vruntime == v0)
		return 1;
	if (sum_wv != (u64)(s64)(wse->vruntime - v0) * w)
		return ss_cfs_refuse("sum_w_vruntime is not the witness's weighted key %s",
				     "(v0 or sum offsets)");
	/*
	 * Alone in the tree, the witness is its first entity: this pins the
	 * timeline down where an empty tree (two zero words) could not.
	 */
	if (ss_cfs.timeline != SS_CFS_NO_FIELD &&
	    ss_cfs_first(cfs_rq) != wse)
		return ss_cfs_refuse("tasks_timeline's first entity is not the witness %s",
				     "(timeline offset)");
	return 0;
}

/*
 * rq->next_class: the loading task runs, picked as a fair task, so its
 * runqueue's next_class is its own class (unless a wakeup of a higher class
 * is pending there: another try).  Read without trusting the offset.
 */
static int ss_cfs_check_next_class(void)
{
	const struct sched_class *next;

	if (copy_from_kernel_nofault(&next, (const char *)ss_root_cfs_rq(&current->se) +
				     ss_cfs.rq_next_class, sizeof(next)) ||
	    next != current->sched_class)
		return ss_cfs_refuse("rq->next_class %s is not the running task's class",
				     "(rq_next_class offset)");
	return 0;
}

static int ss_cfs_check_levels(void)
{
	struct sched_entity *se = &current->se;
	int err = 0;

	if (ss_cfs.has_next_class)
		err = ss_cfs_check_next_class();
	if (ss_cfs.model == SS_MODEL_FLAT)
		return err ?: ss_cfs_check_level(ss_eevdf_cfs_rq(se), se, true);
	for (; se && !err; se = se->parent)
		err = ss_cfs_check_level(se->cfs_rq, se, se == &current->se);
	return err;
}

/*
 * Another CPU can change this runqueue under its lock meanwhile (a task
 * pulled or pushed, a wakeup placed): a layout passes if one of a few tries
 * passes, with the witness's exact check where it could be made.
 */
static int ss_cfs_check_live(pid_t witness_pid)
{
	struct task_struct *witness = NULL;
	unsigned long flags;
	int err = 0, witnessed = 1, try;

	if (witness_pid > 0) {
		rcu_read_lock();
		witness = pid_task(find_vpid(witness_pid), PIDTYPE_PID);
		if (witness)
			get_task_struct(witness);
		rcu_read_unlock();
		if (!witness)
			return ss_cfs_refuse("no task %s", "(cfs_rq_witness)");
	}
	for (try = 0; try < SS_CFS_TRIES; try++) {
		local_irq_save(flags);
		err = ss_cfs_check_levels();
		if (!err && witness)
			witnessed = ss_cfs_check_witness(ss_eevdf_cfs_rq(&current->se),
							 &witness->se);
		local_irq_restore(flags);
		if (!err && (!witness || !witnessed))
			break;
		usleep_range(1000, 2000);
	}
	if (witness)
		put_task_struct(witness);
	if (!err && witnessed < 0)
		err = witnessed;
	/* a wrong sum_weight never matches: with a witness, no match refuses */
	if (!err && witness && witnessed > 0)
		err = ss_cfs_refuse("the sums never matched the witness alone %s",
				    "(others queued beside it, or wrong sum offsets)");
	ss_cfs.witnessed = !err && witness && !witnessed;
	return err;
}
#endif

const char *ss_eevdf_model_name(enum ss_eevdf_model model)
{
	switch (model) {
	case SS_MODEL_FULL:
		return "full";
	case SS_MODEL_FLAT:
		return "flat";
	default:
		return "scaled";
	}
}

void ss_cfs_layout_init(const char *param, int witness_pid)
{
	char *text;
	int err;

	if (!SS_HAVE_EEVDF) {
		snprintf(ss_cfs.why, sizeof(ss_cfs.why),
			 "unsupported: kernel %s has CFS, not EEVDF",
			 init_utsname()->release);
		return;
	}
	if (!SS_CAN_EEVDF) {
		strscpy(ss_cfs.why,
			"unsupported: needs a 64-bit kernel with CONFIG_FAIR_GROUP_SCHED",
			sizeof(ss_cfs.why));
		return;
	}
	if (!param || !*param) {
		strscpy(ss_cfs.why,
			"off: no cfs_rq layout given (load with `schedscope load`, which reads it from the kernel's BTF)",
			sizeof(ss_cfs.why));
		return;
	}
	text = kstrdup(param, GFP_KERNEL);
	if (!text) {
		strscpy(ss_cfs.why, "off: out of memory", sizeof(ss_cfs.why));
		return;
	}
	err = ss_cfs_parse(text);
	kfree(text);
#if SS_CAN_EEVDF
	if (!err)
		err = ss_cfs_check_live(witness_pid);
#endif
	if (err) {
		snprintf(ss_cfs.why, sizeof(ss_cfs.why),
			 "off: cfs_rq_layout refused: %s", ss_cfs_refusal);
		pr_warn("schedscope: cfs_rq_layout refused: %s\n",
			ss_cfs_refusal);
		return;
	}
	ss_cfs.live = true;
}

/* The `status` text of the EEVDF group, after "group eevdf ", when off. */
void ss_cfs_layout_show_why(struct seq_file *m)
{
	seq_printf(m, "%s\n", ss_cfs.why);
}

/* The `status` line that says which layout is in use, when live. */
void ss_cfs_layout_show(struct seq_file *m)
{
	static const char * const model_why[] = {
		[SS_MODEL_SCALED] =
			"w = scale_load_down(se->load.weight); one queue per cfs_rq",
		[SS_MODEL_FULL] =
			"w = se->load.weight >> sum_shift, 128-bit eligibility; one queue per cfs_rq",
		[SS_MODEL_FLAT] =
			"w = se->h_load.weight >> sum_shift; all on the root cfs_rq, no group levels; lags and deadlines in virtual ns of that hierarchical weight",
	};
	seq_printf(m, "cfs_rq_layout source=%s names=%s size=%u v0=%u sum_w_vruntime=%u sum_weight=%u curr=%u",
		   ss_cfs.source[0] ? ss_cfs.source : "-",
		   ss_cfs.names[0] ? ss_cfs.names : "-", ss_cfs.size,
		   ss_cfs.v0, ss_cfs.sum_w_vruntime, ss_cfs.sum_weight,
		   ss_cfs.curr);
	if (ss_cfs.load != SS_CFS_NO_FIELD)
		seq_printf(m, " load=%u", ss_cfs.load);
	if (ss_cfs.sum_shift != SS_CFS_NO_FIELD)
		seq_printf(m, " sum_shift=%u", ss_cfs.sum_shift);
	if (ss_cfs.timeline != SS_CFS_NO_FIELD)
		seq_printf(m, " timeline=%u", ss_cfs.timeline);
	if (ss_cfs.idle != SS_CFS_NO_FIELD)
		seq_printf(m, " idle=%u", ss_cfs.idle);
	if (ss_cfs.next != SS_CFS_NO_FIELD)
		seq_printf(m, " next=%u", ss_cfs.next);
	if (ss_cfs.has_next_class)
		seq_printf(m, " rq_next_class=%d", ss_cfs.rq_next_class);
	seq_printf(m, " model=%s checked=%s\n", ss_eevdf_model_name(ss_cfs.model),
		   ss_cfs.witnessed ? "witness" : "bounds");
	seq_printf(m, "eevdf_model %s: %s\n", ss_eevdf_model_name(ss_cfs.model),
		   model_why[ss_cfs.model]);
}
