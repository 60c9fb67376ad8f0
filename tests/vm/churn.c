// SPDX-License-Identifier: GPL-2.0
/*
 * churn - many short-lived threads, fast: waves of WAVE threads that each
 * sleep a little and exit, TOTAL threads in all.  With a low pid_max the
 * kernel reuses pids many times over.  Threads, not processes: no exec, so
 * it stays fast in a guest whose root file system is shared over 9p.
 *
 * Usage: churn WAVE TOTAL
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void *short_life(void *arg)
{
	(void)arg;
	usleep(1000);
	return NULL;
}

int main(int argc, char **argv)
{
	long wave, total, done = 0, i, n;
	pthread_t *t;

	if (argc != 3 || (wave = atol(argv[1])) < 1 || (total = atol(argv[2])) < 1) {
		fprintf(stderr, "usage: churn WAVE TOTAL\n");
		return 2;
	}
	t = calloc(wave, sizeof(*t));
	if (!t)
		return 1;
	while (done < total) {
		for (n = 0; n < wave && done + n < total; n++)
			if (pthread_create(&t[n], NULL, short_life, NULL)) {
				perror("pthread_create");
				return 1;
			}
		for (i = 0; i < n; i++)
			pthread_join(t[i], NULL);
		done += n;
	}
	printf("%ld threads\n", done);
	return 0;
}
