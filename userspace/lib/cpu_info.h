/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What /proc/cpuinfo says of the machine a sweep runs on: the CPU's model
 * name and whether a hypervisor runs it (the "hypervisor" flag), so that a
 * report can say when its times are a virtual machine's, or an emulator's.
 */
#ifndef SCHEDSCOPE_LIB_CPU_INFO_H
#define SCHEDSCOPE_LIB_CPU_INFO_H

#include <stdbool.h>
#include <stddef.h>

struct cpu_info {
	char model[128];	/* the first "model name", or "" */
	bool hypervisor;	/* the first "flags" line has "hypervisor" */
};

/* Parse cpuinfo text (NUL-terminated). */
void cpu_info_parse(const char *text, struct cpu_info *ci);

/* Read and parse path (/proc/cpuinfo). Returns 0 or -errno. */
int cpu_info_read(const char *path, struct cpu_info *ci);

/*
 * A model name QEMU gives a CPU it emulates (TCG's default models, "QEMU
 * Virtual CPU version 2.5+", "QEMU TCG CPU"): every instruction is
 * translated, and guest time runs on while the host does not run it.
 */
bool cpu_info_model_emulated(const char *model);

#endif
