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

static void test_decompressor(void)
{
	CHECK(kmod_decompressor("/x/schedscope.ko") == NULL);
	CHECK_STR_EQ(kmod_decompressor("/x/schedscope.ko.xz") ?: "", "xz");
	CHECK_STR_EQ(kmod_decompressor("/x/schedscope.ko.zst") ?: "", "zstd");
	CHECK_STR_EQ(kmod_decompressor("/x/schedscope.ko.gz") ?: "", "gzip");
	CHECK(kmod_decompressor(".xz") == NULL);
	CHECK(kmod_decompressor("schedscope.ko.bz2") == NULL);
}

/* The ELF fixture through xz and back: modinfo reads the memory file. */
static void test_decompress(void)
{
	char dir[PATH_MAX], xz[PATH_MAX + 32], cmd[3 * PATH_MAX], err[512];
	char fdpath[64];
	struct modinfo mi;
	int fd;

	snprintf(dir, sizeof(dir), "%s", test_tmpdir("installed_xz"));
	snprintf(xz, sizeof(xz), "%s/schedscope.ko.xz", dir);
	snprintf(cmd, sizeof(cmd), "xz -c %s > %s",
		 test_path(FIXTURE_BUILD_DIR "/elf/modinfo_fixture.o"), xz);
	CHECK_MSG(!system(cmd), "xz (xz-utils) is needed: %s", cmd);
	fd = kmod_decompress("xz", xz, err, sizeof(err));
	CHECK_MSG(fd >= 0, "kmod_decompress: %s", err);
	if (fd >= 0) {
		snprintf(fdpath, sizeof(fdpath), "/proc/self/fd/%d", fd);
		CHECK_EQ_INT(modinfo_read(fdpath, &mi, err, sizeof(err)), 0);
		CHECK_STR_EQ(modinfo_get(&mi, "name") ?: "", "schedscope");
		modinfo_free(&mi);
		close(fd);
	}

	/* not xz data, and no such program: errors that say which */
	test_write(dir, "bad.ko.xz", "not xz");
	snprintf(xz, sizeof(xz), "%s/bad.ko.xz", dir);
	CHECK_EQ_INT(kmod_decompress("xz", xz, err, sizeof(err)), -EIO);
	CHECK_STR_HAS(err, "bad.ko.xz: 'xz -dc' failed");
	CHECK_EQ_INT(kmod_decompress("schedscope-no-such-xz", xz, err,
				     sizeof(err)), -EIO);
	CHECK_STR_HAS(err, "(is it installed?)");
}

void test_installed(void)
{
	test_installed_path();
	test_decompressor();
	test_decompress();
}
