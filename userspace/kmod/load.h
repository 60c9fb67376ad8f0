/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inserting and removing the module: where its file is, the parameters it
 * gets (the cfs_rq layout from BTF among them), finit_module(2) and
 * delete_module(2), and what stands in the way of loading (capability,
 * lockdown). The messages are schedscope load's and unload's (cmd/load.c).
 */
#ifndef SCHEDSCOPE_KMOD_LOAD_H
#define SCHEDSCOPE_KMOD_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "kmod/modinfo.h"

/*
 * build/<release>/schedscope.ko beside the build/bin/ this binary is in.
 * Returns 0 or -errno.
 */
int kmod_default_path(const char *release, char *buf, size_t len);

/* Append "key=value" to the module's parameter line params. */
void kmod_param_add(char *params, size_t len, const char *kv);

/* What kmod_layout_param() found. */
enum kmod_layout {
	KMOD_LAYOUT_GIVEN,		/* kv holds cfs_rq_layout=... */
	KMOD_LAYOUT_NO_BTF,		/* the BTF unreadable: why says why */
	KMOD_LAYOUT_UNSUPPORTED,	/* not the EEVDF cfs_rq: why says why */
	KMOD_LAYOUT_OLD_MODULE,		/* the module takes no cfs_rq_layout */
	KMOD_LAYOUT_TOO_LONG,		/* the parameter does not fit kv */
};

/*
 * The cfs_rq_layout=... parameter for the module mi from the BTF at path
 * (NULL: the running kernel's).
 */
enum kmod_layout kmod_layout_param(const char *btf, const struct modinfo *mi,
				   char *kv, size_t len, char *why,
				   size_t whylen);

/*
 * The module file path (plain or compressed) inserted with params by
 * libkmod, as modprobe would; 0 or the errno (finit_module(2)'s).
 */
int kmod_insert(const char *path, const char *params);
/* delete_module(2) of schedscope, without waiting; 0 or the errno. */
int kmod_remove(void);

/* The effective capabilities hold CAP_SYS_MODULE (else: euid 0). */
bool kmod_has_cap_sys_module(void);
/* The active lockdown mode ("integrity", "confidentiality"), or NULL. */
const char *kmod_lockdown_mode(char *buf, size_t len);

#endif
