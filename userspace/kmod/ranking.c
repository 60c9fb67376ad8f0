// SPDX-License-Identifier: GPL-2.0
/* The module's waits by task, process or cgroup read (kmod/ranking.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmod/ranking.h"
#include "lib/error_msg.h"
#include "lib/grow_array.h"
#include "lib/parse_u64.h"
#include "lib/text_lines.h"

/* The entry of key, added empty if new; NULL: no memory. */
static struct ranking_entry *entry_of(struct ranking *r, uint64_t key)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		if (r->e[i].key == key)
			return &r->e[i];
	if (grow_array(&r->e, &r->cap, r->n, sizeof(*r->e)))
		return NULL;
	memset(&r->e[r->n], 0, sizeof(r->e[r->n]));
	r->e[r->n].key = key;
	return &r->e[r->n++];
}

/* The number at *s, after one blank unless at the line's start, into *v. */
static bool next_u64(const char **s, const char *line, const char *end,
		     uint64_t *v)
{
	size_t n;

	if (*s != line) {
		if (*s == end || **s != ' ')
			return false;
		(*s)++;
	}
	n = digits_span(*s, end - *s);
	if (!n || parse_u64(*s, n, v))
		return false;
	*s += n;
	return true;
}

/* "KEY COUNT SUM MAX B0 ... B39 COMM" added into r. */
static int add_line(struct ranking *r, const char *line, size_t len)
{
	const char *s = line, *end = line + len;
	uint64_t key, count, sum, max, b[RANKING_BUCKETS];
	struct ranking_entry *e;
	unsigned int i;

	if (!next_u64(&s, line, end, &key) || !key ||
	    !next_u64(&s, line, end, &count) ||
	    !next_u64(&s, line, end, &sum) || !next_u64(&s, line, end, &max))
		return -EINVAL;
	for (i = 0; i < RANKING_BUCKETS; i++)
		if (!next_u64(&s, line, end, &b[i]))
			return -EINVAL;
	if (s == end || *s != ' ')
		return -EINVAL;
	s++;
	e = entry_of(r, key);
	if (!e)
		return -ENOMEM;
	if (!e->comm[0])
		snprintf(e->comm, sizeof(e->comm), "%.*s", (int)(end - s), s);
	e->count += count;
	e->sum_ns += sum;
	if (max > e->max_ns)
		e->max_ns = max;
	for (i = 0; i < RANKING_BUCKETS; i++)
		e->buckets[i] += b[i];
	return 0;
}

static int parse_lines(struct text_lines *t, struct ranking *r, char *err,
		       size_t errlen)
{
	const char *line;
	uint64_t dropped;
	size_t n;
	int cpu, ret, used;

	while ((ret = text_lines_next(t, &line, &n, err, errlen)) == 1) {
		char copy[64];

		if (n < sizeof(copy) && !strncmp(line, "cpu ", 4)) {
			memcpy(copy, line, n);
			copy[n] = '\0';
			if (sscanf(copy, "cpu %d dropped %" SCNu64 "%n", &cpu,
				   &dropped, &used) != 2 || (size_t)used != n)
				goto bad;
			r->dropped += dropped;
			r->cpus++;
			continue;
		}
		if (!r->cpus)
			goto bad;
		ret = add_line(r, line, n);
		if (ret == -ENOMEM)
			return error_ret(err, errlen, ret, "no memory");
		if (ret)
			goto bad;
	}
	return ret;
bad:
	return error_ret(err, errlen, -EINVAL, "ranking line %u: '%.*s' is "
			 "neither 'cpu N dropped D' nor 'KEY COUNT SUM MAX' "
			 "and %d buckets and a comm", t->lineno,
			 (int)(n > 80 ? 80 : n), line, RANKING_BUCKETS);
}

int ranking_parse(const char *text, size_t len, struct ranking *r, char *err,
		  size_t errlen)
{
	struct text_lines t;
	const char *line;
	size_t n;
	int ret;

	memset(r, 0, sizeof(*r));
	text_lines_init(&t, text, len);
	ret = text_lines_next(&t, &line, &n, err, errlen);
	if (ret == 1 && (n < 4 || n - 3 >= sizeof(r->by) ||
			 strncmp(line, "by ", 3)))
		ret = error_ret(err, errlen, -EINVAL, "ranking line 1: '%.*s' "
				"is not 'by KEY'", (int)(n > 80 ? 80 : n),
				line);
	else if (ret == 0)
		ret = error_ret(err, errlen, -EINVAL, "ranking: empty");
	if (ret == 1) {
		memcpy(r->by, line + 3, n - 3);
		r->by[n - 3] = '\0';
		ret = parse_lines(&t, r, err, errlen);
	}
	if (ret < 0)
		ranking_free(r);
	return ret < 0 ? ret : 0;
}

void ranking_free(struct ranking *r)
{
	free(r->e);
	memset(r, 0, sizeof(*r));
}
