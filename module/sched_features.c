// SPDX-License-Identifier: GPL-2.0
/*
 * The scheduler's feature bits, read live (decisions.h).
 *
 * sched_feat() is private to kernel/sched, but every feature write updates
 * sysctl_sched_features, so its word tells what the scheduler decides with
 * right now, also while a sweep flips features.  `schedscope load` hands
 * over where the word is and which bit each feature is:
 *
 *   addr=0xADDR,value=0xVALUE,WAKEUP_PREEMPTION=BIT,RUN_TO_PARITY=BIT
 *   [,PREEMPT_SHORT=BIT][,PICK_BUDDY=BIT][,NEXT_BUDDY=BIT]
 *
 * The address is trusted only after the word read there (without faulting)
 * equals VALUE, the bits the features file showed when the parameter was
 * made.  Anything wrong leaves the decisions group off, with the reason in
 * `status`.
 */
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "decisions.h"

struct ss_sched_features ss_feats;

static const char * const ss_feat_names[SS_NR_FEATS] = {
	[SS_FEAT_WAKEUP_PREEMPTION]	= "WAKEUP_PREEMPTION",
	[SS_FEAT_RUN_TO_PARITY]		= "RUN_TO_PARITY",
	[SS_FEAT_PREEMPT_SHORT]		= "PREEMPT_SHORT",
	[SS_FEAT_PICK_BUDDY]		= "PICK_BUDDY",
	[SS_FEAT_NEXT_BUDDY]		= "NEXT_BUDDY",
};

/* the features a kernel with EEVDF always has */
#define SS_FEATS_REQUIRED	(SS_FEAT_RUN_TO_PARITY + 1)

static int ss_feats_refuse(const char *what, const char *arg)
{
	snprintf(ss_feats.why, sizeof(ss_feats.why),
		 "off: sched_features parameter: %s%s", what, arg);
	return -EINVAL;
}

static int ss_feats_parse(char *text, unsigned long *addr, unsigned int *value)
{
	bool seen_addr = false, seen_value = false;
	bool seen[SS_NR_FEATS] = { };
	unsigned int bit;
	char *pair;
	int i;

	while ((pair = strsep(&text, ","))) {
		char *v = strchr(pair, '=');

		if (!v)
			return ss_feats_refuse("not key=value: ", pair);
		*v++ = '\0';
		if (!strcmp(pair, "addr")) {
			if (seen_addr || kstrtoul(v, 16, addr))
				return ss_feats_refuse("bad or repeated ", pair);
			seen_addr = true;
			continue;
		}
		if (!strcmp(pair, "value")) {
			if (seen_value || kstrtouint(v, 16, value))
				return ss_feats_refuse("bad or repeated ", pair);
			seen_value = true;
			continue;
		}
		for (i = 0; i < SS_NR_FEATS; i++)
			if (!strcmp(pair, ss_feat_names[i]))
				break;
		if (i == SS_NR_FEATS)
			return ss_feats_refuse("unknown key ", pair);
		if (seen[i] || kstrtouint(v, 10, &bit) || bit >= 32)
			return ss_feats_refuse("bad or repeated ", pair);
		seen[i] = true;
		ss_feats.mask[i] = 1U << bit;
	}
	if (!seen_addr || !seen_value)
		return ss_feats_refuse("addr and value are needed", "");
	for (i = 0; i < SS_FEATS_REQUIRED; i++)
		if (!seen[i])
			return ss_feats_refuse("missing ", ss_feat_names[i]);
	for (i = 0; i < SS_NR_FEATS; i++) {
		int j;

		for (j = 0; j < i; j++)
			if (ss_feats.mask[i] && ss_feats.mask[i] == ss_feats.mask[j])
				return ss_feats_refuse("two features on one bit: ",
						       ss_feat_names[i]);
	}
	return 0;
}

void ss_sched_features_init(const char *param)
{
	unsigned long addr = 0;
	unsigned int value = 0, now;
	char *text;

	memset(&ss_feats, 0, sizeof(ss_feats));
	if (!param || !*param) {
		strscpy(ss_feats.why,
			"off: no sched_features parameter (schedscope load passes it)",
			sizeof(ss_feats.why));
		return;
	}
	text = kstrdup(param, GFP_KERNEL);
	if (!text) {
		strscpy(ss_feats.why, "off: out of memory", sizeof(ss_feats.why));
		return;
	}
	if (ss_feats_parse(text, &addr, &value))
		goto out;
	if (addr % sizeof(unsigned int) ||
	    copy_from_kernel_nofault(&now, (const void *)addr, sizeof(now))) {
		ss_feats_refuse("cannot read the word at addr", "");
		goto out;
	}
	if (now != value) {
		snprintf(ss_feats.why, sizeof(ss_feats.why),
			 "off: sched_features parameter: the word at addr is 0x%x, not 0x%x as the features file said",
			 now, value);
		goto out;
	}
	ss_feats.word = (const unsigned int *)addr;
	ss_feats.live = true;
out:
	kfree(text);
}

void ss_sched_features_show_why(struct seq_file *m)
{
	seq_printf(m, "%s\n", ss_feats.why);
}
