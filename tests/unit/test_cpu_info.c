// SPDX-License-Identifier: GPL-2.0
/*
 * lib/cpu_info.c: the model name and the hypervisor flag of /proc/cpuinfo,
 * and the model names of a CPU QEMU emulates.
 */
#include <string.h>

#include "check.h"
#include "lib/cpu_info.h"

void test_cpu_info(void)
{
	struct cpu_info ci;

	/* TCG's default CPU: only the first processor's lines are read */
	cpu_info_parse("processor\t: 0\nvendor_id\t: AuthenticAMD\n"
		       "model name\t: QEMU Virtual CPU version 2.5+\n"
		       "flags\t\t: fpu de pse tsc hypervisor lahf_lm\n\n"
		       "processor\t: 1\nmodel name\t: other\nflags\t\t: fpu\n",
		       &ci);
	CHECK_STR_EQ(ci.model, "QEMU Virtual CPU version 2.5+");
	CHECK(ci.hypervisor);
	CHECK(cpu_info_model_emulated(ci.model));
	/* a real CPU, a flag that only starts with "hypervisor" */
	cpu_info_parse("model name\t: AMD EPYC 7B13\n"
		       "flags\t\t: fpu hypervisorx sse\n", &ci);
	CHECK_STR_EQ(ci.model, "AMD EPYC 7B13");
	CHECK(!ci.hypervisor);
	CHECK(!cpu_info_model_emulated(ci.model));
	/* hypervisor last on its line, and a "flags" key of another name */
	cpu_info_parse("model name\t: AMD EPYC\nvmx flags\t: x\n"
		       "flags\t\t: fpu hypervisor", &ci);
	CHECK(ci.hypervisor);
	cpu_info_parse("", &ci);
	CHECK_STR_EQ(ci.model, "");
	CHECK(!ci.hypervisor);
	CHECK(cpu_info_model_emulated("QEMU TCG CPU version 2.5+"));
	CHECK(cpu_info_read("/nonexistent/cpuinfo", &ci) < 0);
}
