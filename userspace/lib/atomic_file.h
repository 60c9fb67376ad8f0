/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Replace a file in one step, as a reader polling it (node_exporter's
 * textfile collector) must see it: the new text goes into a temporary file
 * in the same directory, is flushed to disk, and is renamed over the old
 * one. A reader sees the old file or the new one, never a part.
 */
#ifndef SCHEDSCOPE_ATOMIC_FILE_H
#define SCHEDSCOPE_ATOMIC_FILE_H

#include <stddef.h>
#include <stdio.h>

/* Writes the new text to out; 0 or a negative errno. */
typedef int (*atomic_file_writer)(FILE *out, void *arg);

/*
 * Check that path can be replaced: its directory exists and is a
 * directory, and path itself, if there, is a regular file. 0, or -errno
 * with a message in err. Nothing is created.
 */
int atomic_file_check(const char *path, char *err, size_t errlen);

/*
 * Write path anew through write(out, arg), mode 0644: a temporary file
 * ".NAME.XXXXXX" beside it, fsync, rename over path, fsync of the
 * directory. Returns 0, or -errno with a message in err; on error path is
 * as it was and no temporary file is left.
 */
int atomic_file_write(const char *path, atomic_file_writer write, void *arg,
		      char *err, size_t errlen);

/*
 * The same for a file that must not be there yet: put in place with link(),
 * so of two writers one gets it whole; -EEXIST (err says so) when path is
 * there already, which is then left as it was.
 */
int atomic_file_create(const char *path, atomic_file_writer write, void *arg,
		       char *err, size_t errlen);

#endif
