// SPDX-License-Identifier: GPL-2.0
/* A cgroup v2 directory from its id (lib/cgroup_path.h). */
#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/cgroup_path.h"

/* Depth-first below the directory dir, whose path below root is path. */
static int find_below(int dir, uint64_t id, char *path, size_t len)
{
	DIR *d = fdopendir(dir);
	size_t at = strlen(path);
	struct dirent *e;
	struct stat st;
	int found = -ENOENT, fd;

	if (!d) {
		close(dir);
		return -ENOENT;
	}
	while (found && (e = readdir(d))) {
		if (e->d_type != DT_DIR || !strcmp(e->d_name, ".") ||
		    !strcmp(e->d_name, ".."))
			continue;
		if ((size_t)snprintf(path + at, len - at, "/%s", e->d_name) >=
		    len - at)
			continue;
		fd = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY |
			    O_CLOEXEC);
		if (fd < 0)
			continue;
		if (!fstat(fd, &st) && (uint64_t)st.st_ino == id) {
			close(fd);
			found = 0;
		} else {
			found = find_below(fd, id, path, len);
		}
		if (found)
			path[at] = '\0';
	}
	closedir(d);
	return found;
}

int cgroup_path_of_id(const char *root, uint64_t id, char *buf, size_t len)
{
	struct stat st;
	int fd;

	if (!len)
		return -EINVAL;
	buf[0] = '\0';
	fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (!fstat(fd, &st) && (uint64_t)st.st_ino == id) {
		close(fd);
		snprintf(buf, len, "/");
		return 0;
	}
	return find_below(fd, id, buf, len);
}
