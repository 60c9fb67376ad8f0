// SPDX-License-Identifier: GPL-2.0
/* Inserting and removing the module (kmod/load.h). */
#include <errno.h>
#include <fcntl.h>
#include <libkmod.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "kmod/btf_layout.h"
#include "kmod/load.h"

#define CAP_SYS_MODULE_BIT	16

int kmod_default_path(const char *release, char *buf, size_t len)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	if (n < 0)
		return -errno;
	exe[n] = '\0';
	slash = strrchr(exe, '/');		/* .../build/bin/schedscope */
	if (!slash)
		return -ENOENT;
	*slash = '\0';
	slash = strrchr(exe, '/');		/* .../build/bin */
	if (slash)
		*slash = '\0';
	n = snprintf(buf, len, "%s/%s/schedscope.ko", slash ? exe : "..",
		     release);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

void kmod_param_add(char *params, size_t len, const char *kv)
{
	size_t used = strlen(params);

	snprintf(params + used, len - used, "%s%s", used ? " " : "", kv);
}

enum kmod_layout kmod_layout_param(const char *btf, const struct modinfo *mi,
				   char *kv, size_t len, char *why,
				   size_t whylen)
{
	struct btf_layout layout;
	char value[900];

	if (btf_layout_read(btf, &layout, why, whylen))
		return KMOD_LAYOUT_NO_BTF;
	if (!layout.eevdf) {
		snprintf(why, whylen, "%s", layout.reason);
		return KMOD_LAYOUT_UNSUPPORTED;
	}
	if (!modinfo_has_param(mi, "cfs_rq_layout"))
		return KMOD_LAYOUT_OLD_MODULE;
	if (btf_layout_param(&layout, btf, value, sizeof(value)))
		return KMOD_LAYOUT_TOO_LONG;
	snprintf(kv, len, "cfs_rq_layout=%s", value);
	return KMOD_LAYOUT_GIVEN;
}

int kmod_insert(const char *path, const char *params)
{
	struct kmod_ctx *ctx = kmod_new(NULL, NULL);
	struct kmod_module *mod = NULL;
	int ret;

	if (!ctx)
		return ENOMEM;
	ret = kmod_module_new_from_path(ctx, path, &mod);
	if (!ret)
		ret = kmod_module_insert_module(mod, 0, params);
	kmod_module_unref(mod);
	kmod_unref(ctx);
	return -ret;
}

int kmod_remove(void)
{
	return syscall(SYS_delete_module, "schedscope", O_NONBLOCK) ? errno : 0;
}

bool kmod_has_cap_sys_module(void)
{
	char line[256];
	unsigned long long caps = 0;
	FILE *f = fopen("/proc/self/status", "re");

	if (!f)
		return geteuid() == 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "CapEff: %llx", &caps) == 1)
			break;
	fclose(f);
	return caps & (1ull << CAP_SYS_MODULE_BIT);
}

const char *kmod_lockdown_mode(char *buf, size_t len)
{
	FILE *f = fopen("/sys/kernel/security/lockdown", "re");
	char *open, *close;

	if (!f)
		return NULL;
	if (!fgets(buf, len, f)) {
		fclose(f);
		return NULL;
	}
	fclose(f);
	open = strchr(buf, '[');
	close = open ? strchr(open, ']') : NULL;
	if (!open || !close)
		return NULL;
	*close = '\0';
	return strcmp(open + 1, "none") ? open + 1 : NULL;
}
