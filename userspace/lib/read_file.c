// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/error_msg.h"
#include "lib/read_file.h"

int read_file(const char *path, char **buf, size_t *len, char *err, size_t errlen)
{
	size_t size = 0, cap = 4096;
	char *data, *bigger;
	ssize_t n;
	int fd, ret;

	*buf = NULL;
	*len = 0;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		error_msg(err, errlen, "cannot open %s: %s", path, strerror(-ret));
		return ret;
	}
	data = malloc(cap + 1);
	if (!data) {
		ret = -ENOMEM;
		goto fail;
	}
	for (;;) {
		if (size == cap) {
			if (cap >= READ_FILE_MAX) {
				ret = -EFBIG;
				error_msg(err, errlen, "%s: larger than %u bytes", path,
					  READ_FILE_MAX);
				goto fail;
			}
			cap *= 2;
			bigger = realloc(data, cap + 1);
			if (!bigger) {
				ret = -ENOMEM;
				goto fail;
			}
			data = bigger;
		}
		n = read(fd, data + size, cap - size);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			ret = -errno;
			error_msg(err, errlen, "cannot read %s: %s", path, strerror(-ret));
			goto fail;
		}
		if (n == 0)
			break;
		size += n;
	}
	close(fd);
	data[size] = '\0';
	*buf = data;
	*len = size;
	return 0;

fail:
	if (ret == -ENOMEM)
		error_msg(err, errlen, "%s: out of memory", path);
	free(data);
	close(fd);
	return ret;
}
