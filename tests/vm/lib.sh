# SPDX-License-Identifier: GPL-2.0
# Shared helpers of the module tests; sourced by tests/vm/cases/* in the guest.
# Each check prints "ok" or "FAIL" with the kernel release, and counts
# (tests/lib.sh); finish ends the case with "N passed, N failed [release] case".

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
KREL=$(uname -r)
SS=${SCHEDSCOPE_DEBUGFS:-/sys/kernel/debug/schedscope}
KO=$TOP/build/$KREL/schedscope.ko
# schedscope load prefers an installed (DKMS) module: the tests load the
# tree's own build (the installed case unsets this)
export SCHEDSCOPE_KO=$KO
BIN=$TOP/build/tests
WORKLOADS=$TOP/build/bin
SSC=$TOP/build/bin/schedscope
FEATURES=/sys/kernel/debug/sched/features

# run ARGS...: the CLI with stdout in $OUT and stderr in $ERR (files the
# case names); its exit status
run() { "$SSC" "$@" > "$OUT" 2> "$ERR"; }

# check_run WHAT WANT ARGS...: run ARGS, passing when it exits with WANT,
# else failing with the end of its stderr
check_run() {
	local what=$1 want=$2 got
	shift 2
	run "$@"
	got=$?
	if [ "$got" -eq "$want" ]; then
		pass "$what (exit $got)"
	else
		fail "$what: exit $got, want $want; stderr: $(tail -c 600 "$ERR")"
	fi
}

# has_text FILE TEXT: FILE holds TEXT (a fixed string)
has_text() { grep -qF -- "$2" "$1"; }

# json FILE FILTER [ARGS...]: a jq filter over the file (half a second
# under TCG, where a Python start takes two)
json() { jq -r "${@:3}" "$2" "$1"; }

# features: the sched features file, words separated by single blanks
features() { echo $(cat "$FEATURES"); }
. "$TOP/tests/lib.sh"
CHECK_TAG=$KREL
RESULT_LABEL="[$KREL] $(basename "$0")"

# kv_get FILE KEY: the value of the line "KEY VALUE" of FILE, else
# "missing"; bash alone: under TCG starting a process (awk, grep) takes
# a tenth of a second or more, and the cases look up hundreds of values
kv_get() {
	local text value
	text=$'\n'$(< "$1")
	value=${text#*$'\n'"$2" }
	if [ "$value" = "$text" ]; then
		echo missing
	else
		echo "${value%%$'\n'*}"
	fi
}

# stats_value KEY: the value of KEY in the stats file
stats_value() { kv_get "$SS/stats" "$1"; }

# hist_total NAME: the sum of the counts in hist/NAME ("lo hi count" lines
# under a "#" header)
hist_total() {
	awk 'NR > 1 { s += $3 } END { print s + 0 }' "$SS/hist/$1"
}

# btf_once NAME FUNCTION: FUNCTION's output and exit status, computed once a
# boot and kept in /tmp: the kernel's BTF does not change while it runs, and
# pahole takes a second or more a call under TCG, more with busy CPUs
# (load_module ran it six times: 3 s of every insmod)
btf_once() {
	local f status
	f=/tmp/schedscope-btf.$(cat /proc/sys/kernel/random/boot_id).$1
	if [ ! -e "$f.status" ]; then
		"$2" > "$f.out.$$"
		status=$?
		mv "$f.out.$$" "$f.out"
		echo "$status" > "$f.status.$$" && mv "$f.status.$$" "$f.status"
	fi
	cat "$f.out"
	return "$(cat "$f.status")"
}

# The rq_layout parameter for this kernel (module/clock.c), read from its
# BTF with pahole, an independent reader of what `schedscope load` reads
# with libbpf: cfs_rq->rq, rq->clock and rq->cpu.
rq_layout_pahole() { btf_once rq_layout rq_layout_from_btf; }
rq_layout_from_btf() {
	local btf=/sys/kernel/btf/vmlinux rq clock cpu
	member() { pahole -C "$1" "$btf" 2>/dev/null |
		awk -v f="$2" '$0 ~ "[ *]" f ";" { for (i = 1; i <= NF; i++) if ($i == "/*") { print $(i + 1); exit } }'; }
	rq=$(member cfs_rq rq) clock=$(member rq clock) cpu=$(member rq cpu)
	[ -n "$rq" ] && [ -n "$clock" ] && [ -n "$cpu" ] || return 1
	echo "rq=$rq,clock=$clock,cpu=$cpu"
}

# The clock `schedscope load` chooses (userspace/cmd/load.c): rq, the
# runqueue's clock, where the kernel's BTF says where it is; else mono
# where timekeeping reads the TSC, local elsewhere (6.1's guest runs on
# hpet).
wait_clock() {
	if rq_layout_pahole > /dev/null; then
		echo rq
	elif [ "$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null)" = tsc ]; then
		echo mono
	else
		echo local
	fi
}

# The module's clock parameters as `schedscope load` gives them.
wait_clock_params() {
	local c
	c=$(wait_clock)
	if [ "$c" = rq ]; then
		echo "clock=rq rq_layout=$(rq_layout_pahole)"
	else
		echo "clock=$c"
	fi
}

load_module() {
	[ -f "$KO" ] || { fail "no module built for $KREL at $KO"; return 1; }
	# shellcheck disable=SC2046 # two words, neither with spaces
	insmod "$KO" $(wait_clock_params) "$@"
}

unload_module() {
	rmmod schedscope
}

# The cfs_rq_layout parameter for this kernel, read from its BTF with pahole
# (an independent reader of the same BTF `schedscope load` uses libbpf for).
cfs_layout_pahole() { btf_once cfs_layout cfs_layout_from_btf; }
cfs_layout_from_btf() {
	local btf=/sys/kernel/btf/vmlinux dump size v0 v0name sum sumname weight weightname curr
	local load shift timeline idle model=scaled extra=
	# Debian 12's pahole warns about BTF kinds newer than it (7.x): harmless
	dump=$(pahole -C cfs_rq "$btf" 2>/dev/null) || return 1
	field() { awk -v f="$1" '$0 ~ "[ *]" f ";" { for (i = 1; i <= NF; i++) if ($i == "/*") { print $(i + 1); exit } }' <<<"$dump"; }
	size=$(awk '/\/\* size:/ { gsub(",", "", $3); print $3; exit }' <<<"$dump")
	for v0name in zero_vruntime min_vruntime; do v0=$(field $v0name); [ -n "$v0" ] && break; done
	for sumname in sum_w_vruntime avg_vruntime; do sum=$(field $sumname); [ -n "$sum" ] && break; done
	for weightname in sum_weight avg_load; do weight=$(field $weightname); [ -n "$weight" ] && break; done
	curr=$(field curr)
	[ -n "$size" ] && [ -n "$v0" ] && [ -n "$sum" ] && [ -n "$weight" ] && [ -n "$curr" ] || return 1
	# struct load_weight load is cfs_rq's first member, weight its first
	load=$(field load)
	[ -n "$load" ] && extra="load=$load,"
	timeline=$(field tasks_timeline)
	[ -n "$timeline" ] && timeline="timeline=$timeline,"
	idle=$(field idle)
	[ -n "$idle" ] && timeline="${timeline}idle=$idle,"
	shift=$(field sum_shift)
	if [ -n "$shift" ]; then
		model=full
		pahole -C sched_entity "$btf" 2>/dev/null | grep -q '[ *]h_load;' && model=flat
		extra="${extra}sum_shift=$shift,"
	fi
	echo "size=$size,v0=$v0,sum_w_vruntime=$sum,sum_weight=$weight,curr=$curr,${extra}${timeline}model=$model,names=$v0name/$sumname/$weightname,source=pahole:$btf"
}

# compare_standing STATE WHAT PID...: compares the module's eevdf_tasks
# lines of CPU 1 with sched/debug at a moment CPU 1 stands still.  STATE
# prints CPU 1's queued tasks as "pid vruntime E/N" lines, "V <ns>" (V
# computed from sched/debug as WHAT says), and "#" lines that say where V
# came from, which are not compared.  Read before and after the module's
# file: different readings return 2 (it ran meanwhile), with what moved.
compare_standing() {
	local state=$1 what=$2 d1 d2 ours V pid k o
	shift 2
	d1=$($state) || return 2
	ours=$(awk '$1 == 1' "$SS/eevdf_tasks")
	d2=$($state) || return 2
	if [ "$(grep -v '^#' <<<"$d1")" != "$(grep -v '^#' <<<"$d2")" ]; then
		grep -v '^#' <<<"$d1" > /tmp/standing.1
		grep -v '^#' <<<"$d2" > /tmp/standing.2
		diff /tmp/standing.1 /tmp/standing.2 | sed 's/^/# moved: /'
		return 2
	fi
	V=$(awk '$1 == "V" { print $2 }' <<<"$d1")
	[ -n "$V" ] || return 2
	grep '^#' <<<"$d1"
	sed -n 's/^\([0-9]\)/# kernel: \1/p' <<<"$d1"
	sed 's/^/# ours: /' <<<"$ours"
	for pid in "$@"; do
		k=$(awk -v p=$pid '$1 == p { print $2, $3 }' <<<"$d1")
		o=$(awk -v p=$pid '$2 == p { print $4, ($7 ? "E" : "N") }' <<<"$ours")
		check_eq "task $pid on a standing cfs_rq: vruntime and E/N as sched/debug prints them" "$k" "$o"
		check_eq "task $pid: V equals $what" "$V" \
			"$(awk -v p=$pid '$2 == p { print $5 }' <<<"$ours")"
	done
}

# sched_features NAME...: writes each to the features file; prints nothing
sched_features() {
	local f
	for f in "$@"; do echo "$f" > /sys/kernel/debug/sched/features || return 1; done
}

has_eevdf() { grep -qw RUN_TO_PARITY /sys/kernel/debug/sched/features 2>/dev/null; }
# 7.1+: sched_entity has vprot (the running entity's protection), says the BTF
has_vprot() { pahole -C sched_entity /sys/kernel/btf/vmlinux 2>/dev/null | grep -qw vprot; }
