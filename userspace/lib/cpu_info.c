// SPDX-License-Identifier: GPL-2.0
/* The machine's CPU as /proc/cpuinfo describes it (lib/cpu_info.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cpu_info.h"
#include "lib/read_file.h"

/* The value of a "key\t: value" line that starts at line, or NULL. */
static const char *line_value(const char *line, const char *key)
{
	size_t n = strlen(key);

	if (strncmp(line, key, n))
		return NULL;
	line += n;
	while (*line == ' ' || *line == '\t')
		line++;
	if (*line != ':')
		return NULL;
	line++;
	while (*line == ' ')
		line++;
	return line;
}

void cpu_info_parse(const char *text, struct cpu_info *ci)
{
	bool have_model = false, have_flags = false;
	const char *line, *end, *v;
	int len;

	memset(ci, 0, sizeof(*ci));
	for (line = text; line && *line; line = end ? end + 1 : NULL) {
		end = strchr(line, '\n');
		if (!have_model && (v = line_value(line, "model name"))) {
			len = end ? (int)(end - v) : (int)strlen(v);
			snprintf(ci->model, sizeof(ci->model), "%.*s", len, v);
			have_model = true;
		} else if (!have_flags && (v = line_value(line, "flags"))) {
			len = end ? (int)(end - v) : (int)strlen(v);
			/* a whole word among the flags */
			for (const char *f = v; f < v + len; f++)
				if (!strncmp(f, "hypervisor", 10) &&
				    (f == v || f[-1] == ' ') &&
				    (f + 10 == v + len || f[10] == ' '))
					ci->hypervisor = true;
			have_flags = true;
		}
	}
}

int cpu_info_read(const char *path, struct cpu_info *ci)
{
	char err[256], *text;
	size_t len;
	int ret;

	ret = read_file(path, &text, &len, err, sizeof(err));
	if (ret)
		return ret;
	cpu_info_parse(text, ci);
	free(text);
	return 0;
}

bool cpu_info_model_emulated(const char *model)
{
	return !strncmp(model, "QEMU Virtual CPU", 16) ||
	       !strncmp(model, "QEMU TCG CPU", 12);
}
