#!/usr/bin/env python3
"""Writes the largest flow file petflowd checks in full, and times `petflowd check-flows` on it.

    python3 benchmarks/largest_flow.py [--binary PATH] [--out FILE] [--runs N]

The file is at every limit the checker's last pass cares about (protocol.md, "Flow files"): 64
steps, 256 fields, each step's `next` with 64 tested values in conditions nested 8 deep, and 6
optional choices of three options, each compared, so four values each (yes, no, maybe, none),
kept apart from the 7th step to the last: 4^6 = 4,096 combinations, the limit, carried through
57 steps. Its form
and references are sound, so all three passes run; texts are padded towards the 1 MiB limit.
The figure goes in BENCHMARKS.md ("Flow files"). Python standard library only.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

STEPS = 64
TESTED = 6
PADDING = 1300  # characters of each label's text: about 1 MiB in all


def text(name):
    return {"en": name + " " + "x" * PADDING, "pl": name + " " + "y" * PADDING}


def condition(depth):
    """Every tested answer compared, `depth` combinators deep (the tests one level more: the
    limit of 8); 64 tested values in all."""
    tests = [{"field": f"a{i}", "in": ["yes", "no", "maybe"]} for i in range(TESTED)]
    tests += [{"field": f"a{i % TESTED}", "equals": "yes"} for i in range(64 - 3 * TESTED)]
    inner = {"any": tests}
    for level in range(depth - 1):
        inner = {"not": inner} if level % 2 else {"all": [inner]}
    return inner


def flow():
    steps = []
    fields_left = 256
    for index in range(STEPS - 1):
        fields = []
        if index < TESTED:
            fields.append({"id": f"a{index}", "kind": "choice", "label": text("A"),
                           "options": [{"id": o, "label": text(o)} for o in ("yes", "no", "maybe")]})
        per_step = 4 if index < 62 else fields_left
        while len(fields) < per_step and fields_left - len(fields) > 0:
            fields.append({"id": f"t{index}_{len(fields)}", "kind": "text", "label": text("T")})
        fields_left -= len(fields)
        step = {"id": f"s{index}", "title": text("S"), "fields": fields}
        if TESTED <= index < STEPS - 2:
            step["next"] = [{"when": condition(7), "goto": f"s{index + 1}"}, {"goto": f"s{index + 1}"}]
        steps.append(step)
    steps.append({"id": "end", "kind": "summary", "title": text("E")})
    payload = {f["id"]: f["id"] for s in steps for f in s.get("fields", [])}
    return {"formatVersion": 1, "id": "largest", "version": 1, "title": text("L"),
            "steps": steps, "payload": payload}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "petflowd"))
    parser.add_argument("--out", default=os.path.join(HERE, "out", "largest-flow.json"))
    parser.add_argument("--runs", type=int, default=7)
    arguments = parser.parse_args()
    os.makedirs(os.path.dirname(arguments.out), exist_ok=True)
    with open(arguments.out, "w") as f:
        json.dump(flow(), f, ensure_ascii=False)
    size = os.path.getsize(arguments.out)
    times, output = [], ""
    for _ in range(arguments.runs):
        started = time.monotonic()
        run = subprocess.run([arguments.binary, "check-flows", arguments.out],
                             capture_output=True, text=True)
        times.append(time.monotonic() - started)
        output = run.stdout + run.stderr
    lines = output.splitlines()
    rules = sorted({line.split(": ")[1] for line in lines if ": " in line})
    print(f"{arguments.out}: {size:,} bytes, {STEPS} steps, 256 fields")
    print(f"check-flows: median {statistics.median(times) * 1000:.0f} ms, "
          f"max {max(times) * 1000:.0f} ms over {arguments.runs} runs; "
          f"{len(lines)} problem lines ({', '.join(rules) or 'none'})")
    if max(times) > 1:
        sys.exit("over the one-second limit")


if __name__ == "__main__":
    main()
