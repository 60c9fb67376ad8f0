# SPDX-License-Identifier: GPL-2.0
# Shared helpers of the module tests; sourced by tests/vm/cases/* in the guest.
# Each check prints "ok" or "FAIL" with the kernel release, and counts.

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
KREL=$(uname -r)
SS=${SCHEDSCOPE_DEBUGFS:-/sys/kernel/debug/schedscope}
KO=$TOP/build/$KREL/schedscope.ko
BIN=$TOP/build/tests
WORKLOADS=$TOP/userspace
PASSED=0
FAILED=0

pass() { echo "ok   [$KREL] $*"; PASSED=$((PASSED + 1)); }
fail() { echo "FAIL [$KREL] $*"; FAILED=$((FAILED + 1)); }

# check DESCRIPTION COMMAND...: passes when COMMAND succeeds
check() {
	local what=$1
	shift
	if "$@"; then pass "$what"; else fail "$what"; fi
}

# check_eq DESCRIPTION EXPECTED ACTUAL
check_eq() {
	if [ "$2" = "$3" ]; then
		pass "$1 ($3)"
	else
		fail "$1: expected '$2', got '$3'"
	fi
}

# check_gt DESCRIPTION LIMIT ACTUAL: ACTUAL > LIMIT
check_gt() {
	if [ "$3" -gt "$2" ] 2>/dev/null; then
		pass "$1 ($3 > $2)"
	else
		fail "$1: expected more than $2, got '$3'"
	fi
}

# stat KEY: the value of KEY in the stats file
stat() { awk -v k="$1" '$1 == k { print $2; f = 1 } END { if (!f) print "missing" }' "$SS/stats"; }

# hist_total NAME: the sum of the counts in hist/NAME
hist_total() {
	awk -F'|' 'NR > 1 && NF > 1 { n = split($1, a, " "); s += a[n] } END { print s + 0 }' "$SS/hist/$1"
}

load_module() {
	[ -f "$KO" ] || { fail "no module built for $KREL at $KO"; return 1; }
	insmod "$KO" "$@"
}

unload_module() {
	rmmod schedscope
}

# finish: prints the count line and exits with the test's status
finish() {
	echo "$PASSED passed, $FAILED failed [$KREL] $(basename "$0")"
	[ "$FAILED" -eq 0 ]
}
