/* SPDX-License-Identifier: GPL-2.0 */
/* Strict decimal numbers, as the kernel prints them with %llu. */
#ifndef SCHEDSCOPE_PARSE_U64_H
#define SCHEDSCOPE_PARSE_U64_H

#include <stddef.h>
#include <stdint.h>

/*
 * Parse exactly len bytes of s as an unsigned decimal: digits only, no sign,
 * no space, no leading zero (other than "0" itself).
 * Returns 0, -EINVAL if it is not such a number, -ERANGE past UINT64_MAX.
 */
int parse_u64(const char *s, size_t len, uint64_t *value);

/* Length of the run of decimal digits at the start of s (at most len). */
size_t digits_span(const char *s, size_t len);

#endif
