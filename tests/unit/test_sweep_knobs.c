// SPDX-License-Identifier: GPL-2.0
/* A sweep setting's knobs: parsing, checking, what each applies. */
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "sweep/settings.h"

static const char *const features_6_12 =
	"PLACE_LAG PLACE_DEADLINE_INITIAL RUN_TO_PARITY PREEMPT_SHORT "
	"NO_NEXT_BUDDY DELAY_DEQUEUE";

/* The setting parsed: "F:changes K:knobs" or "error: WHY". */
static const char *parsed(const char *name)
{
	static char out[1024];
	static struct sweep_setting_spec s;
	struct sched_features feat;
	char err[512];
	size_t used, i;

	memset(&s, 0, sizeof(s));
	s.name = name;
	if (sched_features_parse(features_6_12, &feat, err, sizeof(err)))
		return "bad features";
	if (sweep_setting_parse(&feat, &s, err, sizeof(err))) {
		snprintf(out, sizeof(out), "error: %s", err);
		return out;
	}
	used = snprintf(out, sizeof(out), "F:");
	for (i = 0; i < s.nchanges; i++)
		used += snprintf(out + used, sizeof(out) - used, "%s%s",
				 i ? "," : "", s.changes[i]);
	used += snprintf(out + used, sizeof(out) - used, " K:");
	for (i = 0; i < s.nknobs; i++)
		used += snprintf(out + used, sizeof(out) - used, "%s%s[%s]",
				 i ? "," : "", s.knobs[i].text, s.knobs[i].group);
	return out;
}

static void test_setting_items(void)
{
	CHECK_STR_EQ(parsed("default"), "F: K:");
	CHECK_STR_EQ(parsed("NO_RUN_TO_PARITY"), "F:NO_RUN_TO_PARITY K:");
	CHECK_STR_EQ(parsed("nice=10"), "F: K:nice=10[]");
	CHECK_STR_EQ(parsed("burst/nice=10"), "F: K:burst/nice=10[burst]");
	CHECK_STR_EQ(parsed("NO_RUN_TO_PARITY,hog/cpu.weight=50,NEXT_BUDDY"),
		     "F:NO_RUN_TO_PARITY,NEXT_BUDDY K:hog/cpu.weight=50[hog]");
	CHECK_STR_EQ(parsed("policy=batch,slice=3000"),
		     "F: K:policy=batch[],slice=3000[]");
	CHECK_STR_HAS(parsed("nice=10,"), "empty name");
	CHECK_STR_HAS(parsed(",nice=10"), "empty name");
	CHECK_STR_HAS(parsed("nice=10,,NO_PLACE_LAG"), "empty name");
	CHECK_STR_HAS(parsed("default,nice=1"), "'default' stands alone");
	CHECK_STR_HAS(parsed("NO_FOO,nice=1"), "'NO_FOO' is not a feature");
	CHECK_STR_HAS(parsed("nice=20"), "setting 'nice=20': knob 'nice=20': nice takes -20..19, not '20'");
	CHECK_STR_HAS(parsed("nice=-21"), "takes -20..19");
	CHECK_STR_HAS(parsed("nice=1x"), "not '1x'");
	CHECK_STR_HAS(parsed("nice="), "not ''");
	CHECK_STR_HAS(parsed("niceness=1"), "no knob 'niceness'");
	CHECK_STR_HAS(parsed("Burst/nice=1"), "'Burst' is not a group name");
	CHECK_STR_HAS(parsed("/nice=1"), "'' is not a group name");
	CHECK_STR_HAS(parsed("policy=fifo"), "other, batch or idle");
	CHECK_STR_HAS(parsed("slice=99"), "100..100000");
	CHECK_STR_HAS(parsed("slice=100001"), "100..100000");
	CHECK_STR_HAS(parsed("cpu.weight=0"), "1..10000");
	CHECK_STR_HAS(parsed("cpu.idle=2"), "0 or 1");
	CHECK_STR_HAS(parsed("cpu.max=5000"), "QUOTA/PERIOD");
	CHECK_STR_HAS(parsed("cpu.max=5000/999"), "QUOTA/PERIOD");
	CHECK_STR_HAS(parsed("cpu.max=/100000"), "QUOTA/PERIOD");
	CHECK_STR_HAS(parsed("nice=1,nice=2"), "nice set twice");
	CHECK_STR_HAS(parsed("a/nice=1,nice=2"), "nice set twice");
	CHECK_STR_EQ(parsed("a/nice=1,b/nice=2"), "F: K:a/nice=1[a],b/nice=2[b]");
	CHECK_STR_HAS(parsed("a/cpu.idle=1,cpu.weight=5"), "an idle cgroup has no weight");
	CHECK_STR_HAS(parsed("a/policy=idle,slice=500"), "SCHED_IDLE has no custom slice");
	CHECK_STR_HAS(parsed("slice=500,policy=idle"), "SCHED_IDLE has no custom slice");
	CHECK_STR_EQ(parsed("a/policy=idle,b/slice=500"), "F: K:a/policy=idle[a],b/slice=500[b]");
	CHECK_STR_EQ(parsed("a/cpu.idle=1,b/cpu.weight=5"),
		     "F: K:a/cpu.idle=1[a],b/cpu.weight=5[b]");
	CHECK_STR_HAS(parsed("nice=1,nice=2,nice=3,nice=4,nice=5,nice=6,nice=7,nice=8,nice=9"),
		      "at most 8 knobs");
	CHECK_STR_HAS(parsed("a/nice=1234567890123456789012345678901234567890123456789012345678901234"),
		      "too long");
}

static void test_knob_effects(void)
{
	struct sweep_setting_spec s = { .name = "a/nice=-5,policy=batch,b/slice=3000,b/cpu.max=max,a/cpu.max=5000/100000,b/cpu.idle=1" };
	struct sched_features feat;
	struct sched_attr_change c;
	const struct sweep_knob *k;
	char err[512], value[64];

	CHECK(!sched_features_parse(features_6_12, &feat, err, sizeof(err)));
	if (!CHECK(!sweep_setting_parse(&feat, &s, err, sizeof(err))))
		return;
	CHECK_EQ_INT(s.nknobs, 6);
	CHECK(sweep_knobs_sched(s.knobs, s.nknobs, "a", &c));
	CHECK(c.set_nice && c.nice == -5);
	CHECK(c.set_policy && c.policy == SCHED_BATCH);
	CHECK(!c.set_slice);
	CHECK(sweep_knobs_sched(s.knobs, s.nknobs, "b", &c));
	CHECK(!c.set_nice && c.set_policy && c.set_slice);
	CHECK_EQ_U64(c.slice_ns, 3000000);
	CHECK(sweep_knobs_sched(s.knobs, s.nknobs, NULL, &c));
	CHECK(!c.set_nice && c.set_policy && !c.set_slice);
	k = sweep_knob_find(s.knobs, s.nknobs, KNOB_CPU_MAX, "b");
	if (CHECK(k)) {
		sweep_knob_cgroup_value(k, value, sizeof(value));
		CHECK_STR_EQ(value, "max 100000");
	}
	CHECK(sweep_knob_is_cgroup(KNOB_CPU_IDLE));
	CHECK(!sweep_knob_is_cgroup(KNOB_NICE));
	CHECK_STR_EQ(sweep_knob_key_name(KNOB_CPU_WEIGHT), "cpu.weight");
}

static void test_cpu_max_values(void)
{
	struct sweep_setting_spec s = { .name = "g/cpu.max=5000/100000,h/cpu.weight=250,h/cpu.idle=0" };
	struct sched_features feat;
	char err[512], value[64];

	CHECK(!sched_features_parse(features_6_12, &feat, err, sizeof(err)));
	if (!CHECK(!sweep_setting_parse(&feat, &s, err, sizeof(err))))
		return;
	sweep_knob_cgroup_value(&s.knobs[0], value, sizeof(value));
	CHECK_STR_EQ(value, "5000 100000");
	sweep_knob_cgroup_value(&s.knobs[1], value, sizeof(value));
	CHECK_STR_EQ(value, "250");
	sweep_knob_cgroup_value(&s.knobs[2], value, sizeof(value));
	CHECK_STR_EQ(value, "0");
	CHECK(!sweep_knob_find(s.knobs, s.nknobs, KNOB_CPU_MAX, "h"));
	CHECK(!sweep_knob_find(s.knobs, s.nknobs, KNOB_CPU_MAX, NULL));
	CHECK(sweep_knob_find(s.knobs, s.nknobs, KNOB_CPU_MAX, "g"));
}

void test_sweep_knobs(void)
{
	test_setting_items();
	test_knob_effects();
	test_cpu_max_values();
}
