// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>

#include "lib/error_msg.h"
#include "lib/text_lines.h"

void text_lines_init(struct text_lines *t, const char *buf, size_t len)
{
	t->buf = buf;
	t->len = len;
	t->pos = 0;
	t->lineno = 0;
}

int text_lines_next(struct text_lines *t, const char **line, size_t *line_len,
		    char *err, size_t errlen)
{
	const char *start = t->buf + t->pos;
	const char *nl, *nul;
	size_t len;

	if (t->pos >= t->len)
		return 0;
	nl = memchr(start, '\n', t->len - t->pos);
	len = nl ? (size_t)(nl - start) : t->len - t->pos;
	nul = memchr(start, '\0', len);
	t->lineno++;
	if (nul) {
		error_msg(err, errlen, "line %u: NUL byte at column %zu",
			  t->lineno, (size_t)(nul - start) + 1);
		return -EINVAL;
	}
	if (!nl) {
		error_msg(err, errlen, "line %u: no newline at the end of "
			  "the input (truncated?)", t->lineno);
		return -EINVAL;
	}
	t->pos += len + 1;
	*line = start;
	*line_len = len;
	return 1;
}
