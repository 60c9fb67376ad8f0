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
 *   names=V0/SUM/WEIGHT,source=TEXT
 *
 * It is checked here before anything reads through it: offsets inside the
 * struct, aligned and distinct, and, on the live kernel, cfs_rq->curr of the
 * loading task's cfs_rq must be that task's own entity and its V must lie
 * near its vruntime.  Anything wrong leaves the EEVDF metrics off, with the
 * reason in `status`; the rest of the module works either way.
 */
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/preempt.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/utsname.h>

#include "compat.h"
#include "eevdf.h"
#include "schedscope.h"

struct ss_cfs_layout ss_cfs;

#define SS_CFS_MAX_SIZE	8192
/* |V - v| of a running task: anything past ~17 s of virtual time is garbage */
#define SS_CFS_MAX_LAG	((s64)BIT_ULL(34))

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
	};
	bool seen[ARRAY_SIZE(offsets)] = { };
	char *pair;
	int i, j;

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
	for (i = 0; i < ARRAY_SIZE(offsets); i++)
		if (!seen[i])
			return ss_cfs_refuse("'%s' missing", offsets[i].key);

	if (!ss_cfs.size || ss_cfs.size > SS_CFS_MAX_SIZE)
		return ss_cfs_refuse("%s", "size is implausible");
	for (i = 1; i < ARRAY_SIZE(offsets); i++) {
		unsigned int off = *offsets[i].off;

		if (off % 8 || off + 8 > ss_cfs.size)
			return ss_cfs_refuse("'%s' is outside struct cfs_rq or unaligned",
					     offsets[i].key);
		for (j = 1; j < i; j++)
			if (off == *offsets[j].off)
				return ss_cfs_refuse("'%s' overlaps another field",
						     offsets[i].key);
	}
	return 0;
}

#if SS_CAN_EEVDF
/*
 * The loading task runs, so on every level its entity is the curr of its
 * cfs_rq, and it cannot be far from V.  Interrupts off: nothing on this CPU
 * changes the cfs_rq meanwhile.
 */
static int ss_cfs_check_live(void)
{
	struct sched_entity *se;
	struct ss_entity_view v;
	unsigned long flags;
	int err = 0;

	local_irq_save(flags);
	for (se = &current->se; se && !err; se = se->parent) {
		if (ss_cfs_curr(se->cfs_rq) != se) {
			err = ss_cfs_refuse("cfs_rq->curr %s is not the running entity",
					    "(curr offset)");
			break;
		}
		ss_entity_view(se, &v);
		if (v.lag > SS_CFS_MAX_LAG || v.lag < -SS_CFS_MAX_LAG)
			err = ss_cfs_refuse("V is far from the running entity's vruntime %s",
					    "(v0 or sum offsets)");
	}
	local_irq_restore(flags);
	return err;
}
#endif

void ss_cfs_layout_init(const char *param)
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
		err = ss_cfs_check_live();
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
	seq_printf(m, "cfs_rq_layout source=%s names=%s size=%u v0=%u sum_w_vruntime=%u sum_weight=%u curr=%u\n",
		   ss_cfs.source[0] ? ss_cfs.source : "-",
		   ss_cfs.names[0] ? ss_cfs.names : "-", ss_cfs.size,
		   ss_cfs.v0, ss_cfs.sum_w_vruntime, ss_cfs.sum_weight,
		   ss_cfs.curr);
}
