#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""
Writes the broken sweep results that `schedscope plot` must refuse, for the
error checks of tests/plots/run.

    break_fixture.py no-runs SWEEP_JSON OUT_JSON
        OUT_JSON: SWEEP_JSON with no runs, marked not complete.
    break_fixture.py bad-count RUN_JSON
        RUN_JSON rewritten with the first bucket of its second histogram
        counting "many", not a number.
"""
import json
import sys


def no_runs(sweep_json, out_json):
    s = json.load(open(sweep_json))
    s["runs"] = []
    s["complete"] = False
    json.dump(s, open(out_json, "w"))


def bad_count(run_json):
    r = json.load(open(run_json))
    r["module"]["hists"][1]["buckets"][0]["count"] = "many"
    json.dump(r, open(run_json, "w"))


if len(sys.argv) == 4 and sys.argv[1] == "no-runs":
    no_runs(sys.argv[2], sys.argv[3])
elif len(sys.argv) == 3 and sys.argv[1] == "bad-count":
    bad_count(sys.argv[2])
else:
    sys.exit("usage: break_fixture.py no-runs SWEEP_JSON OUT_JSON"
             " | bad-count RUN_JSON")
