/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The .modinfo section of a kernel module file (.ko), as libkmod reads it
 * (modinfo(8) does the same): NUL-separated
 * "key=value" strings such as "vermagic=6.12.117+deb12-amd64 SMP ...",
 * "parm=task_slots:...", "parmtype=task_slots:uint".
 */
#ifndef SCHEDSCOPE_MODINFO_H
#define SCHEDSCOPE_MODINFO_H

#include <stdbool.h>
#include <stddef.h>

struct modinfo {
	char *data;		/* the section, NUL-terminated strings */
	size_t len;
};

/*
 * Read the .modinfo of the module file path, plain or compressed (.ko.xz,
 * .ko.zst), with libkmod.  Returns 0, -errno of opening it, -ENOEXEC (not
 * a module, or one libkmod cannot decompress); err says which.
 */
int modinfo_read(const char *path, struct modinfo *mi, char *err, size_t errlen);
void modinfo_free(struct modinfo *mi);

/* Value of the first "key=..." entry, NULL when there is none. */
const char *modinfo_get(const struct modinfo *mi, const char *key);
/* The module declares parameter name (a parmtype= or parm= entry). */
bool modinfo_has_param(const struct modinfo *mi, const char *name);
/* The kernel release of a vermagic: its first word, in buf. */
void modinfo_vermagic_release(const char *vermagic, char *buf, size_t len);

#endif
