# SPDX-License-Identifier: GPL-2.0
#
# stop_bpftrace.sh - stopping a bpftrace started in the background; sourced,
# by bash (tests/tracers/smoke, tests/vm/cases/tracers).

# bpftrace_running PID: alive and not a zombie waiting to be reaped
bpftrace_running() {
	[ -r "/proc/$1/stat" ] && [ "$(awk '{ print $3 }' "/proc/$1/stat")" != Z ]
}

# stop_bpftrace PID NAME: SIGINT, and its exit status once it has printed its
# maps. Once in a few runs (seen under TCG, and on a busy host) a bpftrace
# (0.17) went on after the SIGINT for minutes; a second one, a minute later,
# is said and allowed. Still running a minute after that: killed, status 1.
stop_bpftrace() {
	local pid=$1 name=$2 i

	kill -INT "$pid" || return 1
	for i in $(seq 600); do bpftrace_running "$pid" || break; sleep 0.1; done
	if bpftrace_running "$pid"; then
		echo "# $name: bpftrace still running 60 s after SIGINT: sending another"
		kill -INT "$pid"
		for i in $(seq 600); do bpftrace_running "$pid" || break; sleep 0.1; done
	fi
	if bpftrace_running "$pid"; then
		kill -KILL "$pid"
		wait "$pid"
		return 1
	fi
	wait "$pid"
}
