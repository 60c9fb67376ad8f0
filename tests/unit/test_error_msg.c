// SPDX-License-Identifier: GPL-2.0
/*
 * Errors returned, never printed: lib/error_msg.c's messages one a line
 * (a first error and what failed after it), and the module's session
 * (kmod/control.c) saying in the caller's buffer what went wrong.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "kmod/control.h"
#include "lib/error_msg.h"
#include "test_util.h"

#define FIXTURE "../fixtures/debugfs/basic"

static void test_add(void)
{
	char buf[64] = "", small[12] = "";

	error_msg_add(buf, sizeof(buf), "first: %d", 1);
	CHECK_STR_EQ(buf, "first: 1");
	error_msg_add(buf, sizeof(buf), "then %s", "this");
	CHECK_STR_EQ(buf, "first: 1\nthen this");
	/* as far as there is room: cut short, then nothing more */
	error_msg_add(small, sizeof(small), "abcdef");
	error_msg_add(small, sizeof(small), "ghijkl");
	CHECK_STR_EQ(small, "abcdef\nghij");
	error_msg_add(small, sizeof(small), "lost");
	CHECK_STR_EQ(small, "abcdef\nghij");
	error_msg_add(NULL, 0, "nowhere");
	/* an existing message, then one added */
	error_msg(buf, sizeof(buf), "cause");
	error_msg_add(buf, sizeof(buf), "after");
	CHECK_STR_EQ(buf, "cause\nafter");
}

/* The first line of dir/file, "" when it cannot be read. */
static void read_line(const char *dir, const char *file, char *buf,
		      size_t len)
{
	char err[256];

	if (ss_ctl_read(dir, file, buf, len, err, sizeof(err)))
		buf[0] = '\0';
}

/* A control file made a directory: every write to it fails. */
static void make_unwritable(const char *dir, const char *file)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	CHECK(!unlink(path) && !mkdir(path, 0755));
}

static void test_session(void)
{
	char dir[PATH_MAX], line[64], err[1024];
	struct ss_session s;

	snprintf(dir, sizeof(dir), "%s", test_tmpdir("error_msg_session"));
	test_copy_dir(FIXTURE, dir);
	test_write(dir, "enable", "0\n");

	/* opened: the filter written, the module enabled; closed: both back */
	CHECK_EQ_INT(ss_session_open(&s, dir, "pid=42", err, sizeof(err)), 0);
	CHECK(s.enabled_by_us && s.filter_set);
	read_line(dir, "filter", line, sizeof(line));
	CHECK_STR_EQ(line, "pid=42");
	read_line(dir, "enable", line, sizeof(line));
	CHECK_STR_EQ(line, "1");
	CHECK_EQ_INT(ss_session_close(&s, err, sizeof(err)), 0);
	CHECK_STR_EQ(err, "");
	read_line(dir, "filter", line, sizeof(line));
	CHECK_STR_EQ(line, "none");
	read_line(dir, "enable", line, sizeof(line));
	CHECK_STR_EQ(line, "0");

	/* both put back in vain: two messages, in that order */
	CHECK_EQ_INT(ss_session_open(&s, dir, "comm=x", err, sizeof(err)), 0);
	make_unwritable(dir, "enable");
	make_unwritable(dir, "filter");
	CHECK_EQ_INT(ss_session_close(&s, err, sizeof(err)), -EISDIR);
	CHECK_STR_HAS(err, "disabling the module again: ");
	CHECK_STR_HAS(err, "/enable: Is a directory\nrestoring the filter "
		      "'none': ");
	CHECK(strchr(err, '\n') == strrchr(err, '\n'));
	CHECK(!s.enabled_by_us && !s.filter_set);

	/* a filter that cannot be set: said, nothing left changed */
	CHECK(ss_session_open(&s, dir, "cgroup=/x", err, sizeof(err)) < 0);
	CHECK(!strncmp(err, "setting the filter: ", 20));
	CHECK(!s.filter_set && !s.enabled_by_us);
}

void test_error_msg(void)
{
	test_add();
	test_session();
}
