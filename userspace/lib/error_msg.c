// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/error_msg.h"

void error_msg(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (!buf || !len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, len, fmt, ap);
	va_end(ap);
}

int error_ret(char *buf, size_t len, int ret, const char *fmt, ...)
{
	va_list ap;

	if (buf && len) {
		va_start(ap, fmt);
		vsnprintf(buf, len, fmt, ap);
		va_end(ap);
	}
	return ret;
}

void error_msg_prefix(char *buf, size_t len, const char *prefix)
{
	char *msg;

	if (!buf || !len)
		return;
	msg = strndup(buf, len - 1);
	if (!msg)
		return;
	snprintf(buf, len, "%s: %s", prefix, msg);
	free(msg);
}

void error_msg_vadd(char *buf, size_t len, const char *fmt, va_list ap)
{
	size_t used;

	if (!buf || !len)
		return;
	used = strnlen(buf, len - 1);
	if (used) {
		/* no room for the newline and a character: the message is lost */
		if (used + 2 >= len)
			return;
		buf[used++] = '\n';
	}
	vsnprintf(buf + used, len - used, fmt, ap);
}

void error_msg_add(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	error_msg_vadd(buf, len, fmt, ap);
	va_end(ap);
}
