// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmod/probe_cost.h"
#include "lib/error_msg.h"
#include "lib/parse_u64.h"
#include "lib/read_file.h"

/* The keys of the cost line, in the order module/cost.c prints them. */
enum { SWITCH_NS, WAKEUP_NS, TIMED_SWITCHES, TIMED_WAKEUPS, EVERY, CLOCK_NS,
       NR_KEYS };

static const char *const cost_keys[NR_KEYS] = {
	"switch_ns", "wakeup_ns", "timed_switches", "timed_wakeups", "every",
	"clock_ns",
};

/* The text after "key " of the status line of key (maybe ""), or NULL. */
static const char *status_value(const char *status, const char *key)
{
	const char *line = status;
	size_t len = strlen(key);

	while (line && (strncmp(line, key, len) ||
			!strchr(" \n", line[len]))) {
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	if (!line)
		return NULL;
	return line[len] == ' ' ? line + len + 1 : line + len;
}

/* "sample N ...": N, 1..65536 (module/sampling.h); 1 without the line. */
static int parse_sample(const char *status, unsigned int *sample, char *err,
			size_t errlen)
{
	const char *v = status_value(status, "sample");
	uint64_t n;

	*sample = 1;
	if (!v)
		return 0;
	if (parse_u64(v, strcspn(v, " \n"), &n) || !n || n > 65536) {
		error_msg(err, errlen, "status: the sample line's '%.*s' is not a number from 1 to 65536",
			  (int)strcspn(v, " \n"), v);
		return -EINVAL;
	}
	*sample = (unsigned int)n;
	return 0;
}

int probe_cost_parse(const char *status, struct probe_cost *c, char *err,
		     size_t errlen)
{
	const char *line = status;
	uint64_t v[NR_KEYS] = { 0 };
	bool none[NR_KEYS] = { false };
	char buf[512], *save = NULL, *key, *value;
	unsigned int seen = 0;
	size_t i;

	memset(c, 0, sizeof(*c));
	if (parse_sample(status, &c->sample, err, errlen))
		return -EINVAL;
	line = status_value(status, "cost");
	if (!line)
		return 0;
	snprintf(buf, sizeof(buf), "%.*s", (int)strcspn(line, "\n"), line);
	for (key = strtok_r(buf, " ", &save); key; key = strtok_r(NULL, " ", &save)) {
		value = strtok_r(NULL, " ", &save);
		for (i = 0; i < NR_KEYS && strcmp(key, cost_keys[i]); i++)
			;
		if (i == NR_KEYS)
			continue;	/* a newer module's key */
		if (!value || (seen & (1u << i)))
			goto bad;
		seen |= 1u << i;
		/* a mean of no timed call yet */
		if ((i == SWITCH_NS || i == WAKEUP_NS) && !strcmp(value, "-")) {
			none[i] = true;
			continue;
		}
		if (parse_u64(value, strlen(value), &v[i]))
			goto bad;
	}
	if (seen != (1u << NR_KEYS) - 1 || !v[EVERY] || v[EVERY] > 1u << 30) {
		error_msg(err, errlen, "status: the cost line lacks a key, or its every is not 1..2^30");
		return -EINVAL;
	}
	c->switch_ns = none[SWITCH_NS] ? NAN : (double)v[SWITCH_NS];
	c->wakeup_ns = none[WAKEUP_NS] ? NAN : (double)v[WAKEUP_NS];
	c->timed_switches = v[TIMED_SWITCHES];
	c->timed_wakeups = v[TIMED_WAKEUPS];
	c->every = (unsigned int)v[EVERY];
	c->clock_ns = (double)v[CLOCK_NS];
	c->have = true;
	return 0;
bad:
	error_msg(err, errlen, "status: the cost line's '%s' is %s", key,
		  value ? "repeated or not a number" : "without a value");
	return -EINVAL;
}

int probe_cost_read(const char *path, struct probe_cost *c, char *err,
		    size_t errlen)
{
	char *text = NULL;
	size_t len;
	int ret = read_file(path, &text, &len, err, errlen);

	if (ret)
		return ret;
	ret = probe_cost_parse(text, c, err, errlen);
	free(text);
	return ret;
}
