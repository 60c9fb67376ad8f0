// SPDX-License-Identifier: GPL-2.0
/*
 * dfs_write - write standard input to FILE in one write() and say what the
 * kernel answered: "ok N" (bytes accepted) or the errno name (EINVAL, E2BIG).
 * The shell's own redirections hide the error code; the tests need it.
 *
 * Usage: printf 'pid=12\n' | dfs_write /sys/kernel/debug/schedscope/filter
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	static char buf[1 << 20];
	size_t len = 0;
	ssize_t n;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: dfs_write FILE < DATA\n");
		return 2;
	}
	while ((n = read(0, buf + len, sizeof(buf) - len)) > 0)
		len += n;
	if (n < 0 || len == sizeof(buf)) {
		fprintf(stderr, "dfs_write: input unreadable or over %zu bytes\n",
			sizeof(buf) - 1);
		return 2;
	}
	fd = open(argv[1], O_WRONLY);
	if (fd < 0) {
		fprintf(stderr, "dfs_write: %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	n = write(fd, buf, len);
	if (n < 0)
		printf("%s\n", strerrorname_np(errno));
	else
		printf("ok %zd\n", n);
	close(fd);
	return 0;
}
