# SPDX-License-Identifier: GPL-2.0
#
# The userspace sources, one list for userspace/Makefile and tests/unit/Makefile.
# Paths are relative to userspace/. Each folder is one job (docs/architecture.md).

# Everything of the CLI but main(): the unit tests link it too.
SCHEDSCOPE_DIRS := lib features hist kmod output tool_output results sweep report plot cli cmd
SCHEDSCOPE_SRCS := $(sort $(foreach d,$(SCHEDSCOPE_DIRS),$(wildcard $(SS_SRC)$(d)/*.c)))
SCHEDSCOPE_SRCS := $(SCHEDSCOPE_SRCS:$(SS_SRC)%=%)
SCHEDSCOPE_MAIN := schedscope.c

# The stand-alone workloads: each is workloads/NAME.c with workloads/workload.c.
WORKLOADS := pingpong spinners messaging dutycycle wakelat
WORKLOAD_COMMON_SRCS := workloads/workload.c
# The latency statistics of wakelat, apart so that tests/unit can test them.
WAKELAT_SRCS := workloads/lat_stats.c

# The libraries: BTF through libbpf, trace events through libtracefs and
# libtraceevent, JSON through jansson, modules through libkmod, the
# kernel's taskstats through libnl's generic netlink.
SCHEDSCOPE_PKGS := libbpf libtracefs libtraceevent jansson libkmod libnl-genl-3.0
SCHEDSCOPE_PKG_CFLAGS := $(shell pkg-config --cflags $(SCHEDSCOPE_PKGS) 2>/dev/null)
SCHEDSCOPE_PKG_LIBS := $(shell pkg-config --libs $(SCHEDSCOPE_PKGS) 2>/dev/null || \
	echo -lbpf -ltracefs -ltraceevent -ljansson -lkmod -lnl-genl-3 -lnl-3) -lm
