# SPDX-License-Identifier: GPL-2.0
#
# vm-kernel.sh - the kernels scripts/sweep-in-vm and scripts/measure-in-vm
# boot, given as options, and the module built for each (sourced; needs
# $top, the checkout).
#
# A kernel is a SPEC: series:SERIES (--kernel: a Debian kernel, 6.1, 6.12,
# 7.2, 7.3 or a release), deb:FILE[,FILE...] (--kernel-deb: your own
# packages, the image and any modules and headers .debs of one kernel) or
# tree:DIR (--kernel-tree: a built kernel tree). See scripts/vm-run.

# vm_kernel_spec OPTION VALUE: the SPEC of one of those options, its files
# as absolute paths (the scripts change directory), or exit 2.
vm_kernel_spec() {
	local f files abs=()
	case $1 in
	--kernel) echo "series:$2" ;;
	--kernel-deb)
		IFS=, read -r -a files <<<"$2"
		for f in "${files[@]}"; do
			[ -f "$f" ] || { echo "--kernel-deb $f: no such file" >&2; exit 2; }
			abs+=("$(realpath -e -- "$f")")
		done
		(IFS=,; echo "deb:${abs[*]}") ;;
	--kernel-tree)
		[ -d "$2" ] || { echo "--kernel-tree $2: no such directory" >&2; exit 2; }
		echo "tree:$(realpath -e -- "$2")" ;;
	*) echo "vm-kernel.sh: no kernel option $1" >&2; exit 2 ;;
	esac
}

# vm_kernel_kdir SPEC... -- KDIR: KDIR as an absolute path, or exit 2 when it
# is not one directory for exactly one of your own kernels.
vm_kernel_kdir() {
	local own=0 spec kdir
	while [ "$1" != -- ]; do
		[[ $1 == series:* ]] || own=$((own + 1))
		shift
	done
	kdir=$2
	[ -n "$kdir" ] || return 0
	[ "$own" -eq 1 ] || { echo "--kdir is for one kernel of your own (--kernel-deb or --kernel-tree); $own given" >&2; exit 2; }
	[ -d "$kdir" ] || { echo "--kdir $kdir: no such directory" >&2; exit 2; }
	realpath -e -- "$kdir"
}

# vm_kernel_args SPEC: the vm-run options that boot it, one a line.
vm_kernel_args() {
	local f files
	case $1 in
	series:*) printf '%s\n' --kernel "${1#series:}" ;;
	deb:*)
		IFS=, read -r -a files <<<"${1#deb:}"
		for f in "${files[@]}"; do printf '%s\n' --kernel-deb "$f"; done ;;
	tree:*) printf '%s\n' --kernel-tree "${1#tree:}" ;;
	esac
}

# vm_kernel_build SPEC [KDIR]: the module built for SPEC's kernel into
# build/RELEASE/ (a Debian kernel's headers, your packages' headers, the
# tree, or KDIR where given for your own kernel); prints RELEASE. 1 on error,
# said on stderr.
vm_kernel_build() {
	local spec=$1 kdir=${2:-} rel headers args
	if [[ $spec == series:* ]]; then
		rel=$("$top/scripts/kernels.sh" release "${spec#series:}") || return 1
		"$top/scripts/build-module" "$rel" >/dev/null || return 1
		echo "$rel"
		return 0
	fi
	mapfile -t args < <(vm_kernel_args "$spec")
	read -r rel headers < <("$top/scripts/vm-run" "${args[@]}" --print-kernel) || true
	[ -n "$rel" ] || { echo "cannot prepare the kernel of ${spec#*:}" >&2; return 1; }
	[ -n "$kdir" ] || kdir=$headers
	if [ "$kdir" = - ]; then
		echo "no kernel headers for $rel: give its linux-headers .deb with --kernel-deb FILE,HEADERS.deb, or --kdir DIR" >&2
		return 1
	fi
	# Rebuilt every time: a rebuilt kernel of the same release has other layouts.
	rm -f "$top/build/$rel/schedscope.ko"
	make -s -C "$top" module KDIR="$kdir" >/dev/null || return 1
	if [ ! -f "$top/build/$rel/schedscope.ko" ]; then
		echo "the module built against $kdir is not for $rel (its utsrelease differs)" >&2
		return 1
	fi
	echo "$rel"
}
