#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kernels.sh — which Debian kernels schedscope supports, resolved from apt.
#
# The supported kernel *series* are fixed (6.1: CFS, 6.12: EEVDF); the exact
# release of each (e.g. 6.12.117+deb12-amd64) is whatever Debian's metapackage
# of that series depends on right now, so it is looked up with apt-cache every
# time and never written down here.
#
# CLI:
#   scripts/kernels.sh list                    supported series, one a line
#   scripts/kernels.sh release SERIES          e.g. 6.12 -> 6.12.117+deb12-amd64
#   scripts/kernels.sh headers-package SERIES  e.g. linux-headers-6.12.117+deb12-amd64
#   scripts/kernels.sh image-package SERIES    e.g. linux-image-6.12.117+deb12-amd64
#   scripts/kernels.sh image-version SERIES    Debian version of that image package
# SERIES is 6.1 or 6.12, or a full release string (passed through unchanged).
#
# Library (source it):  kernels_list, kernels_release SERIES,
#   kernels_resolve SERIES (prints "RELEASE VERSION"),
#   kernels_headers_package SERIES, kernels_image_package SERIES,
#   kernels_image_version SERIES.  Functions print the answer on stdout, or a
#   one-line error on stderr and return 1.

KERNELS_SERIES="6.1 6.12"
KERNELS_ARCH=amd64

kernels_list() {
	printf '%s\n' $KERNELS_SERIES
}

# The metapackage that always depends on the newest image of a series.
kernels_meta_package() {
	case "$1" in
	6.1)  echo "linux-image-$KERNELS_ARCH" ;;
	6.12) echo "linux-image-6.12-$KERNELS_ARCH" ;;
	*)
		echo "kernels.sh: unsupported kernel series '$1' (supported: $KERNELS_SERIES)" >&2
		return 1 ;;
	esac
}

# A full release string looks like 6.1.0-57-amd64 or 6.12.117+deb12-amd64.
kernels_is_release() {
	[[ $1 =~ ^[0-9]+\.[0-9]+(\.[0-9]+)?[-+][A-Za-z0-9.+~-]*-$KERNELS_ARCH$ ]]
}

# Prints "RELEASE VERSION": the release of SERIES and the Debian version of
# its linux-image-RELEASE package (empty when apt has no candidate for it).
# One apt-cache call for a series: the metapackage pins the exact version.
kernels_resolve() {
	local series=$1 meta deps dep rel ver
	if [[ -z $series ]]; then
		echo "kernels.sh: missing SERIES (one of: $KERNELS_SERIES)" >&2
		return 1
	fi
	if kernels_is_release "$series"; then
		ver=$(apt-cache show --no-all-versions "linux-image-$series" 2>/dev/null | sed -n 's/^Version: //p' | head -n1)
		echo "$series $ver"
		return 0
	fi
	meta=$(kernels_meta_package "$series") || return 1
	# The candidate's Depends names the versioned image package, e.g.
	# "linux-image-6.12.117+deb12-amd64 (= 6.12.117-1~deb12u1)".
	deps=$(apt-cache show --no-all-versions "$meta" 2>/dev/null | sed -n 's/^Depends: //p' | head -n1)
	dep=$(tr ',|' '\n\n' <<<"$deps" | grep -E "^ *linux-image-[^ ]+-$KERNELS_ARCH( |\$)" | head -n1)
	rel=$(sed -E "s/^ *linux-image-([^ ]+-$KERNELS_ARCH).*/\1/" <<<"$dep")
	ver=$(sed -nE 's/.*\(= *([^) ]+) *\).*/\1/p' <<<"$dep")
	if [[ -z $rel ]]; then
		echo "kernels.sh: apt cannot resolve kernel series $series (no candidate for $meta, or it names no linux-image-*-$KERNELS_ARCH); run 'apt-get update' and check that the Debian archive with $meta is in apt's sources" >&2
		return 1
	fi
	if [[ -z $ver ]]; then
		ver=$(apt-cache show --no-all-versions "linux-image-$rel" 2>/dev/null | sed -n 's/^Version: //p' | head -n1)
	fi
	echo "$rel $ver"
}

kernels_release() {
	local r
	if kernels_is_release "$1"; then
		echo "$1"
		return 0
	fi
	r=$(kernels_resolve "$1") || return 1
	echo "${r%% *}"
}

kernels_headers_package() {
	local rel
	rel=$(kernels_release "$1") || return 1
	echo "linux-headers-$rel"
}

kernels_image_package() {
	local rel
	rel=$(kernels_release "$1") || return 1
	echo "linux-image-$rel"
}

# Candidate version of the versioned image package (changes when Debian
# rebuilds the same ABI; used to invalidate caches).
kernels_image_version() {
	local r
	r=$(kernels_resolve "$1") || return 1
	if [[ -z ${r#* } ]]; then
		echo "kernels.sh: apt has no candidate for linux-image-${r%% *}; run 'apt-get update'" >&2
		return 1
	fi
	echo "${r#* }"
}

kernels_usage() {
	sed -n '4,/^$/s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
}

kernels_main() {
	local cmd=${1-}
	shift || true
	case "$cmd" in
	list)            kernels_list ;;
	release)         kernels_release "$@" ;;
	headers-package) kernels_headers_package "$@" ;;
	image-package)   kernels_image_package "$@" ;;
	image-version)   kernels_image_version "$@" ;;
	-h|--help|help)  kernels_usage ;;
	*)
		kernels_usage >&2
		return 2 ;;
	esac
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	set -o pipefail
	kernels_main "$@"
	exit $?
fi
