#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""
Checks a .dat file that `schedscope plot` wrote against the sweep result
directory it was drawn from: the numbers python works out from the run files
(sweep.json and runs/*.json, docs/sweep.md) must be the ones in the file.

    check_plot_data.py CHART SWEEP_DIR DAT

CHART is one of wakeup_latency_cdf, lag_pick, switches_by_cause, cpu_share,
seconds, wakeup_decisions, tool_metrics and group_share. Prints what differs
first and exits 1; prints nothing and exits 0 when the file is right. Called
by tests/plots/run.
"""
import json
import math
import os
import shlex
import sys

# the module's wakeup decision classes and their labels (kmod/decision_classes.c)
DECISIONS = [
    ("wakeup_preempt_pick", "preempted: won the pick"),
    ("wakeup_preempt_short", "preempted: shorter slice"),
    ("wakeup_preempt_sched_idle", "preempted: SCHED_IDLE running"),
    ("wakeup_preempt_idle_cpu", "preempted: idle CPU"),
    ("wakeup_decline_pending", "declined: resched pending"),
    ("wakeup_decline_feature_off", "declined: feature off"),
    ("wakeup_decline_not_fair", "declined: running not fair"),
    ("wakeup_decline_policy", "declined: BATCH/IDLE wakee"),
    ("wakeup_decline_ineligible", "declined: not eligible"),
    ("wakeup_decline_protected", "declined: protected"),
    ("wakeup_decline_deadline", "declined: later deadline"),
    ("wakeup_undecided", "undecided"),
    ("wakeup_unexplained", "unexplained"),
]

# no picks_ineligible: a task switched in was picked eligible (only the
# running one keeps the CPU ineligible, under its protection: no switch),
# so the chart only ever showed it empty
CAUSES = ["switches_voluntary", "switches_involuntary", "wakeup_preemptions",
          "preempted_by_wakeup", "dequeues_delayed", "migrations"]


def die(msg):
    print(msg)
    sys.exit(1)


def load(sweep_dir):
    sweep = json.load(open(os.path.join(sweep_dir, "sweep.json")))
    runs = [json.load(open(os.path.join(sweep_dir, r))) for r in sweep["runs"]]
    runs = [r for r in runs if r["exit_status"] == 0]
    runs.sort(key=lambda r: (r["setting_index"], r["repetition"]))
    return [s["name"] for s in sweep["settings"]], runs


def rows(path):
    """The data lines of a .dat file, split into blocks."""
    blocks, cur, blank = [], [], 0
    for line in open(path):
        line = line.rstrip("\n")
        if not line:
            blank += 1
            continue
        if blank >= 2 and cur:
            blocks.append(cur)
            cur = []
        blank = 0
        if not line.startswith("#"):
            cur.append(shlex.split(line))
    if cur:
        blocks.append(cur)
    return blocks


def same(got, want, where):
    if want is None:
        if got != "-":
            die("%s: %s, want -" % (where, got))
        return
    g = float(got)
    if not math.isclose(g, want, rel_tol=1e-9, abs_tol=1e-12):
        die("%s: %s, want %r" % (where, got, want))


def hist(runs, s, name):
    buckets = {}
    for r in runs:
        if r["setting_index"] != s or not r["module"]:
            continue
        for h in r["module"]["hists"]:
            if h["file"] != name:
                continue
            for b in h["buckets"]:
                lo = b["lo"]
                c = buckets.get(lo, (b["hi"], 0))[1]
                buckets[lo] = (b["hi"], c + b["count"])
    return [(lo, hi, c) for lo, (hi, c) in sorted(buckets.items())]


def cdf(sweep_dir, dat):
    settings, runs = load(sweep_dir)
    blocks = rows(dat)
    want_blocks = 0
    for s in range(len(settings)):
        h = hist(runs, s, "wakeup_lat")
        total = sum(c for _, _, c in h)
        if not total:
            continue
        if want_blocks >= len(blocks):
            die("%s: no block for setting %s" % (dat, settings[s]))
        block = blocks[want_blocks]
        want_blocks += 1
        if len(block) != len(h):
            die("%s: setting %s: %d rows, want %d" %
                (dat, settings[s], len(block), len(h)))
        cum = 0
        for row, (lo, hi, c) in zip(block, h):
            cum += c
            where = "%s: %s bucket %s" % (dat, settings[s], lo)
            for got, want in zip(row, (lo / 1000, hi / 1000, (hi + 1) / 1000,
                                       c, cum, cum / total)):
                same(got, want, where)
        if float(block[-1][5]) != 1.0:
            die("%s: %s: CDF ends at %s" % (dat, settings[s], block[-1][5]))
    if want_blocks != len(blocks):
        die("%s: %d blocks, want %d" % (dat, len(blocks), want_blocks))


def lag(sweep_dir, dat):
    settings, runs = load(sweep_dir)
    per = [dict((lo, c) for lo, _, c in hist(runs, s, "lag_pick"))
           for s in range(len(settings))]
    los = sorted(set(lo for p in per for lo in p))
    (block,) = rows(dat)
    if [float(r[1]) for r in block] != [float(lo) for lo in los]:
        die("%s: buckets %s, want %s" % (dat, [r[1] for r in block], los))
    for row, lo in zip(block, los):
        for s, p in enumerate(per):
            total = sum(p.values())
            n = p.get(lo, 0)
            where = "%s: %s bucket %s" % (dat, settings[s], lo)
            same(row[3 + 2 * s], n / total if total else None, where)
            same(row[4 + 2 * s], n if total else None, where)


def stats(values):
    if not values:
        return [None, None, None, 0]
    return [sum(values) / len(values), min(values), max(values), len(values)]


def bars(dat, settings, want_rows):
    (block,) = rows(dat)
    if [r[0] for r in block] != [name for name, _ in want_rows]:
        die("%s: rows %s, want %s" %
            (dat, [r[0] for r in block], [n for n, _ in want_rows]))
    for row, (name, per_setting) in zip(block, want_rows):
        for s, values in enumerate(per_setting):
            for i, want in enumerate(stats(values)):
                same(row[1 + 4 * s + i], want,
                     "%s: %s %s column %d" % (dat, name, settings[s], i))


def switches(sweep_dir, dat):
    settings, runs = load(sweep_dir)
    want = []
    for cause in CAUSES:
        per = [[r["module"]["stats"][cause] for r in runs
                if r["setting_index"] == s and r["module"] and
                cause in r["module"]["stats"]] for s in range(len(settings))]
        if any(per):
            want.append((cause, per))
    bars(dat, settings, want)


def decisions(sweep_dir, dat):
    settings, runs = load(sweep_dir)
    want = []
    for key, label in DECISIONS:
        per = [[100 * r["module"]["stats"][key] /
                r["module"]["stats"]["wakeup_decisions"] for r in runs
                if r["setting_index"] == s and r["module"] and
                r["module"]["stats"].get("wakeup_decisions")]
               for s in range(len(settings))]
        if any(v > 0 for p in per for v in p):
            want.append((label, per))
    bars(dat, settings, want)


def share(sweep_dir, dat):
    settings, runs = load(sweep_dir)
    order, values = [], {}
    for r in runs:
        for t in r["workload"]["tables"]:
            if "task" not in t["columns"] or "cpu_share" not in t["columns"]:
                continue
            ti, si = t["columns"].index("task"), t["columns"].index("cpu_share")
            for row in t["rows"]:
                task = str(row[ti])
                if task not in values:
                    order.append(task)
                    values[task] = [[] for _ in settings]
                values[task][r["setting_index"]].append(row[si])
    bars(dat, settings, [(t, values[t]) for t in order])


def group_share(sweep_dir, dat):
    settings, runs = load(sweep_dir)
    names = [g["name"] for g in
             json.load(open(os.path.join(sweep_dir, "sweep.json")))["groups"]]
    values = {n: [[] for _ in settings] for n in names}
    for r in runs:
        for g in r["groups"]:
            values[g["name"]][r["setting_index"]].append(g["share_of_cpus"])
    bars(dat, settings, [(n, values[n]) for n in names])


def run_seconds(r):
    """The workload's own seconds, else the run's wall-clock time."""
    for t in r["workload"]["tables"]:
        if t["columns"][0] == "seconds":
            return t["rows"][0][0]
    return r["elapsed_s"]


def tools(sweep_dir, dat):
    """Each number of the tool tables over the first setting's mean."""
    settings, runs = load(sweep_dir)
    order, values, most = [], {}, {}
    for r in runs:
        for t in r["workload"]["tables"]:
            if "tool" not in t or "lo_us" in t["columns"]:
                continue
            for i, row in enumerate(t["rows"]):
                label = row[0] if isinstance(row[0], str) else ""
                if i > 0 and not label:
                    break
                for c, v in zip(t["columns"], row):
                    if c == "seconds" or isinstance(v, str):
                        continue
                    name = "%s: %s%s" % (t["tool"], c,
                                         "[%s]" % label if label else "")
                    if name not in values:
                        order.append(name)
                        values[name] = [[] for _ in settings]
                    values[name][r["setting_index"]].append(v)
                    # per-task tables (more than 4 labelled rows) stay out
                    if label:
                        most[name] = max(most.get(name, 0), len(t["rows"]))
    want = []
    for name in order:
        if most.get(name, 0) > 4:
            continue
        base = values[name][0]
        if not base or sum(base) == 0:
            continue
        mean = sum(base) / len(base)
        want.append((name, [[v / mean for v in vs] for vs in values[name]]))
    bars(dat, settings, want)


def seconds(sweep_dir, dat):
    settings, runs = load(sweep_dir)
    means, each = rows(dat)
    for s, name in enumerate(settings):
        if means[s][:2] != [str(s), name]:
            die("%s: row %s, want %d %s" % (dat, means[s][:2], s, name))
        values = [run_seconds(r) for r in runs if r["setting_index"] == s]
        for i, want in enumerate(stats(values)):
            same(means[s][2 + i], want, "%s: %s column %d" % (dat, name, i))
    want = [(r["setting_index"], r["repetition"], run_seconds(r))
            for r in runs]
    if [(int(a), int(b), float(c)) for a, b, c in each] != want:
        die("%s: runs %s, want %s" % (dat, each, want))


CHECKS = {
    "wakeup_latency_cdf": cdf,
    "lag_pick": lag,
    "switches_by_cause": switches,
    "cpu_share": share,
    "seconds": seconds,
    "wakeup_decisions": decisions,
    "tool_metrics": tools,
    "group_share": group_share,
}

if len(sys.argv) != 4 or sys.argv[1] not in CHECKS:
    die("usage: check_plot_data.py %s SWEEP_DIR DAT" % "|".join(CHECKS))
CHECKS[sys.argv[1]](sys.argv[2], sys.argv[3])
