"""The instruction budget: a few figures, measured quickly, each held to benchmarks/budget.json.

    python3 benchmarks/profile.py --budget [--binary PATH] [--update] [--repeat N]

Measures every figure of FIGURES (instructions per request, start-up left out: see
workloads.py) on a release binary and compares it with its line in budget.json. A figure
more than TOLERANCE over its budget fails the check (exit status 1); every figure is
printed with its budget and the ratio, pass or fail. `--update` writes the figures just
measured into budget.json instead, with the commit and date, after a speed-up or a change
that is worth its cost. `--repeat N` measures N times, prints every run and the spread,
and judges (or writes) the median.

Python standard library only.
"""

import datetime
import json
import os
import statistics
import subprocess
import sys

import callgrind
import workloads

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BUDGET_FILE = os.path.join(HERE, "budget.json")
TOLERANCE = 0.03

# (key in budget.json, what it is, how it is measured). These counts keep the whole check to
# about 7 s on the 2-core machine of BENCHMARKS.md, and every figure repeats from run to run
# to within 0.005%. A figure depends a little on its count (a run's one-time costs, and how
# many answers one read collects): the keystrokes lie within 0.05% of a 50,000-request
# profile, a flow pair 0.5% above the 2,000 pairs of `--workload flows`. So the counts are
# fixed here; change one only together with every figure in budget.json (--update).
FIGURES = [
    ("chipKeystroke", "chip-number keystroke (field/format), per request",
     lambda cg: workloads.chip_keystroke(cg, 16001)),
    ("latitudeKeystroke", "latitude keystroke (field/edit), per request",
     lambda cg: workloads.latitude_keystroke(cg, 14001)),
    ("flowPair", "flow/next + flow/back, per pair",
     lambda cg: workloads.flow_pair(cg, 1001)),
    # The same pair on a step that branches (a copy of reportMissingPet whose first step goes
    # on by a condition): its line is the flow pair's own, so that branching, the path and the
    # progress worked out from the values, stays within the flow pair's 3%.
    ("branchingFlowPair", "flow/next + flow/back on a step that branches, per pair",
     lambda cg: workloads.branching_flow_pair(cg, 1001)),
    ("pasteText", "field/format of a 1 MiB paste, text",
     lambda cg: workloads.paste(cg, "text")),
    ("pasteChipNumber", "field/format of a 1 MiB paste, chipNumber",
     lambda cg: workloads.paste(cg, "chipNumber")),
]


def measure(binary, repeat):
    """Every figure, `repeat` times: {key: [figure of each run]}."""
    runs = {key: [] for key, _, _ in FIGURES}
    with callgrind.Callgrind(binary) as cg:
        for _ in range(repeat):
            for key, _, figure in FIGURES:
                runs[key].append(figure(cg))
    return runs


def load():
    try:
        with open(BUDGET_FILE) as f:
            return json.load(f)
    except (OSError, ValueError) as error:
        sys.exit(f"budget: cannot read {BUDGET_FILE}: {error}")


def print_runs(runs):
    print("\nrun by run (instructions per request):")
    for key, what, _ in FIGURES:
        values = runs[key]
        spread = (max(values) - min(values)) / min(values)
        listed = ", ".join(f"{v:,.1f}" for v in values)
        print(f"  {key:18} {listed}   spread {100 * spread:.3f}%")


def check(figures, budget):
    """Prints every figure beside its budget; answers whether all are within TOLERANCE."""
    limits = budget.get("budget", {})
    print(f"\n{'figure':18} {'measured':>12} {'budget':>12} {'ratio':>7}  result "
          f"(fails above {1 + TOLERANCE:.2f})")
    passed = True
    for key, what, _ in FIGURES:
        value = figures[key]
        limit = limits.get(key)
        if not isinstance(limit, (int, float)) or limit <= 0:
            print(f"{key:18} {value:12,.0f} {'(none)':>12} {'':>7}  FAIL: no budget for it in "
                  f"{os.path.relpath(BUDGET_FILE, ROOT)}   {what}")
            passed = False
            continue
        ratio = value / limit
        verdict = "pass" if ratio <= 1 + TOLERANCE else "FAIL"
        passed = passed and verdict == "pass"
        print(f"{key:18} {value:12,.0f} {limit:12,.0f} {ratio:7.3f}  {verdict}   {what}")
    measured = budget.get("measured", {})
    print(f"\nbudget measured at {measured.get('commit', '?')} on {measured.get('date', '?')}")
    if not passed:
        print("over budget: make the change cheaper, or, if it is worth its cost, raise the "
              "budget in a commit that says why (--update writes today's figures)")
    elif any(figures[k] < limits[k] * (1 - TOLERANCE) for k, _, _ in FIGURES):
        print("a figure is more than 3% under its budget: lower it with --update")
    return passed


def commit():
    """The last commit that changed the daemon's code, marked when Sources/ holds uncommitted
    changes: what the figures are of (a commit that only touches benchmarks/ is not)."""
    def git(*arguments):
        return subprocess.run(["git", *arguments], cwd=ROOT, capture_output=True,
                              text=True).stdout.strip()
    code = ("Sources", "Package.swift")
    last = git("log", "-1", "--format=%h", "--", *code) or "unknown"
    return last + (" with uncommitted changes" if git("status", "--porcelain", *code) else "")


def update(figures, budget):
    budget["measured"] = {
        "commit": commit(),
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
    }
    budget["budget"] = {key: round(figures[key]) for key, _, _ in FIGURES}
    # Branching is held to the flow pair's line, not to its own figure.
    budget["budget"]["branchingFlowPair"] = budget["budget"]["flowPair"]
    with open(BUDGET_FILE, "w") as f:
        json.dump(budget, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print(f"\nwrote {os.path.relpath(BUDGET_FILE, ROOT)}:")
    for key, _, _ in FIGURES:
        print(f'    "{key}": {budget["budget"][key]},')


def main(binary, update_file, repeat):
    callgrind.require_valgrind()
    budget = load()
    runs = measure(binary, repeat)
    figures = {key: statistics.median(values) for key, values in runs.items()}
    print(f"{binary}: instructions per request under callgrind, LSP framing")
    if repeat > 1:
        print_runs(runs)
    if update_file:
        update(figures, budget)
        return 0
    return 0 if check(figures, budget) else 1
