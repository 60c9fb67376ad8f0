// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <libkmod.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/error_msg.h"
#include "kmod/modinfo.h"

/* The entries of info as "key=value\0..." in mi; 0 or -ENOMEM. */
static int modinfo_copy(struct kmod_list *info, struct modinfo *mi)
{
	struct kmod_list *l;
	size_t len = 0, pos = 0;

	kmod_list_foreach(l, info)
		len += strlen(kmod_module_info_get_key(l)) + 1 +
		       strlen(kmod_module_info_get_value(l) ?: "") + 1;
	mi->data = malloc(len + 1);
	if (!mi->data)
		return -ENOMEM;
	kmod_list_foreach(l, info)
		pos += sprintf(mi->data + pos, "%s=%s", kmod_module_info_get_key(l),
			       kmod_module_info_get_value(l) ?: "") + 1;
	mi->data[pos] = '\0';
	mi->len = pos;
	return 0;
}

int modinfo_read(const char *path, struct modinfo *mi, char *err, size_t errlen)
{
	struct kmod_ctx *ctx = kmod_new(NULL, NULL);
	struct kmod_module *mod = NULL;
	struct kmod_list *info = NULL;
	int ret;

	memset(mi, 0, sizeof(*mi));
	if (!ctx) {
		error_msg(err, errlen, "%s: libkmod: kmod_new failed", path);
		return -ENOMEM;
	}
	ret = kmod_module_new_from_path(ctx, path, &mod);
	if (ret < 0) {
		error_msg(err, errlen, "%s: %s", path, strerror(-ret));
		goto out;
	}
	/* libkmod reads the file as modprobe does, decompressing it */
	ret = kmod_module_get_info(mod, &info);
	if (ret < 0) {
		error_msg(err, errlen, "%s: not a kernel module: libkmod found "
			  "no .modinfo (%s)", path, strerror(-ret));
		ret = -ENOEXEC;
		goto out;
	}
	ret = modinfo_copy(info, mi);
	kmod_module_info_free_list(info);
	if (!ret && !mi->len) {
		modinfo_free(mi);
		error_msg(err, errlen, "%s: no .modinfo section: not a kernel "
			  "module", path);
		ret = -ENOEXEC;
	}
out:
	kmod_module_unref(mod);
	kmod_unref(ctx);
	return ret;
}

void modinfo_free(struct modinfo *mi)
{
	free(mi->data);
	memset(mi, 0, sizeof(*mi));
}

const char *modinfo_get(const struct modinfo *mi, const char *key)
{
	size_t klen = strlen(key), pos = 0;

	while (pos < mi->len) {
		const char *s = mi->data + pos;
		size_t n = strlen(s);	/* data[len] is a NUL */

		if (n > klen && !memcmp(s, key, klen) && s[klen] == '=')
			return s + klen + 1;
		pos += n + 1;
	}
	return NULL;
}

bool modinfo_has_param(const struct modinfo *mi, const char *name)
{
	size_t nlen = strlen(name), pos = 0;

	while (pos < mi->len) {
		const char *s = mi->data + pos, *v = NULL;
		size_t n = strlen(s);

		if (!strncmp(s, "parmtype=", 9))
			v = s + 9;
		else if (!strncmp(s, "parm=", 5))
			v = s + 5;
		if (v && !strncmp(v, name, nlen) && v[nlen] == ':')
			return true;
		pos += n + 1;
	}
	return false;
}

void modinfo_vermagic_release(const char *vermagic, char *buf, size_t len)
{
	size_t n = strcspn(vermagic, " ");

	snprintf(buf, len, "%.*s", (int)n, vermagic);
}
