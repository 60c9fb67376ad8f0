// SPDX-License-Identifier: GPL-2.0
/* The module as a package installs it (kmod/installed.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "kmod/installed.h"

/* as the kernel's own modules may be: what Debian's libkmod reads */
static const char *const suffixes[] = { "", ".xz", ".zst" };

#define NSUFFIXES	(sizeof(suffixes) / sizeof(*suffixes))

int kmod_installed_path(const char *root, const char *release, char *buf,
			size_t len)
{
	char dir[512];
	size_t i;
	int n;

	n = snprintf(dir, sizeof(dir), "%s" KMOD_INSTALLED_DIR,
		     root && strcmp(root, "/") ? root : "", release);
	if (n < 0 || (size_t)n >= sizeof(dir))
		return -ENAMETOOLONG;
	for (i = 0; i < NSUFFIXES; i++) {
		n = snprintf(buf, len, "%s/schedscope.ko%s", dir, suffixes[i]);
		if (n > 0 && (size_t)n < len && !access(buf, R_OK))
			return 0;
	}
	return -ENOENT;
}
