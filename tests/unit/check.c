// SPDX-License-Identifier: GPL-2.0
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/read_file.h"

unsigned int checks_passed, checks_failed;

bool check_report(bool ok, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		checks_passed++;
		return true;
	}
	checks_failed++;
	printf("FAIL %s:%d: ", file, line);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	return false;
}

char *exact_copy(const char *data, size_t len)
{
	/* malloc(0) may return NULL; one byte keeps a valid pointer. */
	char *copy = malloc(len ? len : 1);

	if (!copy)
		abort();
	memcpy(copy, data, len);
	return copy;
}

const char *test_path(const char *relpath)
{
	static char path[PATH_MAX];

	if (relpath[0] == '/')
		return relpath;
	snprintf(path, sizeof(path), "%s/%s", TEST_DIR, relpath);
	return path;
}

char *test_file(const char *relpath, size_t *len)
{
	char err[512];
	char *buf;

	if (read_file(test_path(relpath), &buf, len, err, sizeof(err))) {
		printf("cannot read test data: %s\n", err);
		abort();
	}
	return buf;
}
