# SPDX-License-Identifier: GPL-2.0
#
# lib.sh - the counting every shell test shares; sourced, by bash.
#
# Each check prints one line and counts as passed or failed; the test ends
# with finish, whose last line "N passed, N failed" the suites that run tests
# (tests/vm/guest-suite, tests/vm/run-all, tests/tracers/run) read back and
# add up to their own.
#
# What the lines say, read at each call (set by the test):
#   CHECK_TAG        "[CHECK_TAG] " after "ok   " or "FAIL " (the kernel
#                    release, mostly); unset: nothing
#   CHECK_PREFIX     before "ok" and "FAIL" (tests/vm/run-all's "run-all: ")
#   CHECK_PASS_WORD  instead of "ok" (tests/vm/harness-selftest's PASS)
#   RESULT_LABEL     after "N passed, N failed" (e.g. "[6.12...] basic")

# The counts; a failure that has no line of its own (its reason printed
# elsewhere) is added to TESTS_FAILED directly.
TESTS_PASSED=0
TESTS_FAILED=0
# The time each check took since the one before (microseconds, "US LINE"),
# for finish's slowest steps: where a test's time goes, so growth shows.
CHECK_STEPS=()
# The failed checks' lines, repeated by finish at the end where a long
# output's tail (CI's) shows them
FAILED_CHECKS=()
CHECK_LAST_US=${EPOCHREALTIME/[.,]/}

step_time() {
	local now=${EPOCHREALTIME/[.,]/}

	CHECK_STEPS+=("$((now - CHECK_LAST_US)) $*")
	CHECK_LAST_US=$now
}

pass() {
	printf '%s%-4s %s%s\n' "${CHECK_PREFIX-}" "${CHECK_PASS_WORD:-ok}" \
		"${CHECK_TAG:+[$CHECK_TAG] }" "$*"
	TESTS_PASSED=$((TESTS_PASSED + 1))
	step_time "$*"
}

fail() {
	echo "${CHECK_PREFIX-}FAIL ${CHECK_TAG:+[$CHECK_TAG] }$*"
	FAILED_CHECKS+=("${CHECK_TAG:+[$CHECK_TAG] }$*")
	TESTS_FAILED=$((TESTS_FAILED + 1))
	step_time "$*"
}

# finish: prints "N passed, N failed" (and RESULT_LABEL) and exits, with 0
# when nothing failed, else 1
finish() {
	local step

	# the checks that took longest (3, or $SCHEDSCOPE_SLOW_STEPS), each
	# with the work before it
	local n=${SCHEDSCOPE_SLOW_STEPS:-3}
	if [ ${#CHECK_STEPS[@]} -gt 3 ]; then
		printf '%s\n' "${CHECK_STEPS[@]}" | sort -rn | head -n "$n" |
		while read -r us step; do
			printf '# slow: %d.%d s up to: %.60s\n' $((us / 1000000)) \
				$((us / 100000 % 10)) "$step"
		done
	fi
	# the failed checks again (20 at most), each shortened to a line: a
	# long one loses its middle, as its end holds what was seen
	if [ ${#FAILED_CHECKS[@]} -gt 0 ]; then
		printf '%s\n' "${FAILED_CHECKS[@]}" | head -n 20 |
			while IFS= read -r step; do
				[ ${#step} -le 200 ] ||
					step="${step:0:120} ... ${step: -75}"
				printf '# failed: %s\n' "$step"
			done
	fi
	echo "$TESTS_PASSED passed, $TESTS_FAILED failed${RESULT_LABEL:+ $RESULT_LABEL}"
	exit $((TESTS_FAILED > 0))
}

# add_counts LINE: adds the counts of a "N passed, N failed ..." LINE to
# ours; sets LINE_FAILED to its failed count
add_counts() {
	local p
	read -r p _ LINE_FAILED _ <<<"$1"
	TESTS_PASSED=$((TESTS_PASSED + p))
	TESTS_FAILED=$((TESTS_FAILED + LINE_FAILED))
}

# add_result OUTPUT STATUS WHAT: adds the counts of OUTPUT's last
# "N passed, N failed" line, OUTPUT being what the test WHAT printed before
# it exited with STATUS.  No such line is a failure, and so is a STATUS
# other than 0 when the line counts no failure.
add_result() {
	local line
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' <<<"$1" | tail -n 1)
	if [ -z "$line" ]; then
		fail "$3 ended without a result line (exit $2)"
		return
	fi
	add_counts "$line"
	if [ "$2" -ne 0 ] && [ "$LINE_FAILED" -eq 0 ]; then
		fail "$3 exited $2"
	fi
}

# check DESCRIPTION COMMAND...: passes when COMMAND succeeds
check() {
	local what=$1
	shift
	if "$@"; then pass "$what"; else fail "$what"; fi
}

# check_eq DESCRIPTION EXPECTED ACTUAL
check_eq() {
	if [ "$2" = "$3" ]; then
		case $3 in
		*$'\n'*) pass "$1 ($(wc -l <<<"$3") lines)" ;;
		*) pass "$1 ($3)" ;;
		esac
	else
		fail "$1: expected '$2', got '$3'"
		case $3 in
		*$'\n'*)
			local a b
			a=$(mktemp) b=$(mktemp)
			echo "$2" > "$a"
			echo "$3" > "$b"
			diff "$a" "$b" | head -20
			rm -f "$a" "$b"
			;;
		esac
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
