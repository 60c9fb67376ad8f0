// SPDX-License-Identifier: GPL-2.0
/* The module's clock parameter from the clocksource in use. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "kmod/wait_clock.h"
#include "test_util.h"

void test_wait_clock(void)
{
	const char *dir;
	char path[512];

	CHECK_STR_EQ(wait_clock_for("tsc\n"), "mono");
	/* anything else reads through local_clock() */
	CHECK_STR_EQ(wait_clock_for("hpet\n"), "local");
	CHECK_STR_EQ(wait_clock_for("acpi_pm\n"), "local");
	CHECK_STR_EQ(wait_clock_for("tsc-early\n"), "local");
	CHECK_STR_EQ(wait_clock_for("kvm-clock\n"), "local");
	CHECK_STR_EQ(wait_clock_for("tsc"), "local");
	CHECK_STR_EQ(wait_clock_for(""), "local");
	CHECK_STR_EQ(wait_clock_for(NULL), "local");

	dir = test_tmpdir("wait_clock");
	snprintf(path, sizeof(path), "%s/current_clocksource", dir);
	test_write(dir, "current_clocksource", "tsc\n");
	CHECK_STR_EQ(wait_clock_live(path), "mono");
	test_write(dir, "current_clocksource", "hpet\n");
	CHECK_STR_EQ(wait_clock_live(path), "local");
	snprintf(path, sizeof(path), "%s/no-such-file", dir);
	CHECK_STR_EQ(wait_clock_live(path), "local");
}
