/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The lines of a text buffer, for the parsers of the module's files: every
 * line must end in '\n' and none may hold a NUL byte.
 */
#ifndef SCHEDSCOPE_TEXT_LINES_H
#define SCHEDSCOPE_TEXT_LINES_H

#include <stddef.h>

struct text_lines {
	const char *buf;
	size_t len;
	size_t pos;		/* start of the next line */
	unsigned int lineno;	/* of the line last returned, from 1 */
};

void text_lines_init(struct text_lines *t, const char *buf, size_t len);

/*
 * The next line, without its '\n', in *line and *line_len. Returns 1, 0 at
 * the end of the buffer, or -EINVAL with "line N: NUL byte at column C" or
 * "line N: no newline at the end of the input (truncated?)" in err.
 */
int text_lines_next(struct text_lines *t, const char **line, size_t *line_len,
		    char *err, size_t errlen);

#endif
