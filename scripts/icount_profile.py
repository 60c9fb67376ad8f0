# SPDX-License-Identifier: GPL-2.0
#
# icount_profile.py - the gdb half of scripts/icount-profile: single-steps
# probe calls in a QEMU guest through its gdb stub and says how many
# instructions each call executed and where they went.
#
# Run by scripts/icount-profile as `gdb -batch -nx -x icount_profile.py`,
# with its parameters in the environment:
#   ICP_SOCKET   the gdb stub's Unix socket (scripts/vm-run --gdb)
#   ICP_WORK     the directory the guest wrote kallsyms and sections into
#   ICP_PROBES   comma-separated kernel or module symbols to profile
#   ICP_CPU      the guest CPU whose calls are counted
#   ICP_CALLS    calls of each probe to step through
#   ICP_KO       the module's .ko, for its inlined functions (addr2line)
#   ICP_LINES    how many source lines to list a probe (0: none)
#   ICP_OUT      the file the results are written to (gdb's own stop
#                messages go to its stdout)
#
# A call is counted from the probe's first instruction to the one its
# return lands on, one `stepi` at a time, with the other CPUs stopped
# (scheduler-locking) and QEMU's single-step keeping interrupts and timers
# away: the count is what the call executed, whatever the host does.

import bisect
import collections
import os
import subprocess
import sys

import gdb


def fail(msg):
    sys.stderr.write("icount_profile: %s\n" % msg)
    os._exit(1)


def read_kallsyms(path):
    """Text symbols, sorted: (address, name, module or '')."""
    syms = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) < 3 or parts[1] not in "tTwW":
                continue
            addr = int(parts[0], 16)
            if addr == 0:
                fail("kallsyms has no addresses (kptr_restrict?)")
            mod = parts[3].strip("[]") if len(parts) > 3 else ""
            syms.append((addr, parts[2], mod))
    syms.sort()
    return syms


def read_sections(path):
    """The module's sections: sorted (address, name)."""
    secs = []
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                name, addr = line.split()
                if int(addr, 16):
                    secs.append((int(addr, 16), name))
    secs.sort()
    return secs


class Symbolizer:
    """Names a PC: the module's by addr2line (innermost inlined function
    first), the kernel's by kallsyms."""

    def __init__(self, syms, secs, ko):
        self.syms = syms
        self.addrs = [s[0] for s in syms]
        self.secs = secs
        self.sec_addrs = [a for a, _ in secs]
        self.ko = ko

    def kernel_symbol(self, pc):
        i = bisect.bisect_right(self.addrs, pc) - 1
        return self.syms[i] if i >= 0 else (0, "?", "")

    def chains(self, pcs):
        """pc -> [(function, file:line), ...], innermost first."""
        out = {}
        by_section = collections.defaultdict(list)
        for pc in pcs:
            sym = self.kernel_symbol(pc)
            if sym[2] == "schedscope" and self.secs and self.ko:
                i = bisect.bisect_right(self.sec_addrs, pc) - 1
                if i >= 0:
                    base, name = self.secs[i]
                    by_section[name].append((pc, pc - base))
                    continue
            where = sym[1] + ("" if not sym[2] else " [%s]" % sym[2])
            out[pc] = [(where + ("" if sym[2] else " [kernel]"), "")]
        for name, pairs in by_section.items():
            args = ["addr2line", "-a", "-f", "-i", "-j", name, "-e", self.ko]
            args += ["0x%x" % off for _, off in pairs]
            lines = subprocess.run(args, capture_output=True, text=True,
                                   check=True).stdout.splitlines()
            chains = []
            for line in lines:
                if line.startswith("0x"):
                    chains.append([])
                elif chains and (not chains[-1] or chains[-1][-1][1]):
                    chains[-1].append([line, ""])
                elif chains:
                    chains[-1][-1][1] = os.path.basename(line.split(" ")[0])
            if len(chains) != len(pairs):
                fail("addr2line gave %d answers for %d addresses"
                     % (len(chains), len(pairs)))
            for (pc, _), chain in zip(pairs, chains):
                out[pc] = [tuple(c) for c in chain] or [("?", "")]
        return out


def current_thread_cpu():
    # QEMU's gdb stub: one thread a vCPU, thread id = CPU index + 1
    return gdb.selected_thread().ptid[1] - 1


def step_call(frame):
    """Step one call to its return: the PCs it executed."""
    sp0 = int(frame.read_register("rsp"))
    ret = int.from_bytes(bytes(gdb.selected_inferior().read_memory(sp0, 8)),
                         "little")
    pcs = []
    pc = frame.pc()
    while True:
        pcs.append(pc)
        gdb.execute("stepi", to_string=True)
        f = gdb.newest_frame()
        pc = f.pc()
        if pc == ret and int(f.read_register("rsp")) > sp0:
            return pcs
        if len(pcs) > 200000:
            fail("a call of more than 200000 instructions: lost its return")


def median(v):
    v = sorted(v)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def main():
    work = os.environ["ICP_WORK"]
    probes = [p for p in os.environ["ICP_PROBES"].split(",") if p]
    cpu = int(os.environ.get("ICP_CPU", "1"))
    calls = int(os.environ.get("ICP_CALLS", "20"))
    lines_wanted = int(os.environ.get("ICP_LINES", "0"))
    syms = read_kallsyms(os.path.join(work, "kallsyms"))
    secs = read_sections(os.path.join(work, "sections"))
    by_name = {}
    for addr, name, mod in syms:
        by_name.setdefault(name, addr)
    for p in probes:
        if p not in by_name:
            fail("no symbol %s in the guest's kallsyms" % p)

    gdb.execute("set pagination off")
    gdb.execute("set confirm off")
    gdb.execute("set architecture i386:x86-64", to_string=True)
    gdb.execute("target remote %s" % os.environ["ICP_SOCKET"], to_string=True)
    bps = {}
    for p in probes:
        bp = gdb.Breakpoint("*0x%x" % by_name[p], internal=True)
        bps[by_name[p]] = (p, bp)
    runs = {p: [] for p in probes}
    pc_counts = {p: collections.Counter() for p in probes}
    stops = 0
    while any(len(runs[p]) < calls for p in probes):
        gdb.execute("continue", to_string=True)
        stops += 1
        if stops > 100 * calls * len(probes):
            fail("%d stops without %d calls of each probe on CPU %d"
                 % (stops, calls, cpu))
        frame = gdb.newest_frame()
        hit = bps.get(frame.pc())
        if not hit or current_thread_cpu() != cpu or len(runs[hit[0]]) >= calls:
            continue
        for _, bp in bps.values():
            bp.enabled = False
        gdb.execute("set scheduler-locking on")
        pcs = step_call(frame)
        gdb.execute("set scheduler-locking off")
        for _, bp in bps.values():
            bp.enabled = True
        runs[hit[0]].append(len(pcs))
        pc_counts[hit[0]].update(pcs)
    for _, bp in bps.values():
        bp.delete()
    gdb.execute("detach", to_string=True)

    sym = Symbolizer(syms, secs, os.environ.get("ICP_KO", ""))
    sys.stdout = open(os.environ["ICP_OUT"], "w")
    print("# instructions a call, %d calls of each probe on CPU %d" % (calls, cpu))
    print("# %-34s %6s %8s %8s %8s" % ("probe", "calls", "min", "median", "max"))
    for p in probes:
        print("%-36s %6d %8d %8.0f %8d" % (p, len(runs[p]), min(runs[p]),
                                           median(runs[p]), max(runs[p])))
    for p in probes:
        counts = pc_counts[p]
        chains = sym.chains(counts.keys())
        n = len(runs[p])
        inner = collections.Counter()
        outer = collections.Counter()
        lines = collections.Counter()
        for pc, k in counts.items():
            chain = chains[pc]
            inner[chain[0][0]] += k
            # what the probe itself called (inlined or not)
            outer[chain[-2][0] if len(chain) > 1 else chain[0][0]] += k
            lines["%s %s" % (chain[0][0], chain[0][1])] += k
        print("\n# %s: by what the probe calls, inlined or not (mean a call)" % p)
        for name, k in outer.most_common():
            print("%10.1f  %s" % (k / n, name))
        print("\n# %s: by innermost function (mean a call)" % p)
        for name, k in inner.most_common():
            print("%10.1f  %s" % (k / n, name))
        if lines_wanted:
            print("\n# %s: the %d busiest source lines (mean a call)"
                  % (p, lines_wanted))
            for name, k in lines.most_common(lines_wanted):
                print("%10.1f  %s" % (k / n, name))


try:
    main()
except gdb.error as e:
    fail(str(e))
sys.stdout.flush()
os._exit(0)
