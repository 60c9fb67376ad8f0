// SPDX-License-Identifier: GPL-2.0
/* Parsing a setting's knobs and turning them into what is applied. */
#include <errno.h>
#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/error_msg.h"
#include "sweep/knobs.h"

struct knob_key_info {
	const char *name;
	bool cgroup;
	long long min, max;
	const char *range;		/* for the error */
};

static const struct knob_key_info keys[KNOB_KEYS] = {
	[KNOB_NICE] = { "nice", false, -20, 19, "-20..19" },
	[KNOB_POLICY] = { "policy", false, 0, 0, "other, batch or idle" },
	[KNOB_SLICE] = { "slice", false, SCHED_SLICE_MIN_NS / 1000,
			 SCHED_SLICE_MAX_NS / 1000, "100..100000 (µs)" },
	[KNOB_CPU_WEIGHT] = { "cpu.weight", true, 1, 10000, "1..10000" },
	[KNOB_CPU_IDLE] = { "cpu.idle", true, 0, 1, "0 or 1" },
	[KNOB_CPU_MAX] = { "cpu.max", true, 0, 0,
			   "QUOTA/PERIOD in µs (1000..1000000 each) or max" },
};

const char *sweep_knob_key_name(enum sweep_knob_key key)
{
	return keys[key].name;
}

bool sweep_knob_is_cgroup(enum sweep_knob_key key)
{
	return keys[key].cgroup;
}

bool sweep_knob_item(const char *item, size_t len)
{
	return memchr(item, '=', len) != NULL;
}

/* A whole decimal number in s, within min..max. */
static bool whole_number(const char *s, long long min, long long max,
			 long long *v)
{
	char *end;

	if (!*s || (*s != '-' && (*s < '0' || *s > '9')))
		return false;
	errno = 0;
	*v = strtoll(s, &end, 10);
	return !errno && !*end && *v >= min && *v <= max;
}

static bool parse_policy(const char *s, int64_t *v)
{
	static const struct { const char *name; int policy; } policies[] = {
		{ "other", SCHED_OTHER }, { "batch", SCHED_BATCH },
		{ "idle", SCHED_IDLE },
	};
	size_t i;

	for (i = 0; i < sizeof(policies) / sizeof(policies[0]); i++)
		if (!strcmp(s, policies[i].name)) {
			*v = policies[i].policy;
			return true;
		}
	return false;
}

/* "max", or "QUOTA/PERIOD" in µs as the kernel's cpu.max takes them. */
static bool parse_cpu_max(const char *s, int64_t *quota, uint64_t *period)
{
	const char *slash = strchr(s, '/');
	char q[32];
	long long qv, pv;

	if (!strcmp(s, "max")) {
		*quota = -1;
		*period = 100000;
		return true;
	}
	if (!slash || (size_t)(slash - s) >= sizeof(q))
		return false;
	memcpy(q, s, slash - s);
	q[slash - s] = '\0';
	if (!whole_number(q, 1000, 1000000, &qv) ||
	    !whole_number(slash + 1, 1000, 1000000, &pv))
		return false;
	*quota = qv;
	*period = pv;
	return true;
}

static int parse_value(struct sweep_knob *k, const char *value)
{
	const struct knob_key_info *info = &keys[k->key];
	long long v;

	switch (k->key) {
	case KNOB_POLICY:
		return parse_policy(value, &k->value) ? 0 : -EINVAL;
	case KNOB_CPU_MAX:
		return parse_cpu_max(value, &k->value, &k->period_us) ? 0 : -EINVAL;
	default:
		if (!whole_number(value, info->min, info->max, &v))
			return -EINVAL;
		k->value = v;
		return 0;
	}
}

int sweep_knob_parse(const char *item, size_t len, struct sweep_knob *k,
		     char *err, size_t errlen)
{
	char text[SWEEP_KNOB_TEXT_MAX], *eq, *slash, *key = text;
	size_t i;

	memset(k, 0, sizeof(*k));
	if (len >= sizeof(text))
		return error_ret(err, errlen, -EINVAL, "knob '%.*s': too long",
				 (int)len, item);
	memcpy(text, item, len);
	text[len] = '\0';
	snprintf(k->text, sizeof(k->text), "%s", text);
	eq = strchr(text, '=');
	*eq = '\0';
	slash = strchr(text, '/');
	if (slash) {
		*slash = '\0';
		if (!sweep_group_name_ok(text))
			return error_ret(err, errlen, -EINVAL,
					 "knob '%s': '%s' is not a group name (1 to %d of a-z, 0-9 and _, the first a letter)",
					 k->text, text, SWEEP_GROUP_NAME_MAX);
		snprintf(k->group, sizeof(k->group), "%.*s",
			 SWEEP_GROUP_NAME_MAX, text);
		key = slash + 1;
	}
	for (i = 0; i < KNOB_KEYS; i++)
		if (!strcmp(key, keys[i].name))
			break;
	if (i == KNOB_KEYS)
		return error_ret(err, errlen, -EINVAL,
				 "knob '%s': no knob '%s'; knobs: nice, policy, slice, cpu.weight, cpu.idle, cpu.max",
				 k->text, key);
	k->key = i;
	if (parse_value(k, eq + 1))
		return error_ret(err, errlen, -EINVAL,
				 "knob '%s': %s takes %s, not '%s'", k->text,
				 keys[i].name, keys[i].range, eq + 1);
	return 0;
}

/* Do a and b apply to a group in common: the same one, or one unscoped? */
static bool scopes_meet(const struct sweep_knob *a, const struct sweep_knob *b)
{
	return !a->group[0] || !b->group[0] || !strcmp(a->group, b->group);
}

int sweep_knobs_check(const struct sweep_knob *k, size_t n, char *err,
		      size_t errlen)
{
	size_t i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			if (i == j || !scopes_meet(&k[i], &k[j]))
				continue;
			if (j > i && k[i].key == k[j].key)
				return error_ret(err, errlen, -EINVAL,
						 "knobs '%s' and '%s': %s set twice for one group",
						 k[i].text, k[j].text,
						 keys[k[i].key].name);
			if (k[i].key == KNOB_CPU_IDLE && k[i].value == 1 &&
			    k[j].key == KNOB_CPU_WEIGHT)
				return error_ret(err, errlen, -EINVAL,
						 "knobs '%s' and '%s': an idle cgroup has no weight",
						 k[i].text, k[j].text);
			if (k[i].key == KNOB_POLICY && k[i].value == SCHED_IDLE &&
			    k[j].key == KNOB_SLICE)
				return error_ret(err, errlen, -EINVAL,
						 "knobs '%s' and '%s': SCHED_IDLE has no custom slice (SCHED_OTHER and SCHED_BATCH have)",
						 k[i].text, k[j].text);
		}
	return 0;
}

const struct sweep_knob *sweep_knob_find(const struct sweep_knob *k, size_t n,
					 enum sweep_knob_key key,
					 const char *group)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (k[i].key == key &&
		    (!k[i].group[0] || (group && !strcmp(k[i].group, group))))
			return &k[i];
	return NULL;
}

bool sweep_knobs_sched(const struct sweep_knob *k, size_t n, const char *group,
		       struct sched_attr_change *c)
{
	const struct sweep_knob *nice = sweep_knob_find(k, n, KNOB_NICE, group);
	const struct sweep_knob *policy = sweep_knob_find(k, n, KNOB_POLICY, group);
	const struct sweep_knob *slice = sweep_knob_find(k, n, KNOB_SLICE, group);

	memset(c, 0, sizeof(*c));
	if (nice) {
		c->set_nice = true;
		c->nice = nice->value;
	}
	if (policy) {
		c->set_policy = true;
		c->policy = policy->value;
	}
	if (slice) {
		c->set_slice = true;
		c->slice_ns = (uint64_t)slice->value * 1000;
	}
	return nice || policy || slice;
}

void sweep_knob_cgroup_value(const struct sweep_knob *k, char *buf, size_t len)
{
	if (k->key != KNOB_CPU_MAX)
		snprintf(buf, len, "%" PRId64, k->value);
	else if (k->value < 0)
		snprintf(buf, len, "max %" PRIu64, k->period_us);
	else
		snprintf(buf, len, "%" PRId64 " %" PRIu64, k->value, k->period_us);
}
