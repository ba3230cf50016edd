#!/usr/bin/env python3
"""Where petflowd's instructions go, counted under valgrind's callgrind; and the budget check.

    python3 benchmarks/profile.py [--binary PATH] [--requests N]
    python3 benchmarks/profile.py --workload latitude|flows|paste [--binary PATH]
    python3 benchmarks/profile.py --budget [--update] [--repeat N] [--binary PATH]

The default workload is the benchmark's pipelined chipNumber `field/format` stream (driver
--scenario stream). Builds a release copy with debug info (-Xswiftc -g, scratch path
.build-prof) unless --binary is given, runs it under callgrind once with 1 request and
once with N, and reports instructions per request ((N-run - 1-run) / (N - 1), so start-up
is left out), split two ways:

- by stage of the keystroke path (inclusive costs of the functions that own each stage);
- by kind of work (exclusive costs, each function put in one category by its name).

`--workload latitude` does the same for `52.2297` typed into a latitude field one key at a
time (`field/edit`), by kind of work only. `--workload flows` counts instructions per
`flow/next` + `flow/back` pair (the benchmark's flow cycle: a chip number on
reportMissingPet's first step, then back), and `--workload paste` per `field/format` of a
1 MiB paste (text and chipNumber, as the benchmark's scaling scenario builds them); both
the total only. Every workload is LSP-framed and described in workloads.py.

`--budget` measures the budget's figures, totals only, on the release binary CI builds
(default .build/release/petflowd, built with `scripts/build`
if missing) and fails when one is more than 3% over benchmarks/budget.json; `--update`
rewrites budget.json with the figures measured. See budget.py.

Every run gets the same environment, argv and input pieces (callgrind.py), so counts
repeat exactly or to a few parts in a hundred thousand. Needs valgrind; the breakdowns
also need callgrind_annotate and `swift demangle`. Python stdlib only.
"""

import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

import budget
import callgrind
import tracepath
import workloads

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(HERE, "out")

# Stages of the keystroke path: (name, a fragment of the function's demangled, simplified name
# whose inclusive cost is it). A function listed several times (inlined into callers, or split
# between its source file and <compiler-generated>) counts at its largest entry.
FUNCTIONS = {
    "loop": "Session.loop(",
    "answerFramed": "Session.answerFramedMessages(",
    "sessionAnswer": "Session.answer(",
    "dispatch": "Dispatcher.dispatch<",
    "parse": "JSONTapeParser.document(",
    "handle": "SessionHandler.handle(",
    "format": "FieldMethods.format(",
    "kindFormat": "FieldKind.format(_:selection:options:context:)",
    "maskScan": "MaskScan.init(",
    "textOffsets": "TextOffsets.",
    "maskLayout": "MaskLayout.init(units:mask:)",
    "write": "JSONWriter.fieldResult(",
}

KINDS = [
    (
        "heap allocation and free",
        r"malloc|_int_free|^free$|cfree|swift_allocObject|swift_slowAlloc|swift_deallocObject|"
        r"swift_deallocClassInstance|swift_slowDealloc|__deallocating_deinit|consumeAndCreateNew|"
        r"allocateBufferUninitialized|reserveCapacity|_createNewBuffer|_swift_release_dealloc|"
        r"init\(repeating|_allocateUninitialized|swift_initStackObject|swift_initStaticObject|"
        r"_SetStorage.allocate|malloc_usable_size",
    ),
    (
        "reference counting, value copies and destroys",
        r"swift_retain|swift_release|doDecrementSlow|bridgeObjectRe|isUniquelyReferenced|"
        r"swift_arrayDestroy|tuple_destroy|outlined (copy|consume|destroy|retain|release)|"
        r"swift_beginAccess|swift_endAccess|^destroy |initializeWithCopy|assignWithCopy|"
        r"swift_arrayInitWithCopy|initializeBufferWithCopyOfBuffer",
    ),
    (
        "hashing, Set and Dictionary",
        r"Hasher|hash\(into|_NativeSet|_NativeDictionary|Set\.|Set<|_SetStorage|Dictionary|"
        r"_HashTable|_nonEmptyArrayLiteral",
    ),
    (
        "runtime generic metadata lookups",
        r"Metadata|instantiateConcreteType|GenericCacheEntry|getCache\(|ConcurrentReadableHashMap",
    ),
    (
        "String creation, comparison and views",
        r"fromUTF8Repairing|_uncheckedFromUTF8|_allASCII|_stringCompare|String\.|_StringGuts|"
        r"_StringObject|Substring|description\.getter|withUTF8|makeContiguousUTF8|_SmallString|"
        r"_BinaryIntegerToASCII|_findStringSwitchCase|String\(",
    ),
    ("libc memcpy/memchr", r"__mem|strlen"),
    (
        "Array and collection plumbing",
        r"Array.*append|append\(contentsOf|removeAll|replaceSubrange|Collection\.|Sequence\.|"
        r"IndexingIterator|EnumeratedSequence|ReversedCollection|_copyContents|"
        r"_copyCollectionToContiguousArray|_stableSortImpl|UnsafeMutableBufferPointer|"
        r"UnsafeBufferPointer",
    ),
    (
        "JSON reading (own code)",
        r"JSONReader|JSONTape|JSONDocument|PlainStringBytes|JSONNumber|DecimalParts",
    ),
    ("JSON writing (own code)", r"JSONWriter"),
    ("PetFlowKit field logic (own code)", r"PetFlowKit|MaskScan|MaskLayout|MaskSanitizer"),
    (
        "transport and framing (own code)",
        r"Framer|PendingOutput|writeAll|Session\.|HeaderBlock|StdioTransport",
    ),
    (
        "dispatch, params, method table (own code)",
        r"Dispatcher|JSONObject|Params|JSONValue|FieldMethods|FieldJSON|PetFlowServer|"
        r"petflowd|JSONRPC",
    ),
]


def build(scratch):
    binary = os.path.join(scratch, "release", "petflowd")
    command = [os.path.join(ROOT, "scripts", "build"), "-Xswiftc", "-g",
               "--scratch-path", scratch, "--product", "petflowd"]
    print("building:", " ".join(command), file=sys.stderr)
    subprocess.run(command, cwd=ROOT, check=True)
    return binary


def release_binary():
    """CI's release binary, built with CI's command when it is missing."""
    import run

    binary = os.path.join(ROOT, ".build", "release", "petflowd")
    run.ensure_binary(binary)
    return binary


def annotate(out_path, inclusive):
    text = subprocess.run(
        ["callgrind_annotate", "--auto=no", "--threshold=100",
         f"--inclusive={'yes' if inclusive else 'no'}", out_path],
        capture_output=True, text=True, check=True).stdout
    rows = []
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*?):(.+?)(?:\s+\[[^\]]*\])?$", line)
        if m and "PROGRAM TOTALS" not in line:
            rows.append((int(m.group(1).replace(",", "")), m.group(2), m.group(3)))
    return rows


def demangle(names):
    result = subprocess.run(["swift", "demangle", "--simplified", "--compact"],
                            input="\n".join(names), capture_output=True, text=True)
    lines = result.stdout.split("\n")
    return lines if len(lines) >= len(names) else names


def totals_only(cg, workload):
    """The flow and paste workloads: the total per request, no breakdown."""
    if workload == "flows":
        pairs = 2000
        print(f"\n{cg.binary}, lsp: flow/next + flow/back, {pairs:,} pairs")
        print(f"instructions per pair: {workloads.flow_pair(cg, pairs):,.0f}")
        return
    print(f"\n{cg.binary}, lsp: field/format of a 1 MiB paste")
    for field in ("text", "chipNumber"):
        per = workloads.paste(cg, field)
        print(f"  {field:11} {per:13,.0f} instructions per request, "
              f"{per / workloads.PASTE_BYTES:5.1f} per byte")


def by_kind(exclusive, n):
    """Exclusive costs per request by kind of work, and the top functions of each kind."""
    names = [sym for _, _, sym in exclusive]
    readable = demangle(names)
    kinds = collections.OrderedDict((k, 0) for k, _ in KINDS)
    kinds["other runtime"] = 0
    top = collections.defaultdict(list)
    for (cost, file, sym), name in zip(exclusive, readable):
        text = f"{name} {sym} {file}"
        for kind, pattern in KINDS:
            if re.search(pattern, text):
                break
        else:
            kind = "other runtime"
        kinds[kind] += cost
        top[kind].append((cost / n, name[:100]))
    return {k: v / n for k, v in kinds.items()}, top


def stages_of(inclusive, n, per_request):
    """The chip keystroke's cost by stage, from the inclusive costs of FUNCTIONS."""
    names = demangle([sym for _, _, sym in inclusive])
    inc = {}
    for key, fragment in FUNCTIONS.items():
        matches = [c for (c, _, _), name in zip(inclusive, names) if fragment in name]
        if not matches:
            print(f"profile.py: no function matches stage {key!r} ({fragment}); "
                  "update FUNCTIONS", file=sys.stderr)
        inc[key] = (max(matches) if matches else 0) / n

    def part(value):
        return max(0.0, value)

    stages = [
        ("read, poll, write (the loop itself)", part(inc["loop"] - inc["answerFramed"])),
        ("framing: cutting messages (Framer)", part(inc["answerFramed"] - inc["sessionAnswer"])),
        ("framing: answer header, output queue", part(inc["sessionAnswer"] - inc["dispatch"])),
        ("JSON parse of the request (token tape)", inc["parse"]),
        ("JSON-RPC envelope: checks, id, result wrapper",
         part(inc["dispatch"] - inc["parse"] - inc["handle"])),
        ("method routing (SessionHandler.handle, Method)", part(inc["handle"] - inc["format"])),
        ("params: field, text, caret, options",
         part(inc["format"] - inc["kindFormat"] - inc["write"])),
        ("PetFlowKit: MaskScan without TextOffsets", part(inc["maskScan"] - inc["textOffsets"])),
        ("PetFlowKit: TextOffsets (offsets, clusters)", inc["textOffsets"]),
        ("PetFlowKit: MaskLayout (display text)", inc["maskLayout"]),
        ("PetFlowKit: the rest of FieldKind.format",
         part(inc["kindFormat"] - inc["maskScan"] - inc["maskLayout"])),
        ("writing the result (JSONWriter.fieldResult)", inc["write"]),
    ]
    accounted = sum(v for _, v in stages)
    stages.append(("other (start-up share, unattributed)", part(per_request - accounted)))
    return stages


def keystrokes(cg, workload, requests, framing, out):
    """A keystroke stream's cost per request, by stage (chip only) and by kind of work."""
    if workload == "format":
        n = workloads.whole_cycles(requests, workloads.CHIP_CYCLE)
        stream = lambda count: workloads.chip_keystrokes(count, framing)
        what = f"{framing}, chipNumber field/format"
    else:
        n = workloads.whole_cycles(requests, len(workloads.LATITUDE_TYPED))
        stream = workloads.latitude_keystrokes
        what = "lsp, latitude field/edit"
    with tempfile.TemporaryDirectory() as tmp:
        big = os.path.join(tmp, "callgrind.out")
        costs = {1: cg.count(stream(1), 1), n: cg.count(stream(n), n, out_file=big)}
        per_request = (costs[n] - costs[1]) / (n - 1)
        inclusive = annotate(big, True)
        exclusive = annotate(big, False)
    stages = stages_of(inclusive, n, per_request) if workload == "format" else []
    kinds, top = by_kind(exclusive, n)
    total_ex = sum(kinds.values())

    print(f"\n{cg.binary}, {what}, {n:,} requests")
    print(f"instructions per request: {per_request:,.0f} (1 request: {costs[1]:,}; "
          f"{n:,}: {costs[n]:,})")
    if stages:
        print("\nby stage (inclusive)                                instr/req      %")
        for name, value in stages:
            print(f"  {name:50} {value:9,.0f}  {100 * value / per_request:5.1f}")
    print("\nby kind of work (exclusive)                         instr/req      %")
    for name, value in sorted(kinds.items(), key=lambda kv: -kv[1]):
        print(f"  {name:50} {value:9,.0f}  {100 * value / total_ex:5.1f}")

    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w") as f:
        json.dump({
            "binary": cg.binary, "workload": workload, "framing": framing, "requests": n,
            "instructions_per_request": per_request, "instructions": costs,
            "stages": dict(stages), "kinds": kinds,
            "top_functions_by_kind": {k: sorted(v, reverse=True)[:10] for k, v in top.items()},
        }, f, indent=1, ensure_ascii=False)
    print(f"\nprofile: {out}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", help="the petflowd to measure (default: a release build "
                        "with -Xswiftc -g; with --budget, .build/release/petflowd)")
    parser.add_argument("--requests", type=int, default=50000)
    parser.add_argument("--framing", choices=("lsp", "ndjson"), default="lsp",
                        help="of the chipNumber stream (the other workloads are LSP)")
    parser.add_argument("--out", default=os.path.join(OUT, "profile.json"))
    parser.add_argument("--workload", choices=("format", "latitude", "flows", "paste"),
                        default="format")
    parser.add_argument("--budget", action="store_true",
                        help="measure the budget's figures and compare them with budget.json")
    parser.add_argument("--update", action="store_true",
                        help="with --budget: write the figures measured into budget.json")
    parser.add_argument("--repeat", type=int, default=1,
                        help="with --budget: measure N times, show the spread, judge the median")
    parser.add_argument("--path", choices=("field/edit", "flow/next"),
                        help="the source files a request of METHOD runs through, traced "
                        "(see tracepath.py)")
    parser.add_argument("--check", metavar="FILE",
                        help="with --path: fail when FILE's traced path differs")
    parser.add_argument("--write", metavar="FILE",
                        help="with --path: write the traced path into FILE")
    args = parser.parse_args()
    if (args.check or args.write) and not args.path:
        parser.error("--check and --write go with --path")
    if (args.update or args.repeat != 1) and not args.budget:
        parser.error("--update and --repeat go with --budget")
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    callgrind.require_valgrind()

    if args.budget:
        sys.exit(budget.main(args.binary or release_binary(), args.update, args.repeat))
    binary = args.binary or build(os.path.join(ROOT, ".build-prof"))
    if args.path:
        with callgrind.Callgrind(binary) as cg:
            path, below, what = tracepath.trace(cg, args.path)
        text = tracepath.markdown(args.path, path, below, what)
        if not (args.check or args.write):
            print(text)
            return
        sys.exit(tracepath.write_or_check(args.check or args.write, args.path, text,
                                          check=bool(args.check)))
    with callgrind.Callgrind(binary) as cg:
        if args.workload in ("flows", "paste"):
            totals_only(cg, args.workload)
        else:
            keystrokes(cg, args.workload, args.requests, args.framing, args.out)


if __name__ == "__main__":
    main()
