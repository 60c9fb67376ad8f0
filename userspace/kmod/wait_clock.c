// SPDX-License-Identifier: GPL-2.0
/* The clock the module times waits with (kmod/wait_clock.h). */
#include <stdlib.h>
#include <string.h>

#include "kmod/wait_clock.h"
#include "lib/read_file.h"

const char *wait_clock_for(const char *clocksource)
{
	/* tsc-early is the boot's stand-in until the TSC is calibrated */
	if (clocksource && !strcmp(clocksource, "tsc\n"))
		return "mono";
	return "local";
}

const char *wait_clock_live(const char *path)
{
	const char *clock;
	char err[128];
	size_t len;
	char *buf;

	if (read_file(path, &buf, &len, err, sizeof(err)))
		return wait_clock_for(NULL);
	clock = wait_clock_for(buf);
	free(buf);
	return clock;
}
