// SPDX-License-Identifier: GPL-2.0
/*
 * modunload - unload module NAME with delete_module(), retrying while the
 * kernel answers that it is in use (EAGAIN/EWOULDBLOCK: someone holds a
 * reference, e.g. an open debugfs file of the module; EBUSY), every 5 ms
 * for up to SECONDS.  Any other error ends it at once.  A program rather
 * than rmmod in a shell loop: rmmod's start-up costs seconds in a busy TCG
 * guest, and its message hides the errno.
 *
 * Usage: modunload NAME [SECONDS]
 * Prints "unloaded after N tries in S s (refused: EAGAIN A, EBUSY B)" and
 * exits 0, or says what went wrong and exits 1.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	unsigned long tries = 0, again = 0, busy = 0;
	double start = now_s(), seconds = 60;

	if (argc == 3)
		seconds = atof(argv[2]);
	if (argc < 2 || argc > 3 || seconds <= 0) {
		fprintf(stderr, "usage: modunload NAME [SECONDS]\n");
		return 2;
	}
	for (;;) {
		tries++;
		if (!syscall(SYS_delete_module, argv[1], O_NONBLOCK))
			break;
		if (errno == EAGAIN) {
			again++;
		} else if (errno == EBUSY) {
			busy++;
		} else {
			printf("modunload: %s: try %lu: %s (%s)\n", argv[1], tries,
			       strerrorname_np(errno), strerror(errno));
			return 1;
		}
		if (now_s() - start > seconds) {
			printf("modunload: %s still loaded after %lu tries in %.1f s (refused: EAGAIN %lu, EBUSY %lu)\n",
			       argv[1], tries, now_s() - start, again, busy);
			return 1;
		}
		usleep(5000);
	}
	printf("unloaded after %lu tries in %.1f s (refused: EAGAIN %lu, EBUSY %lu)\n",
	       tries, now_s() - start, again, busy);
	return 0;
}
