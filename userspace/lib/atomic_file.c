// SPDX-License-Identifier: GPL-2.0
/* Replace a file through a temporary file and rename (lib/atomic_file.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/atomic_file.h"
#include "lib/error_msg.h"

/* The directory part of path ("." for a bare name) and the name after it. */
static int split_path(const char *path, char *dir, size_t dirlen,
		      const char **name)
{
	const char *slash = strrchr(path, '/');

	if (!slash) {
		snprintf(dir, dirlen, ".");
		*name = path;
	} else if (slash == path) {
		snprintf(dir, dirlen, "/");
		*name = slash + 1;
	} else {
		if ((size_t)(slash - path) >= dirlen)
			return -ENAMETOOLONG;
		snprintf(dir, dirlen, "%.*s", (int)(slash - path), path);
		*name = slash + 1;
	}
	return **name ? 0 : -EISDIR;
}

int atomic_file_check(const char *path, char *err, size_t errlen)
{
	char dir[PATH_MAX];
	const char *name;
	struct stat st;
	int ret;

	ret = split_path(path, dir, sizeof(dir), &name);
	if (ret) {
		error_msg(err, errlen, "%s: %s", path, ret == -EISDIR ?
			  "names a directory, not a file" : strerror(-ret));
		return ret;
	}
	if (stat(dir, &st)) {
		ret = -errno;
		error_msg(err, errlen, "directory %s: %s", dir, strerror(-ret));
		return ret;
	}
	if (!S_ISDIR(st.st_mode)) {
		error_msg(err, errlen, "%s is not a directory", dir);
		return -ENOTDIR;
	}
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		error_msg(err, errlen, "%s is there and is not a regular file",
			  path);
		return -EEXIST;
	}
	return 0;
}

/* Flush out to disk and close it; 0 or -errno. */
static int close_synced(FILE *out)
{
	int ret = 0;

	if (fflush(out) || fsync(fileno(out)))
		ret = -errno;
	if (fclose(out) && !ret)
		ret = -errno;
	return ret;
}

/* The rename on disk too; an error only if the directory cannot be opened. */
static void sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return;
	fsync(fd);
	close(fd);
}

/*
 * path written whole through a temporary file beside it, then put in place
 * by rename() (replace) or link() (create: -EEXIST when path is there).
 */
static int write_whole(const char *path, atomic_file_writer write, void *arg,
		       bool replace, char *err, size_t errlen)
{
	char dir[PATH_MAX], tmp[PATH_MAX];
	const char *name;
	FILE *out;
	int fd, ret;

	ret = atomic_file_check(path, err, errlen);
	if (ret)
		return ret;
	split_path(path, dir, sizeof(dir), &name);
	if ((size_t)snprintf(tmp, sizeof(tmp), "%s/.%s.XXXXXX", dir, name) >=
	    sizeof(tmp)) {
		error_msg(err, errlen, "%s: %s", path, strerror(ENAMETOOLONG));
		return -ENAMETOOLONG;
	}
	fd = mkstemp(tmp);
	if (fd < 0) {
		ret = -errno;
		error_msg(err, errlen, "cannot create a file in %s: %s", dir,
			  strerror(-ret));
		return ret;
	}
	/* mkstemp() makes it 0600; the collector runs as another user. */
	if (fchmod(fd, 0644)) {
		ret = -errno;
		close(fd);
		goto fail_unlink;
	}
	out = fdopen(fd, "w");
	if (!out) {
		ret = -errno;
		close(fd);
		goto fail_unlink;
	}
	ret = write(out, arg);
	if (ret) {
		fclose(out);
		goto fail_unlink;
	}
	ret = close_synced(out);
	if (ret)
		goto fail_unlink;
	if (replace ? rename(tmp, path) : link(tmp, path)) {
		ret = -errno;
		goto fail_unlink;
	}
	if (!replace)
		unlink(tmp);
	sync_dir(dir);
	return 0;

fail_unlink:
	unlink(tmp);
	error_msg(err, errlen, "writing %s: %s", path, strerror(-ret));
	return ret;
}

int atomic_file_write(const char *path, atomic_file_writer write, void *arg,
		      char *err, size_t errlen)
{
	return write_whole(path, write, arg, true, err, errlen);
}

int atomic_file_create(const char *path, atomic_file_writer write, void *arg,
		       char *err, size_t errlen)
{
	return write_whole(path, write, arg, false, err, errlen);
}
