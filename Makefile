# SPDX-License-Identifier: GPL-2.0
#
# make                      userspace + module for KDIR (default: the running kernel);
#                           without a kernel build tree there, userspace only and
#                           a line saying what the module needs
# make module KDIR=DIR      module only, built in build/<kernel release>/
# make userspace            the CLI, workloads and test helpers
# make check                unit tests of the userspace code
# make checkpatch           the kernel's checkpatch.pl on the module
# make test                 unit tests, then the module tests in the VM on every kernel,
#                           then the packages (tests/install/run, as root)
# make soak                 the module tests' long versions (50 load/unload cycles, ...)
# make install              the CLI, workloads, tracers, man page and docs under
#                           DESTDIR/PREFIX (default /usr/local)
# make install-dkms         the module's sources under DESTDIR/usr/src for DKMS
# make uninstall            removes what install (and install-dkms) put there

KDIR ?= /lib/modules/$(shell uname -r)/build
# UTS_RELEASE is what `uname -r` prints on that kernel (Debian's 6.1 headers
# say 6.1.NNN in kernel.release but the kernel runs as 6.1.0-NN-amd64).
KRELEASE := $(shell sed -n 's/^\#define UTS_RELEASE "\(.*\)"$$/\1/p' \
		$(KDIR)/include/generated/utsrelease.h 2>/dev/null)
MODDIR := build/$(or $(KRELEASE),unknown)
MODULE_SOURCES := Kbuild $(wildcard module/*.c module/*.h)

# The tools need no kernel headers: without a build tree at KDIR, `make` builds
# them and says what the module needs (`make module` fails there instead).
ifneq ($(KRELEASE),)
all: module userspace
else
all: userspace
	@echo "make: tools built in build/bin; module not built: no kernel build tree at KDIR=$(KDIR) (install linux-headers-$$(uname -r), or pass KDIR=)" >&2
endif

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

# the test binaries (one compiler run each, under the sanitizers) built side
# by side
check:
	@$(MAKE) -s --no-print-directory -j$(shell nproc) -C tests/unit check

checkpatch:
	scripts/checkpatch

# Unit tests, kernel style, the tracers and the workloads on this machine's
# kernel, then the module tests in the VM on every kernel, vm-run's own
# checks on the newest, a sweep on two kernels in one report, Debian's 6.12
# image .deb booted as your own kernel package, then the
# packages installed, their DKMS module used in the VM, and purged (as root);
# the last line says "N passed, N failed".
test: userspace check checkpatch
	tests/tracers/smoke
	tests/plots/run
	tests/workloads/run
	tests/vm/run-all
	tests/vm/harness-selftest $$(scripts/kernels.sh list | tail -n 1)
	tests/vm/two-kernels
	tests/vm/kernel-deb
	tests/install/run

# The long repetitions that make test runs short versions of.
soak: userspace
	SCHEDSCOPE_SOAK=1 tests/vm/run-all
	tests/vm/harness-selftest

clean:
	rm -rf build
	$(MAKE) -C userspace clean
	$(MAKE) -C tests/unit clean

# The version of the CLI, the module's DKMS tree and the packages.
VERSION := $(shell sed -n 's/^\#define SCHEDSCOPE_VERSION.*"\(.*\)"$$/\1/p' \
		userspace/cmd/commands.c)
PREFIX ?= /usr/local
SBINDIR := $(PREFIX)/sbin
LIBEXECDIR := $(PREFIX)/libexec/schedscope
TRACERDIR := $(PREFIX)/share/schedscope/tracers
RTAPPDIR := $(PREFIX)/share/schedscope/rt-app
MAN8DIR := $(PREFIX)/share/man/man8
DOCDIR := $(PREFIX)/share/doc/schedscope
DKMSDIR := /usr/src/schedscope-$(VERSION)
# systemd units, where the tree has them (systemd/ or userspace/)
SYSTEMDUNITDIR ?= $(PREFIX)/lib/systemd/system
UNITS := $(wildcard systemd/*.service systemd/*.timer userspace/*.service \
	userspace/*.timer)
SS_SRC := userspace/
include userspace/sources.mk
TRACERS := $(notdir $(wildcard tracers/*.bt)) cfs_rq_layout
TRACER_HEADERS := $(notdir $(wildcard tracers/cfs_rq/*.h))
# README.md and docs/ as in the tree, so that README's links work there too.
DOCS := README.md $(wildcard docs/*.md docs/*.png)
RTAPP_CONFIGS := $(notdir $(wildcard share/rt-app/*.json))
DKMS_FILES := dkms.conf Kbuild $(wildcard module/*.c module/*.h)

install: userspace
	install -d $(DESTDIR)$(SBINDIR) $(DESTDIR)$(LIBEXECDIR) \
		$(DESTDIR)$(TRACERDIR)/cfs_rq $(DESTDIR)$(MAN8DIR) $(DESTDIR)$(DOCDIR)/docs \
		$(DESTDIR)$(RTAPPDIR)
	install -m 755 build/bin/schedscope $(DESTDIR)$(SBINDIR)/
	install -m 755 $(addprefix build/bin/,$(WORKLOADS)) $(DESTDIR)$(LIBEXECDIR)/
	install -m 755 $(addprefix tracers/,$(TRACERS)) $(DESTDIR)$(TRACERDIR)/
	install -m 644 $(addprefix tracers/cfs_rq/,$(TRACER_HEADERS)) \
		$(DESTDIR)$(TRACERDIR)/cfs_rq/
	install -m 644 userspace/schedscope.8 $(DESTDIR)$(MAN8DIR)/
	install -m 644 $(addprefix share/rt-app/,$(RTAPP_CONFIGS)) $(DESTDIR)$(RTAPPDIR)/
	install -m 644 README.md $(DESTDIR)$(DOCDIR)/
	install -m 644 $(filter docs/%,$(DOCS)) $(DESTDIR)$(DOCDIR)/docs/
ifneq ($(UNITS),)
	install -d $(DESTDIR)$(SYSTEMDUNITDIR)
	for u in $(UNITS); do \
		sed 's|/usr/sbin/schedscope|$(SBINDIR)/schedscope|' $$u > \
			$(DESTDIR)$(SYSTEMDUNITDIR)/$${u##*/} && \
		chmod 644 $(DESTDIR)$(SYSTEMDUNITDIR)/$${u##*/} || exit 1; \
	done
endif

# DKMS builds from here for every kernel: dkms add/build/install
# schedscope/$(VERSION) (README.md, Install).
install-dkms:
	install -d $(DESTDIR)$(DKMSDIR)/module
	sed 's/#MODULE_VERSION#/$(VERSION)/' dkms.conf > $(DESTDIR)$(DKMSDIR)/dkms.conf
	install -m 644 Kbuild $(DESTDIR)$(DKMSDIR)/
	install -m 644 module/*.c module/*.h $(DESTDIR)$(DKMSDIR)/module/

# Only the files install and install-dkms put there, then the directories
# of ours they leave empty.
uninstall:
	rm -f $(DESTDIR)$(SBINDIR)/schedscope \
		$(addprefix $(DESTDIR)$(LIBEXECDIR)/,$(WORKLOADS)) \
		$(addprefix $(DESTDIR)$(TRACERDIR)/,$(TRACERS)) \
		$(addprefix $(DESTDIR)$(TRACERDIR)/cfs_rq/,$(TRACER_HEADERS)) \
		$(DESTDIR)$(MAN8DIR)/schedscope.8 \
		$(addprefix $(DESTDIR)$(RTAPPDIR)/,$(RTAPP_CONFIGS)) \
		$(addprefix $(DESTDIR)$(DOCDIR)/,$(DOCS)) \
		$(addprefix $(DESTDIR)$(DKMSDIR)/,$(DKMS_FILES)) \
		$(addprefix $(DESTDIR)$(SYSTEMDUNITDIR)/,$(notdir $(UNITS)))
	rmdir $(DESTDIR)$(LIBEXECDIR) $(DESTDIR)$(TRACERDIR)/cfs_rq \
		$(DESTDIR)$(TRACERDIR) $(DESTDIR)$(RTAPPDIR) \
		$(DESTDIR)$(PREFIX)/share/schedscope \
		$(DESTDIR)$(DOCDIR)/docs $(DESTDIR)$(DOCDIR) $(DESTDIR)$(DKMSDIR)/module \
		$(DESTDIR)$(DKMSDIR) 2>/dev/null || true
	[ -z "$(DESTDIR)" ] || { cd $(DESTDIR)/ && rmdir -p $(patsubst /%,%, \
		$(SBINDIR) $(PREFIX)/share/doc $(MAN8DIR) $(PREFIX)/libexec \
		$(SYSTEMDUNITDIR) $(dir $(DKMSDIR))) 2>/dev/null || true; }

.PHONY: all module userspace check checkpatch test soak clean install \
	install-dkms uninstall
