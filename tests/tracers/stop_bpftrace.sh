# SPDX-License-Identifier: GPL-2.0
#
# stop_bpftrace.sh - stopping a bpftrace started in the background; sourced,
# by bash (tests/tracers/smoke, tests/vm/cases/tracers, scripts/benchmark).

# shellcheck source=../watchdog_sleep.sh
. "$(dirname "${BASH_SOURCE[0]}")/../watchdog_sleep.sh"

# stop_bpftrace PID NAME: SIGINT, and its exit status once it has printed its
# maps (under a second after the workload, under TCG). Once in a few runs
# (seen under TCG, and on a busy host) a bpftrace (0.17) went on after the
# SIGINT until a second one came; that one is sent after 20 s, said, and
# allowed. Still running a minute after that: killed (status 137). A
# watchdog does the waiting, so nothing polls while bpftrace, on a slow
# guest, detaches its probes; stopped, it stops its sleep too, so that
# nothing of it is left running.
stop_bpftrace() {
	local pid=$1 name=$2 watchdog st

	kill -INT "$pid" || return 1
	(
		watchdog_sleep 20
		kill -0 "$pid" 2>/dev/null || exit 0
		echo "# $name: bpftrace still running 20 s after SIGINT: sending another"
		kill -INT "$pid"
		watchdog_sleep 60
		kill -KILL "$pid" 2>/dev/null
	) &
	watchdog=$!
	wait "$pid"
	st=$?
	kill "$watchdog" 2>/dev/null
	wait "$watchdog" 2>/dev/null
	return $st
}
