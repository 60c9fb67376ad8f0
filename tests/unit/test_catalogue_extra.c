// SPDX-License-Identifier: GPL-2.0
/*
 * The suite catalogue_extra: runs the test binary built beside this one
 * with -DSS_CATALOGUE_EXTRA (catalogue_extra/catalogue_extra.c: a counter
 * added through module/metrics.h alone, found in every output), and counts
 * its checks as this suite's.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

void test_catalogue_extra(void)
{
	char self[PATH_MAX], cmd[PATH_MAX + 16], line[1024];
	unsigned int passed = 0, failed = 0;
	bool summary = false;
	ssize_t n;
	FILE *p;

	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (!CHECK(n > 0))
		return;
	self[n] = '\0';
	snprintf(cmd, sizeof(cmd), "'%s.extra' 2>&1", self);
	p = popen(cmd, "r");
	if (!CHECK(p))
		return;
	while (fgets(line, sizeof(line), p)) {
		if (sscanf(line, "%u passed, %u failed", &passed, &failed) == 2)
			summary = true;
		else
			fputs(line, stdout);
	}
	CHECK_MSG(pclose(p) == (failed ? 256 : 0) && summary,
		  "%s.extra ran to its summary line", self);
	checks_passed += passed;
	checks_failed += failed;
}
