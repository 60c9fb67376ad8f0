/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Writing the module's control files (enable, filter, reset) and reading
 * them back, and saying why the debugfs directory is not there.
 */
#ifndef SCHEDSCOPE_SS_CONTROL_H
#define SCHEDSCOPE_SS_CONTROL_H

#include <stdbool.h>
#include <stddef.h>

/* Write value (a newline is added) to dir/file. Returns 0 or -errno. */
int ss_ctl_write(const char *dir, const char *file, const char *value,
		 char *err, size_t errlen);
/* First line of dir/file without its newline. Returns 0 or -errno. */
int ss_ctl_read(const char *dir, const char *file, char *buf, size_t len,
		char *err, size_t errlen);

/* The module is listed in /proc/modules. */
bool ss_module_loaded(void);
/* /proc/modules exists: the kernel has module support. */
bool ss_kernel_has_modules(void);
/* debugfs is mounted at /sys/kernel/debug. */
bool ss_debugfs_mounted(void);

/*
 * After dir could not be opened with error -err: print what is wrong and
 * what to do (not root, module not loaded, debugfs not mounted, ...).
 */
void ss_explain_missing(const char *cmd, const char *dir, int err);

/*
 * The module's debugfs directory for a --debugfs option (cli_debugfs_dir())
 * in *dir. Returns 0, or -errno after ss_explain_missing() when it is not
 * there.
 */
struct ss_snapshot;
struct ss_snapshot_opts;

/*
 * ss_snapshot_read() of dir for command cmd: 0, or -errno after printing
 * why (ss_explain_missing() when dir is not there, else the reader's
 * message).
 */
int ss_read_snapshot(const char *cmd, const char *dir,
		     const struct ss_snapshot_opts *opts,
		     struct ss_snapshot *snap);

int ss_require_debugfs_dir(const char *cmd, const char *option,
			   const char **dir);

/*
 * A measuring session: write the filter (when given) and enable the module
 * (when it is disabled); ss_session_end() puts both back.
 */
struct ss_session {
	const char *dir;
	char old_filter[4200];
	bool filter_set;
	bool enabled_by_us;
};

int ss_session_begin(struct ss_session *s, const char *cmd, const char *dir,
		     const char *filter);
void ss_session_end(struct ss_session *s, const char *cmd);

#endif
