// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "kmod/installed.h"
#include "kmod/modinfo.h"
#include "test_util.h"

#define REL	"6.12.118+deb12-amd64"
#define DKMS	"lib/modules/" REL "/updates/dkms/"

static void test_installed_path(void)
{
	char root[PATH_MAX], buf[PATH_MAX], want[PATH_MAX + 64];

	snprintf(root, sizeof(root), "%s", test_tmpdir("installed"));
	CHECK_EQ_INT(kmod_installed_path(root, REL, buf, sizeof(buf)), -ENOENT);
	test_write(root, DKMS "schedscope.ko.xz", "x");
	CHECK_EQ_INT(kmod_installed_path(root, REL, buf, sizeof(buf)), 0);
	snprintf(want, sizeof(want), "%s/" DKMS "schedscope.ko.xz", root);
	CHECK_STR_EQ(buf, want);
	/* another release's module is not this one's */
	CHECK_EQ_INT(kmod_installed_path(root, "6.1.0-57-amd64", buf,
					 sizeof(buf)), -ENOENT);
	/* a plain module comes before a compressed one */
	test_write(root, DKMS "schedscope.ko", "x");
	CHECK_EQ_INT(kmod_installed_path(root, REL, buf, sizeof(buf)), 0);
	snprintf(want, sizeof(want), "%s/" DKMS "schedscope.ko", root);
	CHECK_STR_EQ(buf, want);
	CHECK_EQ_INT(kmod_installed_path(root, REL, buf, 8), -ENOENT);
}

/*
 * The ELF fixture through xz and zstd: libkmod decompresses what DKMS
 * installs compressed.
 */
static void test_compressed(void)
{
	static const char *const tools[][2] = {
		{ "xz", "schedscope.ko.xz" },
		{ "zstd -q", "schedscope.ko.zst" },
	};
	char dir[PATH_MAX], path[PATH_MAX + 32], cmd[3 * PATH_MAX], err[512];
	struct modinfo mi;
	size_t i;

	snprintf(dir, sizeof(dir), "%s", test_tmpdir("installed_compressed"));
	for (i = 0; i < sizeof(tools) / sizeof(*tools); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, tools[i][1]);
		snprintf(cmd, sizeof(cmd), "%s -c %s > %s", tools[i][0],
			 test_path(FIXTURE_BUILD_DIR "/elf/modinfo_fixture.o"),
			 path);
		CHECK_MSG(!system(cmd), "%s is needed: %s", tools[i][0], cmd);
		CHECK_MSG(!modinfo_read(path, &mi, err, sizeof(err)), "%s", err);
		CHECK_STR_EQ(modinfo_get(&mi, "name") ?: "", "schedscope");
		CHECK(modinfo_has_param(&mi, "task_slots"));
		modinfo_free(&mi);
	}

	/* not xz data: an error that names the file */
	test_write(dir, "bad.ko.xz", "not xz");
	snprintf(path, sizeof(path), "%s/bad.ko.xz", dir);
	CHECK_EQ_INT(modinfo_read(path, &mi, err, sizeof(err)), -ENOEXEC);
	CHECK_STR_HAS(err, "bad.ko.xz: not a kernel module");
}

void test_installed(void)
{
	test_installed_path();
	test_compressed();
}
