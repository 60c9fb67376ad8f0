/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Error messages of the parsers: written into a caller's buffer, so a
 * library function never prints and the caller decides where text goes.
 */
#ifndef SCHEDSCOPE_ERROR_MSG_H
#define SCHEDSCOPE_ERROR_MSG_H

#include <stdarg.h>
#include <stddef.h>

/* printf into buf (up to len bytes, always terminated); buf may be NULL. */
void error_msg(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* error_msg(), then return ret: `return error_ret(err, len, -EINVAL, ...);` */
int error_ret(char *buf, size_t len, int ret, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Put "prefix: " in front of the message already in buf. */
void error_msg_prefix(char *buf, size_t len, const char *prefix);

/*
 * A message after those already in buf (a string, "" for none), on a line
 * of its own: what went wrong while undoing things after a first error is
 * kept behind it, as far as buf has room.
 */
void error_msg_add(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void error_msg_vadd(char *buf, size_t len, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

#endif
