// SPDX-License-Identifier: GPL-2.0
/*
 * The module as a command reaches it: its errors, which the module's side
 * (kmod/) returns, printed and explained for a person.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/module_access.h"
#include "kmod/load.h"
#include "kmod/snapshot.h"
#include "lib/read_file.h"
#include "lib/text_lines.h"

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
	char err[8192];
	int ret;

	ret = ss_session_open(s, dir, filter, err, sizeof(err));
	if (ret) {
		cli_error_lines(cmd, err);
		return ret;
	}
	if (s->enabled_by_us)
		fprintf(stderr, "schedscope %s: %s\n", cmd,
			SS_SESSION_ENABLED_NOTE);
	return 0;
}

void ss_session_end(struct ss_session *s, const char *cmd)
{
	char err[8192];

	if (ss_session_close(s, err, sizeof(err)))
		cli_error_lines(cmd, err);
}

int ss_require_group(const char *cmd, const char *dir, const char *group)
{
	char path[4200], want[64], err[512];
	struct text_lines t;
	const char *line;
	bool live = false;
	char *status;
	size_t len, n;
	int ret;

	snprintf(path, sizeof(path), "%s/status", dir);
	ret = read_file(path, &status, &len, err, sizeof(err));
	if (ret) {
		cli_error(cmd, "%s", err);
		return -1;
	}
	snprintf(want, sizeof(want), "group %s live", group);
	text_lines_init(&t, status, len);
	while (!live && text_lines_next(&t, &line, &n, NULL, 0) == 1)
		live = n == strlen(want) && !memcmp(line, want, n);
	free(status);
	if (!live)
		cli_error(cmd, "the module does not measure the %s group (see "
			  "%s/status): load it with it (schedscope load "
			  "--groups %s,...)", group, dir, group);
	return live ? 0 : -1;
}

int ss_slow_arm(const char *cmd, const char *dir, uint64_t us, char *old,
		size_t oldlen)
{
	char value[32], err[512];

	snprintf(value, sizeof(value), "%" PRIu64, us);
	if (ss_ctl_read(dir, "slow_us", old, oldlen, err, sizeof(err)) ||
	    ss_ctl_write(dir, "slow_us", value, err, sizeof(err))) {
		cli_error(cmd, "%s", err);
		return -1;
	}
	return 0;
}

void ss_slow_disarm(const char *cmd, const char *dir, const char *old)
{
	char err[512];

	if (ss_ctl_write(dir, "slow_us", old, err, sizeof(err)))
		cli_error(cmd, "setting slow_us back to %s: %s", old, err);
}
