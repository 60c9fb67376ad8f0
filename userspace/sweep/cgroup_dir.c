// SPDX-License-Identifier: GPL-2.0
/* Making, reading and removing the cgroups of a group sweep. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "lib/error_msg.h"
#include "lib/read_file.h"
#include "sweep/cgroup_dir.h"

#ifndef CGROUP2_SUPER_MAGIC
#define CGROUP2_SUPER_MAGIC	0x63677270
#endif

/* text into the control file path. 0 or -errno. */
static int write_ctl(const char *path, const char *text)
{
	size_t len = strlen(text);
	int fd, ret = 0;

	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (write(fd, text, len) != (ssize_t)len)
		ret = -errno;
	close(fd);
	return ret;
}

/* Is word among the blank-separated words of the file dir/name? */
static int file_has_word(const char *dir, const char *name, const char *word,
			 bool *has, char *err, size_t errlen)
{
	char path[512], *text, *tok, *save;
	size_t len;
	int ret;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	ret = read_file(path, &text, &len, err, errlen);
	if (ret)
		return ret;
	*has = false;
	for (tok = strtok_r(text, " \n", &save); tok && !*has;
	     tok = strtok_r(NULL, " \n", &save))
		*has = !strcmp(tok, word);
	free(text);
	return 0;
}

int sweep_cgroups_check(const char *root, char *err, size_t errlen)
{
	char path[512];
	struct statfs sfs;
	bool has;
	int ret;

	if (statfs(root, &sfs) || sfs.f_type != CGROUP2_SUPER_MAGIC) {
		error_msg(err, errlen, "%s is not a cgroup v2 mount (groups "
			  "need the unified hierarchy: cgroup_no_v1=all or "
			  "systemd.unified_cgroup_hierarchy=1)", root);
		return -ENOTSUP;
	}
	ret = file_has_word(root, "cgroup.controllers", "cpu", &has, err,
			    errlen);
	if (ret)
		return ret;
	if (!has) {
		error_msg(err, errlen, "%s/cgroup.controllers has no cpu "
			  "controller (in use by cgroup v1?)", root);
		return -ENOTSUP;
	}
	snprintf(path, sizeof(path), "%s/cgroup.subtree_control", root);
	if (access(root, W_OK) || access(path, W_OK)) {
		error_msg(err, errlen, "%s: %s (groups make cgroups there: run "
			  "as root)", root, strerror(errno));
		return -EACCES;
	}
	return 0;
}

/* "+cpu" into dir's subtree_control unless it is there; *wrote says if. */
static int enable_cpu(const char *dir, bool *wrote, char *err, size_t errlen)
{
	char path[512];
	bool has;
	int ret;

	*wrote = false;
	ret = file_has_word(dir, "cgroup.subtree_control", "cpu", &has, err,
			    errlen);
	if (ret || has)
		return ret;
	snprintf(path, sizeof(path), "%s/cgroup.subtree_control", dir);
	ret = write_ctl(path, "+cpu");
	if (ret) {
		error_msg(err, errlen, "enabling the cpu controller in %s: %s",
			  path, strerror(-ret));
		return ret;
	}
	*wrote = true;
	return 0;
}

static const struct {
	const char *file;
	enum sweep_knob_key key;
} knob_files[CGROUP_FILES] = {
	[CGROUP_FILE_IDLE] = { "cpu.idle", KNOB_CPU_IDLE },
	[CGROUP_FILE_WEIGHT] = { "cpu.weight", KNOB_CPU_WEIGHT },
	[CGROUP_FILE_MAX] = { "cpu.max", KNOB_CPU_MAX },
};

/* The file's first line into buf ("" when there is no such file). */
static int read_first_line(const char *path, char *buf, size_t len, char *err,
			   size_t errlen)
{
	char *text;
	size_t n;
	int ret;

	buf[0] = '\0';
	if (access(path, F_OK))
		return 0;
	ret = read_file(path, &text, &n, err, errlen);
	if (ret)
		return ret;
	snprintf(buf, len, "%.*s", (int)strcspn(text, "\n"), text);
	free(text);
	return 0;
}

/* Group i's knob files as found. 0 or -errno. */
static int save_knob_files(struct sweep_cgroups *c, size_t i, char *err,
			   size_t errlen)
{
	char path[512];
	size_t f;
	int ret;

	for (f = 0; f < CGROUP_FILES; f++) {
		snprintf(path, sizeof(path), "%s/%s", c->dir[i],
			 knob_files[f].file);
		ret = read_first_line(path, c->found[i][f], sizeof(c->found[i][f]),
				      err, errlen);
		if (ret)
			return ret;
	}
	return 0;
}

/* value into dir/file, then read back the same. 0 or -errno. */
static int set_checked(const char *dir, const char *file, const char *value,
		       char *err, size_t errlen)
{
	char path[512], now[64];
	int ret;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	ret = write_ctl(path, value);
	if (ret)
		return error_ret(err, errlen, ret, "writing '%s' to %s: %s",
				 value, path, strerror(-ret));
	ret = read_first_line(path, now, sizeof(now), err, errlen);
	if (ret)
		return ret;
	if (strcmp(now, value))
		return error_ret(err, errlen, -EIO,
				 "%s shows '%s' after '%s' was written", path,
				 now, value);
	return 0;
}

int sweep_cgroups_apply_knobs(const struct sweep_cgroups *c, size_t i,
			      const char *name, const struct sweep_knob *knobs,
			      size_t nknobs, char *err, size_t errlen)
{
	char value[64];
	bool idle = false;
	size_t f;
	int ret;

	for (f = 0; f < CGROUP_FILES; f++) {
		const struct sweep_knob *k = sweep_knob_find(knobs, nknobs,
							     knob_files[f].key,
							     name);

		if (k)
			sweep_knob_cgroup_value(k, value, sizeof(value));
		else
			snprintf(value, sizeof(value), "%s", c->found[i][f]);
		if (f == CGROUP_FILE_IDLE)
			idle = !strcmp(value, "1");
		/* An idle group's weight cannot be written (-EINVAL). */
		if (!value[0] || (f == CGROUP_FILE_WEIGHT && idle && !k))
			continue;
		if (k && !c->found[i][f][0])
			return error_ret(err, errlen, -ENOENT,
					 "knob '%s': %s/%s is not there",
					 k->text, c->dir[i], knob_files[f].file);
		ret = set_checked(c->dir[i], knob_files[f].file, value, err,
				  errlen);
		if (ret)
			return ret;
	}
	return 0;
}

int sweep_cgroups_make(struct sweep_cgroups *c, const char *root,
		       const char *const *names, size_t n, bool flat,
		       char *err, size_t errlen)
{
	bool wrote;
	int ret;
	size_t i;

	memset(c, 0, sizeof(*c));
	c->n = n;
	snprintf(c->root, sizeof(c->root), "%s", root);
	snprintf(c->parent, sizeof(c->parent), "%s/schedscope-%d", root,
		 (int)getpid());
	ret = enable_cpu(root, &c->root_cpu_enabled, err, errlen);
	if (ret)
		return ret;
	if (mkdir(c->parent, 0755)) {
		ret = -errno;
		error_msg(err, errlen, "cannot create %s: %s", c->parent,
			  strerror(errno));
		goto fail;
	}
	c->parent_made = true;
	ret = flat ? 0 : enable_cpu(c->parent, &wrote, err, errlen);
	if (ret)
		goto fail;
	for (i = 0; i < n; i++, c->nmade++) {
		snprintf(c->dir[i], sizeof(c->dir[i]), "%s/%s", c->parent,
			 names[i]);
		if (mkdir(c->dir[i], 0755)) {
			ret = -errno;
			error_msg(err, errlen, "cannot create %s: %s", c->dir[i],
				  strerror(errno));
			goto fail;
		}
		ret = save_knob_files(c, i, err, errlen);
		if (ret)
			goto fail;
	}
	return 0;
fail:
	sweep_cgroups_remove(c, NULL, 0);
	return ret;
}

int sweep_cgroups_usage(const struct sweep_cgroups *c, size_t i,
			struct cgroup_cpu_usage *u, char *err, size_t errlen)
{
	char path[400], *text;
	size_t len;
	int ret;

	snprintf(path, sizeof(path), "%s/cpu.stat", c->dir[i]);
	ret = read_file(path, &text, &len, err, errlen);
	if (ret)
		return ret;
	ret = cgroup_cpu_stat_parse(text, u);
	if (ret)
		error_msg(err, errlen, "%s: no usage_usec, user_usec and "
			  "system_usec lines", path);
	free(text);
	return ret;
}

/* Has dir's cgroup a process left (cgroup.events: "populated 1")? */
static bool populated(const char *dir)
{
	char path[400], *text;
	size_t len;
	bool ret;

	snprintf(path, sizeof(path), "%s/cgroup.events", dir);
	if (read_file(path, &text, &len, NULL, 0))
		return false;
	ret = !strstr(text, "populated 0\n");
	free(text);
	return ret;
}

bool sweep_cgroups_empty(const struct sweep_cgroups *c, size_t i)
{
	char path[400];
	int tries;

	if (!populated(c->dir[i]))
		return true;
	snprintf(path, sizeof(path), "%s/cgroup.kill", c->dir[i]);
	write_ctl(path, "1");
	for (tries = 0; tries < 100; tries++) {
		if (!populated(c->dir[i]))
			return true;
		usleep(10000);
	}
	return false;
}

int sweep_cgroups_remove(struct sweep_cgroups *c, char *err, size_t errlen)
{
	char path[512];
	int ret = 0;
	size_t i;

	for (i = c->nmade; i-- > 0;) {
		sweep_cgroups_empty(c, i);
		if (rmdir(c->dir[i]) && errno != ENOENT) {
			error_msg(err, errlen, "cannot remove %s: %s", c->dir[i],
				  strerror(errno));
			ret = -1;
		}
	}
	c->nmade = 0;
	if (c->parent_made && !ret) {
		if (rmdir(c->parent) && errno != ENOENT) {
			error_msg(err, errlen, "cannot remove %s: %s", c->parent,
				  strerror(errno));
			ret = -1;
		} else {
			c->parent_made = false;
		}
	}
	if (c->root_cpu_enabled && !c->parent_made) {
		/* Busy when other cgroups took the controller meanwhile: kept. */
		snprintf(path, sizeof(path), "%s/cgroup.subtree_control",
			 c->root);
		write_ctl(path, "-cpu");
		c->root_cpu_enabled = false;
	}
	return ret;
}
