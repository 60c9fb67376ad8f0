# SPDX-License-Identifier: GPL-2.0
#
# make                      module for KDIR (default: the running kernel) + userspace
# make module KDIR=DIR      module only, built in build/<kernel release>/
# make userspace            the CLI, workloads and test helpers
# make check                unit tests of the userspace code
# make checkpatch           the kernel's checkpatch.pl on the module
# make test                 unit tests, then the module tests in the VM on every kernel
# make soak                 the module tests' long versions (50 load/unload cycles, ...)

KDIR ?= /lib/modules/$(shell uname -r)/build
# UTS_RELEASE is what `uname -r` prints on that kernel (Debian's 6.1 headers
# say 6.1.NNN in kernel.release but the kernel runs as 6.1.0-NN-amd64).
KRELEASE := $(shell sed -n 's/^\#define UTS_RELEASE "\(.*\)"$$/\1/p' \
		$(KDIR)/include/generated/utsrelease.h 2>/dev/null)
MODDIR := build/$(or $(KRELEASE),unknown)
MODULE_SOURCES := Kbuild $(wildcard module/*.c module/*.h)

all: module userspace

# Each kernel gets its own copy of the sources, so objects of different kernels
# never mix and `make module KDIR=...` for two kernels can run one after the other.
module: $(MODDIR)/schedscope.ko

$(MODDIR)/schedscope.ko: $(MODULE_SOURCES)
	@test -n "$(KRELEASE)" || { echo "no kernel build tree at KDIR=$(KDIR): install linux-headers-<release> or pass KDIR=" >&2; exit 1; }
	@mkdir -p $(MODDIR)/module
	cp Kbuild $(MODDIR)/
	cp module/*.c module/*.h $(MODDIR)/module/
	$(MAKE) -C $(KDIR) M=$(CURDIR)/$(MODDIR) W=1 modules

userspace:
	$(MAKE) -C userspace

check:
	@$(MAKE) -s --no-print-directory -C tests/unit check

checkpatch:
	scripts/checkpatch

# Unit tests, kernel style, the tracers and the workloads on this machine's
# kernel, then the module tests in the VM on every kernel; the last line says
# "N passed, N failed".
test: userspace check checkpatch
	tests/tracers/smoke
	tests/plots/run
	tests/workloads/run
	tests/vm/run-all

# The long repetitions that make test runs short versions of.
soak: userspace
	SCHEDSCOPE_SOAK=1 tests/vm/run-all

clean:
	rm -rf build
	$(MAKE) -C userspace clean
	$(MAKE) -C tests/unit clean

.PHONY: all module userspace check checkpatch test soak clean
