# SPDX-License-Identifier: GPL-2.0
#
# watchdog_sleep.sh - the wait of a watchdog subshell; sourced, by bash
# (tests/tracers/stop_bpftrace.sh, tests/vm/eevdf-standing-sums.sh).

# watchdog_sleep SECONDS: called in a subshell started in the background, a
# sleep that the subshell's SIGTERM ends together with the subshell, so that
# nothing of a stopped watchdog is left running.
watchdog_sleep() {
	trap 'kill $! 2>/dev/null; exit 0' TERM
	sleep "$1" </dev/null >/dev/null 2>&1 &
	wait $!
}
