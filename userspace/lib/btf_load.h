/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A BTF file read through libbpf without its own messages on stderr: the
 * callers say what failed in their words.
 */
#ifndef SCHEDSCOPE_BTF_LOAD_H
#define SCHEDSCOPE_BTF_LOAD_H

struct btf;

/*
 * path (raw BTF or an ELF file with .BTF), or the running kernel's when
 * NULL. NULL on failure, with errno set where libbpf set it.
 */
struct btf *btf_load_quiet(const char *path);

#endif
