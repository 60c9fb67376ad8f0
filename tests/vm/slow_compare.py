#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""slow_compare.py COMM RUNQSLOWER_OUT SLOW_JSONL: libbpf-tools
`runqslower -P` and `schedscope slow --json` over the same waits of one
process, those of its tasks named COMM.

The two lists are aligned as sequences of waits (the longest common
subsequence where a pair is the same thread and waits within max(250 us,
5%) of each other: runqslower prints each CPU's events in turn, and reads
its clock in its own BPF program at each tracepoint, which under TCG runs
tens to hundreds of microseconds apart from the module's probe), then one
line of `key value` pairs is printed:

  rq N  ss N  matched N  rq_median US  ss_median US  prev_named N  prev_total N

The medians are of the matched waits, as each tool measured them (of all
the waits listed, one wait more or less moves the median of a bimodal
list from one mode to the other).

prev_named: of the matched waits whose previous task runqslower names (the
task switched out as the waiting one ran; not idle), those where schedscope
names it among the tasks that ran meanwhile."""
import json
import statistics
import sys


def runqslower(path, comm):
    waits = []
    for line in open(path):
        f = line.split()
        # TIME COMM TID LAT(us) PREV-COMM PREV-TID
        if len(f) >= 6 and f[1] == comm and f[2].isdigit() and \
                f[3].isdigit() and f[-1].isdigit():
            waits.append((int(f[2]), int(f[3]), int(f[-1])))
    return waits


def schedscope(path, comm):
    waits = []
    for line in open(path):
        o = json.loads(line)
        # runqslower has no throttled wait
        if o["comm"] == comm and o["kind"] != "throttled":
            waits.append((o["tid"], o["wait_us"],
                          {r["tid"] for r in o["ran"]}))
    return waits


def same(r, s):
    return r[0] == s[0] and abs(r[1] - s[1]) <= max(250, 0.05 * max(r[1], s[1]))


def align(rq, ss):
    """The pairs of a longest common subsequence."""
    n, m = len(rq), len(ss)
    best = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            best[i][j] = max(best[i + 1][j], best[i][j + 1],
                             best[i + 1][j + 1] + 1 if same(rq[i], ss[j]) else 0)
    pairs, i, j = [], 0, 0
    while i < n and j < m:
        if same(rq[i], ss[j]) and best[i][j] == best[i + 1][j + 1] + 1:
            pairs.append((rq[i], ss[j]))
            i, j = i + 1, j + 1
        elif best[i + 1][j] >= best[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs


def main():
    comm = sys.argv[1]
    rq, ss = runqslower(sys.argv[2], comm), schedscope(sys.argv[3], comm)
    pairs = align(rq, ss)
    prev = [(r, s) for r, s in pairs if r[2]]
    named = sum(r[2] in s[2] for r, s in prev)
    med = lambda w: int(statistics.median(x[1] for x in w)) if w else 0
    print(f"rq {len(rq)} ss {len(ss)} matched {len(pairs)} "
          f"rq_median {med([r for r, _ in pairs])} "
          f"ss_median {med([s for _, s in pairs])} "
          f"prev_named {named} prev_total {len(prev)}")


main()
