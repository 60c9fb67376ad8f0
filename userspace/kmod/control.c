// SPDX-License-Identifier: GPL-2.0
/* The module's control files, and a measuring session over them. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kmod/control.h"
#include "lib/error_msg.h"

int ss_ctl_write(const char *dir, const char *file, const char *value,
		 char *err, size_t errlen)
{
	char path[4096], *line;
	size_t len = strlen(value);
	ssize_t n;
	int fd, ret = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	line = malloc(len + 2);
	if (!line)
		return error_ret(err, errlen, -ENOMEM, "out of memory");
	memcpy(line, value, len);
	line[len] = '\n';
	fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		error_msg(err, errlen, "%s: %s", path, strerror(errno));
		goto out;
	}
	n = write(fd, line, len + 1);
	if (n < 0) {
		ret = -errno;
		error_msg(err, errlen, "writing '%s' to %s: %s", value, path,
			  strerror(errno));
	} else if ((size_t)n != len + 1) {
		ret = -EIO;
		error_msg(err, errlen, "writing '%s' to %s: short write", value,
			  path);
	}
	if (close(fd) && !ret) {
		ret = -errno;
		error_msg(err, errlen, "%s: %s", path, strerror(errno));
	}
out:
	free(line);
	return ret;
}

int ss_ctl_read(const char *dir, const char *file, char *buf, size_t len,
		char *err, size_t errlen)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	f = fopen(path, "re");
	if (!f) {
		int ret = -errno;

		error_msg(err, errlen, "%s: %s", path, strerror(errno));
		return ret;
	}
	if (!fgets(buf, len, f)) {
		fclose(f);
		error_msg(err, errlen, "%s: empty", path);
		return -EIO;
	}
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

bool ss_kernel_has_modules(void)
{
	return access("/proc/modules", F_OK) == 0;
}

bool ss_module_loaded(void)
{
	char line[512];
	bool found = false;
	FILE *f = fopen("/proc/modules", "re");

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = !strncmp(line, "schedscope ", 11);
	fclose(f);
	return found;
}

bool ss_debugfs_mounted(void)
{
	char line[1024], dev[256], dir[512], type[64];
	bool found = false;
	FILE *f = fopen("/proc/self/mounts", "re");

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "%255s %511s %63s", dev, dir, type) == 3 &&
			!strcmp(dir, "/sys/kernel/debug") && !strcmp(type, "debugfs");
	fclose(f);
	return found;
}

int ss_session_close(struct ss_session *s, char *err, size_t errlen)
{
	char msg[512];
	int ret = 0, r;

	if (err && errlen)
		err[0] = '\0';
	if (s->enabled_by_us) {
		r = ss_ctl_write(s->dir, "enable", "0", msg, sizeof(msg));
		if (r) {
			ret = r;
			error_msg_add(err, errlen, "disabling the module again: %s",
				      msg);
		}
	}
	if (s->filter_set) {
		r = ss_ctl_write(s->dir, "filter", s->old_filter, msg,
				 sizeof(msg));
		if (r) {
			ret = ret ? ret : r;
			error_msg_add(err, errlen, "restoring the filter '%s': %s",
				      s->old_filter, msg);
		}
	}
	s->enabled_by_us = s->filter_set = false;
	return ret;
}

/* The filter saved and written. 0, or -errno with err saying why. */
static int set_filter(struct ss_session *s, const char *filter, char *err,
		      size_t errlen)
{
	char msg[512];
	int ret;

	ret = ss_ctl_read(s->dir, "filter", s->old_filter, sizeof(s->old_filter),
			  msg, sizeof(msg));
	if (!ret)
		ret = ss_ctl_write(s->dir, "filter", filter, msg, sizeof(msg));
	if (ret)
		return error_ret(err, errlen, ret, "setting the filter: %s%s", msg,
				 ret == -ENOENT && strstr(filter, "cgroup=") ?
				 " (no such cgroup v2 directory)" : "");
	s->filter_set = true;
	return 0;
}

int ss_session_open(struct ss_session *s, const char *dir, const char *filter,
		    char *err, size_t errlen)
{
	char msg[512], state[16], undo[8192];
	int ret;

	memset(s, 0, sizeof(*s));
	s->dir = dir;
	if (filter && *filter) {
		ret = set_filter(s, filter, err, errlen);
		if (ret)
			return ret;
	}
	ret = ss_ctl_read(dir, "enable", state, sizeof(state), msg, sizeof(msg));
	if (!ret && strcmp(state, "1")) {
		ret = ss_ctl_write(dir, "enable", "1", msg, sizeof(msg));
		s->enabled_by_us = !ret;
	}
	if (ret) {
		error_msg(err, errlen, "%s", msg);
		/* the filter written back; its failure said after the cause */
		if (ss_session_close(s, undo, sizeof(undo)))
			error_msg_add(err, errlen, "%s", undo);
		return ret;
	}
	return 0;
}
