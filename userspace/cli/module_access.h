/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module as a command reaches it, with what went wrong printed for a
 * person ("schedscope CMD: ..."): why the debugfs directory is not there,
 * a snapshot read, a measuring session (kmod/control.h) begun and ended.
 */
#ifndef SCHEDSCOPE_CLI_MODULE_ACCESS_H
#define SCHEDSCOPE_CLI_MODULE_ACCESS_H

#include <stddef.h>
#include <stdint.h>

#include "kmod/control.h"

/*
 * After dir could not be opened with error -err: print what is wrong and
 * what to do (not root, module not loaded, debugfs not mounted, ...).
 */
void ss_explain_missing(const char *cmd, const char *dir, int err);

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

/*
 * The module's debugfs directory for a --debugfs option (cli_debugfs_dir())
 * in *dir. Returns 0, or -errno after ss_explain_missing() when it is not
 * there.
 */
int ss_require_debugfs_dir(const char *cmd, const char *option,
			   const char **dir);

/*
 * ss_session_open() and ss_session_close() for command cmd: what failed
 * printed, and that the module had to be enabled said. begin returns 0 or
 * -errno.
 */
int ss_session_begin(struct ss_session *s, const char *cmd, const char *dir,
		     const char *filter);
void ss_session_end(struct ss_session *s, const char *cmd);

/*
 * The module's metric group (status: "group NAME live") is measured: 0, or
 * -1 after saying it is not and how to load it with it.
 */
int ss_require_group(const char *cmd, const char *dir, const char *group);

/*
 * The module's slow_us set to us (slow waits, the schedscope:slow_wait
 * event), its value before in old: 0, or -1 after saying why not.
 * ss_slow_disarm() writes old back, saying so if that fails.
 */
int ss_slow_arm(const char *cmd, const char *dir, uint64_t us, char *old,
		size_t oldlen);
void ss_slow_disarm(const char *cmd, const char *dir, const char *old);

#endif
