/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The .modinfo section of a kernel module file (.ko): NUL-separated
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
 * Read the .modinfo section of the 64-bit little-endian ELF file path.
 * Returns 0, -errno of I/O, -ENOEXEC (not such an ELF file, or no
 * .modinfo), -EINVAL (section out of the file's bounds); err says which.
 */
int modinfo_read(const char *path, struct modinfo *mi, char *err, size_t errlen);
/* The same for an ELF image in memory. */
int modinfo_parse(const void *elf, size_t size, struct modinfo *mi, char *err,
		  size_t errlen);
void modinfo_free(struct modinfo *mi);

/* Value of the first "key=..." entry, NULL when there is none. */
const char *modinfo_get(const struct modinfo *mi, const char *key);
/* The module declares parameter name (a parmtype= or parm= entry). */
bool modinfo_has_param(const struct modinfo *mi, const char *name);
/* The kernel release of a vermagic: its first word, in buf. */
void modinfo_vermagic_release(const char *vermagic, char *buf, size_t len);

#endif
