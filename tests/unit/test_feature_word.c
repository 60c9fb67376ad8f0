// SPDX-License-Identifier: GPL-2.0
/* The module's sched_features parameter from kallsyms and the features list. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "kmod/feature_word.h"

/* param KALLSYMS FEATURES: the parameter, or "error: WHY" */
static const char *param(const char *kallsyms, const char *features)
{
	static char out[512];
	struct sched_features feat;
	char kv[256], why[256];
	FILE *f;

	if (sched_features_parse(features, &feat, why, sizeof(why))) {
		snprintf(out, sizeof(out), "features: %s", why);
		return out;
	}
	f = fmemopen((void *)kallsyms, strlen(kallsyms), "r");
	if (!f)
		return "fmemopen";
	if (feature_word_param(f, &feat, kv, sizeof(kv), why, sizeof(why)))
		snprintf(out, sizeof(out), "error: %s", why);
	else
		snprintf(out, sizeof(out), "%s", kv);
	fclose(f);
	return out;
}

#define SYMS "ffffffff81000000 T _text\n" \
	"ffffffff82a1b2c0 d sysctl_sched_features\n" \
	"ffffffff82a1b2c4 d sysctl_sched_features_other [mod]\n"

void test_feature_word(void)
{
	/* 6.12's list: bit = place in the file, value = the names without NO_ */
	CHECK_STR_EQ(param(SYMS, "PLACE_LAG PLACE_DEADLINE_INITIAL PLACE_REL_DEADLINE "
			   "RUN_TO_PARITY PREEMPT_SHORT NO_NEXT_BUDDY CACHE_HOT_BUDDY "
			   "DELAY_DEQUEUE DELAY_ZERO WAKEUP_PREEMPTION"),
		     "sched_features=addr=ffffffff82a1b2c0,value=3df,"
		     "WAKEUP_PREEMPTION=9,RUN_TO_PARITY=3,PREEMPT_SHORT=4,NEXT_BUDDY=5");
	/* PICK_BUDDY where the kernel has it (6.12+), on or off */
	CHECK_STR_EQ(param(SYMS, "PLACE_LAG RUN_TO_PARITY PREEMPT_SHORT NO_NEXT_BUDDY "
			   "NO_PICK_BUDDY WAKEUP_PREEMPTION"),
		     "sched_features=addr=ffffffff82a1b2c0,value=27,"
		     "WAKEUP_PREEMPTION=5,RUN_TO_PARITY=1,PREEMPT_SHORT=2,PICK_BUDDY=4,"
		     "NEXT_BUDDY=3");
	/* off features are bits too; PREEMPT_SHORT may be missing (6.6) */
	CHECK_STR_EQ(param(SYMS, "PLACE_LAG NO_RUN_TO_PARITY NO_WAKEUP_PREEMPTION"),
		     "sched_features=addr=ffffffff82a1b2c0,value=1,"
		     "WAKEUP_PREEMPTION=2,RUN_TO_PARITY=1");
	/* 6.1 has no RUN_TO_PARITY: no EEVDF decisions to read */
	CHECK_STR_HAS(param(SYMS, "GENTLE_FAIR_SLEEPERS START_DEBIT WAKEUP_PREEMPTION"),
		      "error: the kernel has no RUN_TO_PARITY feature");
	/* kptr_restrict prints zeros */
	CHECK_STR_HAS(param("0000000000000000 d sysctl_sched_features\n",
			    "RUN_TO_PARITY WAKEUP_PREEMPTION"),
		      "error: /proc/kallsyms shows no address of sysctl_sched_features");
	CHECK_STR_HAS(param("ffffffff81000000 T _text\n", "RUN_TO_PARITY WAKEUP_PREEMPTION"),
		      "error: /proc/kallsyms shows no address");
	/* garbage lines are skipped */
	CHECK_STR_EQ(param("junk\n\nzz q\nffffffff82000010 D sysctl_sched_features\n",
			   "WAKEUP_PREEMPTION RUN_TO_PARITY"),
		     "sched_features=addr=ffffffff82000010,value=3,"
		     "WAKEUP_PREEMPTION=0,RUN_TO_PARITY=1");
}
