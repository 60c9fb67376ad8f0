#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kernels.sh — which Debian kernels schedscope supports, resolved from apt.
#
# The supported kernel *series* are fixed (6.1: CFS; 6.12: EEVDF; 7.2: the
# 7.1 weights and vprot; 7.3: the flat tree with h_load); the exact release of
# each (e.g. 6.12.117+deb12-amd64) is whatever Debian carries for that series
# right now, so it is looked up with apt-cache every time and never written
# down here.  6.1 and 6.12 come from the machine's own apt (Debian 12); 7.2 and
# 7.3 from trixie-backports, through scripts/debian-suite (its own apt
# configuration under build/apt/, the machine's apt untouched).
#
# CLI:
#   scripts/kernels.sh list                    supported series, one a line
#   scripts/kernels.sh release SERIES          e.g. 6.12 -> 6.12.117+deb12-amd64
#   scripts/kernels.sh headers-package SERIES  e.g. linux-headers-6.12.117+deb12-amd64
#   scripts/kernels.sh image-package SERIES    e.g. linux-image-6.12.117+deb12-amd64
#   scripts/kernels.sh image-version SERIES    Debian version of that image package
#   scripts/kernels.sh suite SERIES            the Debian suite it comes from
#                                              ("" for the machine's own apt)
#   scripts/kernels.sh boot-packages SERIES    the packages with its vmlinuz,
#                                              modules and config
# SERIES is 6.1, 6.12, 7.2 or 7.3, or a full release string (passed through
# unchanged; a +deb13 release is looked up in trixie-backports).
#
# Library (source it):  kernels_list, kernels_release SERIES,
#   kernels_resolve SERIES (prints "RELEASE VERSION"),
#   kernels_headers_package SERIES, kernels_image_package SERIES,
#   kernels_image_version SERIES, kernels_suite SERIES,
#   kernels_boot_packages SERIES, kernels_apt_cache SERIES ARGS....  Functions print the answer on stdout, or a
#   one-line error on stderr and return 1.

KERNELS_SERIES="6.1 6.12 7.2 7.3"
KERNELS_ARCH=amd64
# shellcheck source=debian-suite
. "$(dirname "${BASH_SOURCE[0]}")/debian-suite"

kernels_list() {
	printf '%s\n' $KERNELS_SERIES
}

# The metapackage that always depends on the newest image of a series; for
# the backports series (7.2, 7.3), the newest linux-image-SERIES.*+deb13.
kernels_meta_package() {
	case "$1" in
	6.1)  echo "linux-image-$KERNELS_ARCH" ;;
	6.12) echo "linux-image-6.12-$KERNELS_ARCH" ;;
	7.2)  echo "" ;;
	7.3)  echo "" ;;
	*)
		echo "kernels.sh: unsupported kernel series '$1' (supported: $KERNELS_SERIES)" >&2
		return 1 ;;
	esac
}

# The suite a series or release comes from: "" is the machine's own apt.
kernels_suite() {
	case "$1" in
	7.*+deb13-*|7.2|7.3) echo trixie-backports ;;
	7.*+deb14-*) echo sid ;;
	*) echo "" ;;
	esac
}

# apt-cache for SERIES's suite, its lists fetched first when needed.
kernels_apt_cache() {
	local suite
	suite=$(kernels_suite "$1")
	shift
	if [[ -z $suite ]]; then
		apt-cache "$@"
	else
		suite_update "$suite" && suite_apt_cache "$suite" "$@"
	fi
}

# The packages that hold the kernel image, its modules and its config: one
# linux-image-* on Debian 12; on 7.x the image package is split.
kernels_boot_packages() {
	local rel
	rel=$(kernels_release "$1") || return 1
	if [[ -n $(kernels_suite "$rel") ]]; then
		echo "linux-binary-$rel linux-modules-$rel linux-base-$rel"
	else
		echo "linux-image-$rel"
	fi
}

# The newest linux-image-SERIES.N+debNN-amd64 in SERIES's suite.
kernels_newest_image() {
	local series=$1
	kernels_apt_cache "$series" pkgnames "linux-image-$series." 2>/dev/null |
		grep -E "^linux-image-${series//./\\.}\.[0-9]+\+deb[0-9]+-$KERNELS_ARCH\$" |
		sed 's/^linux-image-//' | sort -V | tail -n1
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
		ver=$(kernels_apt_cache "$series" show --no-all-versions "linux-image-$series" 2>/dev/null | sed -n 's/^Version: //p' | head -n1)
		echo "$series $ver"
		return 0
	fi
	meta=$(kernels_meta_package "$series") || return 1
	if [[ -z $meta ]]; then
		rel=$(kernels_newest_image "$series")
		if [[ -z $rel ]]; then
			echo "kernels.sh: no linux-image-$series.* in $(kernels_suite "$series") (scripts/debian-suite $(kernels_suite "$series") update)" >&2
			return 1
		fi
		kernels_resolve "$rel"
		return
	fi
	# The candidate's Depends names the versioned image package, e.g.
	# "linux-image-6.12.117+deb12-amd64 (= 6.12.117-1~deb12u1)".
	deps=$(kernels_apt_cache "$series" show --no-all-versions "$meta" 2>/dev/null | sed -n 's/^Depends: //p' | head -n1)
	dep=$(tr ',|' '\n\n' <<<"$deps" | grep -E "^ *linux-image-[^ ]+-$KERNELS_ARCH( |\$)" | head -n1)
	rel=$(sed -E "s/^ *linux-image-([^ ]+-$KERNELS_ARCH).*/\1/" <<<"$dep")
	ver=$(sed -nE 's/.*\(= *([^) ]+) *\).*/\1/p' <<<"$dep")
	if [[ -z $rel ]]; then
		echo "kernels.sh: apt cannot resolve kernel series $series (no candidate for $meta, or it names no linux-image-*-$KERNELS_ARCH); run 'apt-get update' and check that the Debian archive with $meta is in apt's sources" >&2
		return 1
	fi
	if [[ -z $ver ]]; then
		ver=$(kernels_apt_cache "$series" show --no-all-versions "linux-image-$rel" 2>/dev/null | sed -n 's/^Version: //p' | head -n1)
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
	suite)           kernels_suite "$@" ;;
	boot-packages)   kernels_boot_packages "$@" ;;
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
