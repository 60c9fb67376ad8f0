// SPDX-License-Identifier: GPL-2.0
/* SIGINT, SIGTERM and SIGHUP as a stop request the commands poll. */
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <time.h>

#include "cli/cli.h"

volatile sig_atomic_t cli_stop_requested;

static const struct {
	int sig;
	const char *name;
} stop_signals[] = {
	{ SIGINT, "SIGINT" },
	{ SIGTERM, "SIGTERM" },
	{ SIGHUP, "SIGHUP" },
};

#define NR_STOP_SIGNALS	(sizeof(stop_signals) / sizeof(stop_signals[0]))

static void request_stop(int sig)
{
	cli_stop_requested = sig;
}

static void set_stop_handler(void (*handler)(int))
{
	struct sigaction sa = { .sa_handler = handler };
	size_t i;

	for (i = 0; i < NR_STOP_SIGNALS; i++)
		sigaction(stop_signals[i].sig, &sa, NULL);
}

void cli_stop_on_signals(void)
{
	set_stop_handler(request_stop);
}

void cli_stop_signals_default(void)
{
	set_stop_handler(SIG_DFL);
}

const char *cli_stop_signal_name(int sig)
{
	size_t i;

	for (i = 0; i < NR_STOP_SIGNALS; i++)
		if (stop_signals[i].sig == sig)
			return stop_signals[i].name;
	return "a signal";
}

/*
 * The next tick of a fixed-rate loop: @next (CLOCK_MONOTONIC) moves on by
 * @seconds, and the caller sleeps until then or until a stop is requested.
 */
void cli_sleep_until_next(struct timespec *next, double seconds)
{
	long long ns = next->tv_nsec + (long long)(seconds * 1e9);

	next->tv_sec += ns / 1000000000;
	next->tv_nsec = ns % 1000000000;
	while (!cli_stop_requested &&
	       clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, next, NULL) == EINTR)
		;
}
