/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module as a package installs it: DKMS's build for the running kernel
 * under /lib/modules/<release>/updates/dkms/, where modprobe finds it too,
 * plain or compressed as the kernel's own modules are (.ko.xz, .ko.zst):
 * libkmod reads and loads each (kmod/modinfo.h, kmod/load.h).
 */
#ifndef SCHEDSCOPE_KMOD_INSTALLED_H
#define SCHEDSCOPE_KMOD_INSTALLED_H

#include <stddef.h>

/* The installed module's directory, for messages and tests. */
#define KMOD_INSTALLED_DIR	"/lib/modules/%s/updates/dkms"

/*
 * The installed module of release under root (NULL: "/") into buf: 0, or
 * -ENOENT when there is none.
 */
int kmod_installed_path(const char *root, const char *release, char *buf,
			size_t len);

#endif
