// SPDX-License-Identifier: GPL-2.0
/* The module as a package installs it (kmod/installed.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kmod/installed.h"
#include "lib/error_msg.h"

static const struct {
	const char *suffix;
	const char *prog;
} compressions[] = {
	{ "", NULL },
	{ ".xz", "xz" },
	{ ".zst", "zstd" },
	{ ".gz", "gzip" },
};

#define NCOMPRESSIONS	(sizeof(compressions) / sizeof(*compressions))

int kmod_installed_path(const char *root, const char *release, char *buf,
			size_t len)
{
	char dir[512];
	size_t i;
	int n;

	n = snprintf(dir, sizeof(dir), "%s" KMOD_INSTALLED_DIR,
		     root && strcmp(root, "/") ? root : "", release);
	if (n < 0 || (size_t)n >= sizeof(dir))
		return -ENAMETOOLONG;
	for (i = 0; i < NCOMPRESSIONS; i++) {
		n = snprintf(buf, len, "%s/schedscope.ko%s", dir,
			     compressions[i].suffix);
		if (n > 0 && (size_t)n < len && !access(buf, R_OK))
			return 0;
	}
	return -ENOENT;
}

const char *kmod_decompressor(const char *path)
{
	size_t plen = strlen(path), slen, i;

	for (i = 1; i < NCOMPRESSIONS; i++) {
		slen = strlen(compressions[i].suffix);
		if (plen > slen &&
		    !strcmp(path + plen - slen, compressions[i].suffix))
			return compressions[i].prog;
	}
	return NULL;
}

int kmod_decompress(const char *prog, const char *path, char *err,
		    size_t errlen)
{
	int fd, status = 0, e;
	pid_t pid;

	fd = memfd_create("schedscope.ko", MFD_CLOEXEC);
	if (fd < 0) {
		e = errno;
		error_msg(err, errlen, "memfd_create: %s", strerror(e));
		return -e;
	}
	pid = fork();
	if (pid < 0) {
		e = errno;
		close(fd);
		error_msg(err, errlen, "fork: %s", strerror(e));
		return -e;
	}
	if (!pid) {
		if (dup2(fd, 1) < 0)
			_exit(127);
		execlp(prog, prog, "-dc", "--", path, (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		close(fd);
		error_msg(err, errlen, "%s: '%s -dc' failed%s", path, prog,
			  WIFEXITED(status) && WEXITSTATUS(status) == 127 ?
			  " (is it installed?)" : "");
		return -EIO;
	}
	return fd;
}
