// SPDX-License-Identifier: GPL-2.0
/*
 * lib/atomic_file.c: a file replaced whole through a temporary file, and on
 * every error the old file kept and no temporary file left.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "lib/atomic_file.h"
#include "test_util.h"

static int write_text(FILE *out, void *arg)
{
	fputs(arg, out);
	return 0;
}

/* Writes half a text, then fails as a printer does on a write error. */
static int write_half_then_fail(FILE *out, void *arg)
{
	fputs("half", out);
	(void)arg;
	return -EIO;
}

/* The number of entries in dir besides . and .. */
static int entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

static char *contents(const char *path)
{
	static char buf[256];
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

void test_atomic_file(void)
{
	char dir[PATH_MAX], path[PATH_MAX + 32], bad[PATH_MAX + 64], err[512];
	struct stat st;
	char *text;

	snprintf(dir, sizeof(dir), "%s", test_tmpdir("atomic_file"));
	snprintf(path, sizeof(path), "%s/m.prom", dir);

	/* Written, mode 0644 (the collector's user reads it), nothing else. */
	CHECK_EQ_INT(atomic_file_write(path, write_text, "one\n", err,
				       sizeof(err)), 0);
	text = contents(path);
	CHECK(text && !strcmp(text, "one\n"));
	CHECK(!stat(path, &st) && (st.st_mode & 07777) == 0644);
	CHECK_EQ_INT(entries(dir), 1);

	/* Replaced: a new inode, the old one never rewritten in place. */
	ino_t first = st.st_ino;

	CHECK_EQ_INT(atomic_file_write(path, write_text, "two\n", err,
				       sizeof(err)), 0);
	text = contents(path);
	CHECK(text && !strcmp(text, "two\n"));
	CHECK(!stat(path, &st) && st.st_ino != first);
	CHECK_EQ_INT(entries(dir), 1);

	/* The writer fails: the old file stays, the temporary file goes. */
	CHECK_EQ_INT(atomic_file_write(path, write_half_then_fail, NULL, err,
				       sizeof(err)), -EIO);
	CHECK_STR_HAS(err, "m.prom");
	text = contents(path);
	CHECK(text && !strcmp(text, "two\n"));
	CHECK_EQ_INT(entries(dir), 1);

	/* Created only where there is none: a second create changes nothing. */
	snprintf(bad, sizeof(bad), "%s/owner", dir);
	CHECK_EQ_INT(atomic_file_create(bad, write_text, "first\n", err,
					sizeof(err)), 0);
	CHECK_EQ_INT(atomic_file_create(bad, write_text, "second\n", err,
					sizeof(err)), -EEXIST);
	text = contents(bad);
	CHECK(text && !strcmp(text, "first\n"));
	CHECK_EQ_INT(entries(dir), 2);
	unlink(bad);

	/* A missing directory: the error names it, nothing is created. */
	snprintf(bad, sizeof(bad), "%s/none/m.prom", dir);
	CHECK_EQ_INT(atomic_file_check(bad, err, sizeof(err)), -ENOENT);
	CHECK_STR_HAS(err, "/none: No such file or directory");
	CHECK_EQ_INT(atomic_file_write(bad, write_text, "x", err, sizeof(err)),
		     -ENOENT);
	CHECK_EQ_INT(entries(dir), 1);

	/* The directory part is a file. */
	snprintf(bad, sizeof(bad), "%s/m.prom/x.prom", dir);
	CHECK_EQ_INT(atomic_file_check(bad, err, sizeof(err)), -ENOTDIR);
	CHECK_STR_HAS(err, "is not a directory");

	/* The path is a directory, or ends in '/'. */
	CHECK_EQ_INT(atomic_file_check(dir, err, sizeof(err)), -EEXIST);
	CHECK_STR_HAS(err, "not a regular file");
	snprintf(bad, sizeof(bad), "%s/", dir);
	CHECK_EQ_INT(atomic_file_check(bad, err, sizeof(err)), -EISDIR);

	/* A directory no file can be created in (a non-root run). */
	snprintf(bad, sizeof(bad), "/proc/self/m.prom");
	CHECK(atomic_file_write(bad, write_text, "x", err, sizeof(err)) < 0);
	CHECK_STR_HAS(err, "/proc/self");
	CHECK_EQ_INT(entries(dir), 1);
}
