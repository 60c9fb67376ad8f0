// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "test_util.h"
#include "kmod/modinfo.h"

void test_modinfo(void)
{
	struct modinfo mi;
	char err[512], rel[64], dir[PATH_MAX], path[PATH_MAX + 16], *elf;
	size_t len, cut;
	glob_t g;
	int bad = 0;

	CHECK_EQ_INT(modinfo_read(test_path(FIXTURE_BUILD_DIR "/elf/modinfo_fixture.o"),
				  &mi, err, sizeof(err)), 0);
	CHECK_STR_EQ(modinfo_get(&mi, "name") ?: "", "schedscope");
	CHECK_STR_EQ(modinfo_get(&mi, "vermagic") ?: "",
		     "6.12.117+deb12-amd64 SMP preempt mod_unload modversions ");
	CHECK(modinfo_get(&mi, "nosuch") == NULL);
	CHECK(modinfo_get(&mi, "vermagi") == NULL);
	CHECK(modinfo_has_param(&mi, "enable"));
	CHECK(modinfo_has_param(&mi, "task_slots"));
	CHECK(!modinfo_has_param(&mi, "cfs_rq_layout"));
	CHECK(!modinfo_has_param(&mi, "task"));
	modinfo_vermagic_release(modinfo_get(&mi, "vermagic"), rel, sizeof(rel));
	CHECK_STR_EQ(rel, "6.12.117+deb12-amd64");
	modinfo_free(&mi);

	/* Truncated ELF files: errors, never a crash. */
	elf = test_file(FIXTURE_BUILD_DIR "/elf/modinfo_fixture.o", &len);
	snprintf(dir, sizeof(dir), "%s", test_tmpdir("modinfo_cut"));
	snprintf(path, sizeof(path), "%s/cut.ko", dir);
	for (cut = 0; cut < len; cut += 61) {
		test_write_bytes(dir, "cut.ko", elf, cut);
		if (!modinfo_read(path, &mi, err, sizeof(err)))
			modinfo_free(&mi);
		else
			bad++;
	}
	CHECK(bad > 0);
	free(elf);
	test_write(dir, "hello.ko", "hello");
	snprintf(path, sizeof(path), "%s/hello.ko", dir);
	CHECK_EQ_INT(modinfo_read(path, &mi, err, sizeof(err)), -ENOEXEC);
	CHECK_EQ_INT(modinfo_read(test_path("Makefile"), &mi, err, sizeof(err)),
		     -ENOEXEC);
	CHECK_STR_HAS(err, "Makefile");
	CHECK_EQ_INT(modinfo_read(test_path("nosuch.ko"), &mi, err, sizeof(err)),
		     -ENOENT);

	/* The real modules, where they are built. */
	if (!glob(TEST_DIR "/../../build/*/schedscope.ko", 0, NULL, &g)) {
		for (size_t i = 0; i < g.gl_pathc; i++) {
			const char *dir_end = strrchr(g.gl_pathv[i], '/');
			const char *release = dir_end;

			while (release > g.gl_pathv[i] && release[-1] != '/')
				release--;
			CHECK_MSG(!modinfo_read(g.gl_pathv[i], &mi, err,
						sizeof(err)), "%s", err);
			modinfo_vermagic_release(modinfo_get(&mi, "vermagic") ?: "",
						 rel, sizeof(rel));
			CHECK_MSG(!strncmp(rel, release, dir_end - release) &&
				  strlen(rel) == (size_t)(dir_end - release) &&
				  modinfo_has_param(&mi, "task_slots"),
				  "%s: vermagic release %s", g.gl_pathv[i], rel);
			modinfo_free(&mi);
		}
		globfree(&g);
	}
}
