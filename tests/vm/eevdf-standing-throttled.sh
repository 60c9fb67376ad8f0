# SPDX-License-Identifier: GPL-2.0
# Sourced by tests/vm/cases/eevdf: V and eligibility of tasks queued on a
# throttled cfs_rq, against the weighted mean of the vruntimes sched/debug
# prints (kernels that keep a throttled group's tasks queued: 6.12).
# Busy loops in a cgroup allowed 1 ms of CPU per second (cpu.max) sit queued
# on their throttled cfs_rq of CPU 1 almost all the time: V and every
# vruntime stand still, so both readers see the same state.
echo +cpu > /sys/fs/cgroup/cgroup.subtree_control
mkdir -p /sys/fs/cgroup/ssq
# The loops start on CPU 0 and move once started: a task throttled while it
# is still looking up its libraries would hold up every other lookup of them.
quiet=()
for n in 0 3 6 9; do
	taskset -c 0 nice -n $n bash -c 'while :; do :; done' &
	quiet+=($!)
done
sleep 1
for pid in "${quiet[@]}"; do
	echo "$pid" > /sys/fs/cgroup/ssq/cgroup.procs
	taskset -pc 1 "$pid" > /dev/null
done
sleep 1.5	# they share CPU 1 by their weights: lags part
echo "1000 1000000" > /sys/fs/cgroup/ssq/cpu.max
sleep 1.5
# CPU 1's /ssq cfs_rq and its queued fair tasks, as sched/debug prints them
# sched/debug prints ns as [-]ms.nnnnnn: back to signed ns
MS_TO_NS='function ns(x,  neg) { neg = x ~ /^-/; gsub(/[-.]/, "", x); sub(/^0+/, "", x); if (x == "") return 0; return neg ? "-" x : x }'
# A throttled cfs_rq is off the leaf list, so sched/debug prints no section
# for it; its V is the weighted mean of the vruntimes sched/debug prints,
# floor(sum(w * v) / sum(w)) with w from the kernel's nice-to-weight table.
WEIGHT='BEGIN { split("88761 71755 56483 46273 36291 29154 23254 18705 14949 11916 9548 7620 6100 4904 3906 3121 2501 1991 1586 1277 1024 820 655 526 423 335 272 215 172 137 110 87 70 56 45 36 29 23 18 15", w, " ") }'
cpu1_state() {
	local debug
	debug=$(cat /sys/kernel/debug/sched/debug)
	# " R comm pid vruntime E/N deadline slice sum-exec switches prio ..."
	awk "$MS_TO_NS $WEIGHT"' /^runnable tasks:/ { n++ }
		n == 2 && $1 == "R" && $NF == "/ssq" {
			v = ns($4); print $3, v, $5
			wt = w[$10 - 100 + 1]; sw += wt; swv += wt * v
		}
		END { if (sw) { f = int(swv / sw); while (f * sw > swv) f--; while ((f + 1) * sw <= swv) f++; printf "V %.0f\n", f } }' <<<"$debug"
	echo "# from sched/debug: cfs_rq[1]:/ssq, V the weighted mean of its tasks' vruntimes"
}
for try in $(seq 20); do
	compare_standing cpu1_state "the mean of sched/debug's vruntimes" "${quiet[@]}" && break
	[ "$try" = 20 ] && fail "the throttled cfs_rq never stood still for the comparison"
done
kill -9 "${quiet[@]}" 2>/dev/null
wait 2>/dev/null
sleep 0.5
rmdir /sys/fs/cgroup/ssq

