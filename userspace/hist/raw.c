// SPDX-License-Identifier: GPL-2.0
/* The module's terse histogram lines read back (hist/raw.h). */
#include <errno.h>
#include <string.h>

#include "hist/raw.h"
#include "lib/error_msg.h"
#include "lib/parse_u64.h"

#define HEADER_COLUMNS	": lo hi count"
#define PER_CPU		", per cpu"

size_t hist_raw_header(const char *buf, size_t len,
		       char name[LOG2_HIST_NAME_MAX], bool *per_cpu, char *err,
		       size_t errlen)
{
	const char *nl = memchr(buf, '\n', len), *colon;
	size_t n, rest;

	name[0] = '\0';
	if (!nl || len < 2 || memcmp(buf, "# ", 2)) {
		error_msg(err, errlen, "line 1: not \"# NAME" HEADER_COLUMNS
			  "\"%s", len && buf[0] == '@' ? " (a module of "
			  "interface 2 or older draws bpftrace's layout here: "
			  "load the module built with this schedscope)" : "");
		return 0;
	}
	colon = memchr(buf, ':', nl - buf);
	n = colon ? (size_t)(colon - buf) - 2 : 0;
	rest = colon ? (size_t)(nl - colon) : 0;
	*per_cpu = rest == strlen(HEADER_COLUMNS PER_CPU) &&
		   !memcmp(colon, HEADER_COLUMNS PER_CPU, rest);
	if (!n || n >= LOG2_HIST_NAME_MAX || memchr(buf + 2, ' ', n) ||
	    (!*per_cpu && (rest != strlen(HEADER_COLUMNS) ||
			   memcmp(colon, HEADER_COLUMNS, rest)))) {
		error_msg(err, errlen, "line 1: not \"# NAME" HEADER_COLUMNS
			  "\" (or \"" PER_CPU "\" after it)");
		return 0;
	}
	memcpy(name, buf + 2, n);
	name[n] = '\0';
	return nl + 1 - buf;
}

/* Row of bounds lo, hi from row `from` on; -1 when none has them. */
static int find_row(const struct hist_raw_rows *f, unsigned int from,
		    const char *lo, size_t lo_len, const char *hi,
		    size_t hi_len)
{
	char blo[HIST_RAW_BOUND_MAX], bhi[HIST_RAW_BOUND_MAX];
	unsigned int r;

	for (r = from; r < f->rows; r++) {
		f->bounds(r, blo, bhi);
		if (strlen(blo) == lo_len && !memcmp(blo, lo, lo_len) &&
		    strlen(bhi) == hi_len && !memcmp(bhi, hi, hi_len))
			return r;
	}
	return -1;
}

/* One "lo hi count" line of len bytes (without its '\n'). */
static int parse_row(const struct hist_raw_rows *f, const char *s, size_t len,
		     unsigned int line, unsigned int *next, uint64_t *counts,
		     char *err, size_t errlen)
{
	const char *sp1 = memchr(s, ' ', len), *sp2, *c;
	uint64_t count;
	int row;

	sp2 = sp1 ? memchr(sp1 + 1, ' ', len - (sp1 + 1 - s)) : NULL;
	c = sp2 ? sp2 + 1 : NULL;
	if (!c || c == s + len || sp1 == s || sp2 == sp1 + 1) {
		error_msg(err, errlen, "line %u: not \"lo hi count\"", line);
		return -EINVAL;
	}
	row = find_row(f, *next, s, sp1 - s, sp1 + 1, sp2 - sp1 - 1);
	if (row < 0) {
		error_msg(err, errlen, "line %u: \"%.*s\" is not a bucket of %s "
			  "above the line before", line, (int)(sp2 - s), s,
			  f->kind);
		return -EINVAL;
	}
	if (parse_u64(c, s + len - c, &count) || !count) {
		error_msg(err, errlen, "line %u: count \"%.*s\" is not a number "
			  "from 1 to %llu", line, (int)(s + len - c), c,
			  (unsigned long long)UINT64_MAX);
		return -EINVAL;
	}
	counts[row] = count;
	*next = row + 1;
	return 0;
}

int hist_raw_parse_rows(const struct hist_raw_rows *f, const char *buf,
			size_t len, unsigned int *line, uint64_t *counts,
			size_t *used, char *err, size_t errlen)
{
	unsigned int next = 0;
	size_t pos = 0;
	const char *nl;
	int ret;

	memset(counts, 0, f->rows * sizeof(*counts));
	while (pos < len && (buf[pos] == '-' ||
			     (buf[pos] >= '0' && buf[pos] <= '9'))) {
		(*line)++;
		nl = memchr(buf + pos, '\n', len - pos);
		if (!nl) {
			error_msg(err, errlen, "line %u: no end of line "
				  "(truncated?)", *line);
			return -EINVAL;
		}
		ret = parse_row(f, buf + pos, nl - (buf + pos), *line, &next,
				counts, err, errlen);
		if (ret)
			return ret;
		pos = nl + 1 - buf;
	}
	*used = pos;
	return 0;
}
