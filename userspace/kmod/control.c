// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "lib/error_msg.h"
#include "kmod/control.h"
#include "kmod/load.h"
#include "kmod/snapshot.h"

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
		return -ENOMEM;
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

void ss_explain_missing(const char *cmd, const char *dir, int err)
{
	bool is_default = !strcmp(dir, SS_DEBUGFS_DEFAULT);
	char mode[128];
	const char *lockdown = kmod_lockdown_mode(mode, sizeof(mode));

	if ((err == -EACCES || err == -EPERM) && lockdown && !geteuid()) {
		cli_error(cmd, "%s: %s: the kernel is locked down (%s, see "
			  "/sys/kernel/security/lockdown; Secure Boot turns it "
			  "on) and restricts debugfs", dir, strerror(-err),
			  lockdown);
		return;
	}
	if (err == -EACCES || err == -EPERM) {
		cli_error(cmd, "%s: permission denied: debugfs is readable by "
			  "root only; run as root (sudo schedscope %s)", dir, cmd);
		return;
	}
	if (err != -ENOENT && err != -ENOTDIR) {
		cli_error(cmd, "%s: %s", dir, strerror(-err));
		return;
	}
	if (!is_default) {
		cli_error(cmd, "%s: no such directory (given with --debugfs or "
			  "%s)", dir, SS_DEBUGFS_ENV);
		return;
	}
	if (!ss_kernel_has_modules()) {
		cli_error(cmd, "%s: no such directory: this kernel has no "
			  "loadable module support (no /proc/modules), so the "
			  "schedscope module cannot run here. Use scripts/vm-run "
			  "to measure in a VM, or the bpftrace tracers in tracers/",
			  dir);
		return;
	}
	if (!ss_module_loaded()) {
		cli_error(cmd, "%s: no such directory: the schedscope module is "
			  "not loaded; run 'schedscope load' (as root)", dir);
		return;
	}
	if (!ss_debugfs_mounted()) {
		cli_error(cmd, "%s: no such directory: debugfs is not mounted at "
			  "/sys/kernel/debug; mount it with "
			  "'mount -t debugfs none /sys/kernel/debug'%s%s%s", dir,
			  lockdown ? " (the kernel is locked down, " : "",
			  lockdown ? lockdown : "",
			  lockdown ? ", and may refuse it: see "
			  "/sys/kernel/security/lockdown)" : "");
		return;
	}
	cli_error(cmd, "%s: no such directory, although the module is loaded "
		  "and debugfs is mounted (an old module? check dmesg)", dir);
}

int ss_read_snapshot(const char *cmd, const char *dir,
		     const struct ss_snapshot_opts *opts,
		     struct ss_snapshot *snap)
{
	char err[1024];
	int ret;

	ret = ss_snapshot_read(dir, opts, snap, err, sizeof(err));
	if (ret == -ENOENT && access(dir, F_OK))
		ss_explain_missing(cmd, dir, ret);
	else if (ret)
		cli_error(cmd, "%s", err);
	return ret;
}

int ss_require_debugfs_dir(const char *cmd, const char *option,
			   const char **dir)
{
	int ret;

	*dir = cli_debugfs_dir(option);
	if (!access(*dir, F_OK))
		return 0;
	ret = -errno;
	ss_explain_missing(cmd, *dir, ret);
	return ret;
}

int ss_session_begin(struct ss_session *s, const char *cmd, const char *dir,
		     const char *filter)
{
	char err[512], state[16];
	int ret;

	memset(s, 0, sizeof(*s));
	s->dir = dir;
	if (filter && *filter) {
		ret = ss_ctl_read(dir, "filter", s->old_filter,
				  sizeof(s->old_filter), err, sizeof(err));
		if (!ret)
			ret = ss_ctl_write(dir, "filter", filter, err, sizeof(err));
		if (ret) {
			cli_error(cmd, "setting the filter: %s%s", err,
				  ret == -ENOENT && strstr(filter, "cgroup=") ?
				  " (no such cgroup v2 directory)" : "");
			return ret;
		}
		s->filter_set = true;
	}
	ret = ss_ctl_read(dir, "enable", state, sizeof(state), err, sizeof(err));
	if (!ret && strcmp(state, "1")) {
		ret = ss_ctl_write(dir, "enable", "1", err, sizeof(err));
		if (!ret) {
			s->enabled_by_us = true;
			fprintf(stderr, "schedscope %s: the module was disabled: "
				"enabled it for this run\n", cmd);
		}
	}
	if (ret) {
		cli_error(cmd, "%s", err);
		ss_session_end(s, cmd);
		return ret;
	}
	return 0;
}

void ss_session_end(struct ss_session *s, const char *cmd)
{
	char err[512];

	if (s->enabled_by_us && ss_ctl_write(s->dir, "enable", "0", err,
					     sizeof(err)))
		cli_error(cmd, "disabling the module again: %s", err);
	if (s->filter_set && ss_ctl_write(s->dir, "filter", s->old_filter, err,
					  sizeof(err)))
		cli_error(cmd, "restoring the filter '%s': %s", s->old_filter, err);
	s->enabled_by_us = s->filter_set = false;
}
