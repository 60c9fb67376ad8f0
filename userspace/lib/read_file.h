/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Read a whole file into memory. Files in /proc and debugfs report size 0,
 * so this reads until EOF instead of trusting st_size.
 */
#ifndef SCHEDSCOPE_READ_FILE_H
#define SCHEDSCOPE_READ_FILE_H

#include <stddef.h>

/* Largest file read_file() accepts; debugfs stats files are a few KiB. */
#define READ_FILE_MAX	(16u << 20)

/*
 * Read path into a malloc()ed buffer *buf of *len bytes, plus a terminating
 * NUL that *len does not count (the data itself may contain NULs).
 * Returns 0, or -errno (-EFBIG past READ_FILE_MAX) with a message in err.
 */
int read_file(const char *path, char **buf, size_t *len, char *err, size_t errlen);

#endif
