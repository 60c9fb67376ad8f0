# SPDX-License-Identifier: GPL-2.0
# Sourced by tests/vm/cases/eevdf: V and eligibility of tasks queued on CPU 1
# while a SCHED_FIFO loop holds that CPU (RT throttling and the fair server
# off for the moment), so nothing fair runs there and every vruntime stands
# still.  The kernel's own numbers: sched/debug's cfs_rq[1]:/ sums
# (zero_vruntime, sum_w_vruntime, sum_weight, sum_shift: 7.x), whose V is
# zero_vruntime + floor(sum_w_vruntime / sum_weight) with no entity running,
# and each task's vruntime and E/N.  Reading sched/debug moves zero_vruntime
# to V (avg_vruntime() rebases the sums), so two reads agree on V, not on
# the sums.
# shellcheck source=../watchdog_sleep.sh
. "$TOP/tests/watchdog_sleep.sh"
RT_RUNTIME=/proc/sys/kernel/sched_rt_runtime_us
FAIR_SERVER=/sys/kernel/debug/sched/fair_server/cpu1/runtime
rt_before=$(cat $RT_RUNTIME)
fs_before=$(cat $FAIR_SERVER 2>/dev/null)
quiet=()
for n in 0 3 6 9; do
	taskset -c 1 nice -n $n bash -c 'while :; do :; done' &
	quiet+=($!)
done
sleep 1.5	# they share CPU 1 by their weights: lags part
# While the hog holds CPU 1, a fair task placed there never runs again: this
# shell and all it starts stay on CPU 0 (one that starved mid path lookup
# once blocked every lookup of that path on 7.2), and a watchdog ends the
# hog even if this case is killed.
affinity=$(taskset -pc $$ | awk '{ print $NF }')
taskset -pc 0 $$ > /dev/null
echo -1 > $RT_RUNTIME
[ -n "$fs_before" ] && echo 0 > $FAIR_SERVER
# ran_ns PID: the task's run time so far (schedstat)
ran_ns() { awk '{ print $1 }' "/proc/$1/schedstat" 2>/dev/null; }
# hog_holds_cpu1: the hog runs on CPU 1 as SCHED_FIFO and the fair tasks
# there stand still (a quarter second apart); else says what it saw
hog_holds_cpu1() {
	local q0 h0 q1 h1 where
	q0=$(ran_ns "${quiet[0]}"); h0=$(ran_ns "$hog")
	sleep 0.25
	q1=$(ran_ns "${quiet[0]}"); h1=$(ran_ns "$hog")
	where=$(awk '{ print "cpu", $39, "policy", $41 }' "/proc/$hog/stat" 2>/dev/null)
	[ "$where" = "cpu 1 policy 1" ] && [ -n "$q1" ] && [ "$q0" = "$q1" ] &&
		[ -n "$h1" ] && [ "$h1" -gt "$h0" ] && return 0
	echo "# CPU 1 not held: hog ${where:-gone}, ran $(( ${h1:-0} - ${h0:-0} )) ns; task ${quiet[0]} ran $(( ${q1:-0} - ${q0:-0} )) ns; rt_runtime_us $(cat $RT_RUNTIME), fair_server runtime $(cat $FAIR_SERVER 2>/dev/null)"
	return 1
}
# the hog's watchdog: stopped (SIGTERM), nothing of it is left running
for start in 1 2 3; do
	taskset -c 1 chrt -f 50 bash -c 'while :; do :; done' &
	hog=$!
	( watchdog_sleep 120; kill -9 "$hog" 2>/dev/null ) &
	hog_watchdog=$!
	sleep 0.5
	hog_holds_cpu1 && break
	kill -9 "$hog" 2>/dev/null
	kill "$hog_watchdog" 2>/dev/null
	wait "$hog" "$hog_watchdog" 2>/dev/null
	[ -n "$fs_before" ] && echo 0 > $FAIR_SERVER
done
# sched/debug prints ns as [-]ms.nnnnnn: back to signed ns
MS_TO_NS='function ns(x,  neg) { neg = x ~ /^-/; gsub(/[-.]/, "", x); sub(/^0+/, "", x); if (x == "") return 0; return neg ? "-" x : x }'
# "V <ns>" from the sums, then "pid vruntime E/N" of CPU 1's queued tasks
cpu1_sums_state() {
	awk "$MS_TO_NS"' /^cpu#/ { cpu = $1 }
		cpu == "cpu#1," && /^cfs_rq\[1\]:\/$/ { root = 1; next }
		root && /^$/ { root = 0 }
		root && $1 == ".zero_vruntime" { z = ns($3) }
		root && $1 == ".sum_w_vruntime" { s = $3 }
		root && $1 == ".sum_weight" { w = $3 }
		root && $1 == ".sum_shift" { sh = $3 }
		cpu == "cpu#1," && /^ S +task +PID/ { for (i = 1; i <= NF; i++) col[$i] = i - 1; tasks = 1; next }
		tasks && cpu == "cpu#1," && $1 == "R" { print $(col["PID"] + 1), ns($(col["vruntime"] + 1)), $(col["eligible"] + 1) }
		END { print "sums", z, s, w, sh }' /sys/kernel/debug/sched/debug
}
# floor(a / b) in 64-bit integers
floor_div() { local q=$(($1 / $2)); (( $1 % $2 != 0 && ($1 < 0) != ($2 < 0) )) && q=$((q - 1)); echo $q; }
# The tasks' lines, "V <ns>", and the sums V came from.
cpu1_V_state() {
	local state z s w sh
	state=$(cpu1_sums_state)
	read -r _ z s w sh <<<"$(grep "^sums " <<<"$state")"
	[ -n "$w" ] && [ "$w" -gt 0 ] || return 1
	grep -v '^sums ' <<<"$state"
	echo "V $((z + $(floor_div "$s" "$w")))"
	echo "# from sched/debug: cfs_rq[1]:/ zero_vruntime $z sum_w_vruntime $s sum_weight $w sum_shift $sh"
}
for try in $(seq 5); do
	compare_standing cpu1_V_state "zero_vruntime + sum_w_vruntime / sum_weight of sched/debug" "${quiet[@]}" && break
	[ "$try" = 5 ] && { hog_holds_cpu1; fail "CPU 1 never stood still for the comparison with sched/debug's sums"; }
done
kill -9 "$hog" "${quiet[@]}" 2>/dev/null
kill "$hog_watchdog" 2>/dev/null
wait 2>/dev/null
echo "$rt_before" > $RT_RUNTIME
[ -n "$fs_before" ] && echo "$fs_before" > $FAIR_SERVER
taskset -pc "$affinity" $$ > /dev/null
sleep 0.5
