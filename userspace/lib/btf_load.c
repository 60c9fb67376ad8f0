// SPDX-License-Identifier: GPL-2.0
/* BTF read with libbpf's messages silenced (lib/btf_load.h). */
#include <errno.h>
#include <stdarg.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "lib/btf_load.h"

static int quiet(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	(void)level;
	(void)fmt;
	(void)ap;
	return 0;
}

struct btf *btf_load_quiet(const char *path)
{
	libbpf_print_fn_t old = libbpf_set_print(quiet);
	struct btf *btf;
	int saved;

	errno = 0;
	btf = path ? btf__parse(path, NULL) : btf__load_vmlinux_btf();
	saved = errno;
	libbpf_set_print(old);
	errno = saved;
	return btf;
}
