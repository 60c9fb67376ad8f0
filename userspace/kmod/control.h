/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Writing the module's control files (enable, filter, reset) and reading
 * them back, and a measuring session over them. Errors come back in the
 * caller's buffer; what a person is told is cli/module_access.h's.
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
 * A measuring session: write the filter (when given) and enable the module
 * (when it is disabled); ss_session_close() puts both back.
 */
struct ss_session {
	const char *dir;
	char old_filter[4200];
	bool filter_set;
	bool enabled_by_us;	/* the module was disabled: say so */
};

/* What to tell a person when ss_session_open() set enabled_by_us. */
#define SS_SESSION_ENABLED_NOTE	"the module was disabled: enabled it for this run"

/*
 * Open a session on dir with filter (NULL or "": none). Returns 0, or
 * -errno with err saying why, after putting back what it had changed (what
 * failed in that follows on lines of its own, error_msg_add()).
 */
int ss_session_open(struct ss_session *s, const char *dir, const char *filter,
		    char *err, size_t errlen);
/*
 * The module disabled again and the old filter written back, as far as the
 * session changed them. Returns 0, or the first -errno with err holding
 * what failed, one message a line.
 */
int ss_session_close(struct ss_session *s, char *err, size_t errlen);

#endif
