// SPDX-License-Identifier: GPL-2.0
/* --metric NAME=REGEX: a number out of any tool's output. */
#include <ctype.h>
#include <errno.h>
#include <string.h>

#include "lib/error_msg.h"
#include "tool_output/tool_metric.h"
#include "tool_output/tool_table.h"

static bool metric_name(const char *s, size_t n)
{
	size_t i;

	if (!n || n >= TOOL_METRIC_NAME_MAX || !islower((unsigned char)s[0]))
		return false;
	for (i = 1; i < n; i++)
		if (!islower((unsigned char)s[i]) && !isdigit((unsigned char)s[i]) &&
		    s[i] != '_' && s[i] != '.')
			return false;
	return true;
}

int tool_metric_parse(struct tool_metric *m, const char *arg, char *err,
		      size_t errlen)
{
	const char *eq = strchr(arg, '=');
	char why[256];
	int ret;

	memset(m, 0, sizeof(*m));
	if (!eq || !metric_name(arg, eq - arg)) {
		error_msg(err, errlen, "--metric '%s': not NAME=REGEX with NAME "
			  "of a-z, 0-9, '_' and '.' (a letter first, at most %d)",
			  arg, TOOL_METRIC_NAME_MAX - 1);
		return -EINVAL;
	}
	memcpy(m->name, arg, eq - arg);
	m->regex = eq + 1;
	ret = regcomp(&m->re, m->regex, REG_EXTENDED | REG_NEWLINE);
	if (ret) {
		regerror(ret, &m->re, why, sizeof(why));
		error_msg(err, errlen, "--metric %s: %s", m->name, why);
		return -EINVAL;
	}
	if (!m->re.re_nsub) {
		regfree(&m->re);
		error_msg(err, errlen, "--metric %s: the regular expression has "
			  "no group '(...)' around the number", m->name);
		return -EINVAL;
	}
	return 0;
}

void tool_metric_free(struct tool_metric *m)
{
	regfree(&m->re);
}

int tool_metric_table(const struct tool_metric *m, const char *text,
		      json_t *tables, char *note, size_t notelen)
{
	const char *cols[] = { m->name, NULL };
	struct tool_lines lines;
	regmatch_t match[2];
	bool found = false;
	double value = 0, v;
	json_t *t;

	tool_lines_init(&lines, text);
	while (tool_lines_next(&lines)) {
		const char *end;
		char number[64];
		size_t n;

		if (regexec(&m->re, lines.line, 2, match, 0) || match[1].rm_so < 0)
			continue;
		n = match[1].rm_eo - match[1].rm_so;
		if (n >= sizeof(number))
			continue;
		memcpy(number, lines.line + match[1].rm_so, n);
		number[n] = '\0';
		if (tool_number_after(number, "", &v, &end) && !*end) {
			value = v;
			found = true;
		}
	}
	if (!found) {
		error_msg(note, notelen, "--metric %s: no line matched with a "
			  "number in the group", m->name);
		return 0;
	}
	t = tool_table_add(tables, "metric", cols);
	if (!t || tool_table_row(t, &value))
		return -ENOMEM;
	return 1;
}
