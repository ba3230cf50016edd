#!/usr/bin/env python3
"""Where petflowd's instructions go on the pipelined chipNumber field/format workload.

    python3 benchmarks/profile.py [--binary PATH] [--requests N] [--framing lsp|ndjson]
    python3 benchmarks/profile.py --workload flows|paste [--binary PATH]

Builds a release copy with debug info (-Xswiftc -g, scratch path .build-prof) unless
--binary is given, feeds it the benchmark's own request stream (driver --scenario stream)
under valgrind's callgrind, once with 1 request and once with N, and reports instructions
per request ((N-run - 1-run) / (N - 1), so start-up is left out), split two ways:

- by stage of the keystroke path (inclusive costs of the functions that own each stage);
- by kind of work (exclusive costs, each function put in one category by its name).

`--workload flows` counts instructions per `flow/next` + `flow/back` pair (the benchmark's
flow cycle: a chip number on reportMissingPet's first step, then back), and `--workload
paste` per `field/format` of a 1 MiB paste (text and chipNumber, as the benchmark's
scaling scenario builds them); both with LSP framing and the total only.

Instruction counts are repeatable to a few parts in a thousand, unlike times on a shared
machine. Needs valgrind, callgrind_annotate and `swift demangle`. Python stdlib only.
"""

import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(HERE, "out")

# Stages of the keystroke path: (name, [mangled-name fragments whose inclusive cost is it]).
# Each name is matched in callgrind_annotate's inclusive listing; a function split across
# several entries (source file and <compiler-generated>) counts at its largest entry.
FUNCTIONS = {
    "loop": "Session33_85700E1463EA592D29B1C71F1CF235D6LLV4loop",
    "answerFramed": "Session33_85700E1463EA592D29B1C71F1CF235D6LLV20answerFramedMessages",
    "sessionAnswer": "Session33_85700E1463EA592D29B1C71F1CF235D6LLV6answer_7handler",
    "dispatch": "DispatcherV8dispatch_2to6writer",
    "parse": "JSONTapeV5parse_8maxDepth",
    "handle": "PetFlowServerV6handle_6result",
    "format": "12FieldMethodsO6formatyy",
    "reading": "ParamsV7readingyACSays12StaticString",
    "kindFormat": "FieldKindO6format_9selection7options7context",
    "maskScan": "MaskScanV_9selection5rules8encoding",
    "textOffsets": "TextOffsetsV10boundaries10atOrBefore",
    "maskLayout": "MaskLayoutV5units5rules",
    "write": "12FieldMethodsO5write_6locale2to",
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
        r"Framer|FrameEncoder|PendingOutput|Session\.|HeaderBlock|StdioTransport",
    ),
    (
        "dispatch, params, method table (own code)",
        r"Dispatcher|JSONObject|Params|JSONValue|FieldMethods|FieldJSON|PetFlowServer|"
        r"MethodTable|petflowd|JSONRPC",
    ),
]


def sh(command, **kwargs):
    return subprocess.run(command, check=True, **kwargs)


def build(scratch):
    binary = os.path.join(scratch, "release", "petflowd")
    command = ["swift", "build", "-c", "release", "--static-swift-stdlib", "-Xswiftc", "-g",
               "--scratch-path", scratch, "--product", "petflowd"]
    print("building:", " ".join(command), file=sys.stderr)
    sh(command, cwd=ROOT)
    return binary


def driver():
    path = os.path.join(OUT, "bin", "driver")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    sys.path.insert(0, HERE)
    import run  # the benchmark's own compiler discovery

    return run.compile_tools(run.find_compiler())["driver"]


def callgrind(binary, stream_path, out_path):
    with open(stream_path, "rb") as stream:
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_path}", binary],
            stdin=stream, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    match = re.search(r"Collected : (\d+)", result.stderr)
    if not match:
        sys.exit(f"profile.py: callgrind failed:\n{result.stderr}")
    return int(match.group(1))


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


def lsp(body):
    data = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


def read_answer(stream):
    length = None
    while True:
        line = stream.readline()
        if not line:
            sys.exit("profile.py: petflowd ended before answering")
        if line in (b"\r\n", b"\n"):
            break
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    return json.loads(stream.read(length))


def callgrind_session(binary, out_path, first, rest):
    """Runs petflowd under callgrind, sends `first`, then `rest(answer)`; answers the count."""
    process = subprocess.Popen(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_path}", binary],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdin.write(lsp(first))
    process.stdin.flush()
    answer = read_answer(process.stdout)
    process.stdin.write(b"".join(lsp(message) for message in rest(answer)))
    process.stdin.close()
    process.stdout.read()
    stderr = process.stderr.read().decode()
    process.wait()
    match = re.search(r"Collected : (\d+)", stderr)
    if not match:
        sys.exit(f"profile.py: callgrind failed:\n{stderr}")
    return int(match.group(1))


def paste(field, size):
    """The benchmark driver's paste: junk around digits, or prose with an emoji."""
    unit = ("Brown dog, white paws, answers to Reksio. Zaginął w pobliżu parku 🐶. "
            if field == "text" else "12345-67890 98765 ").encode()
    text = unit * (size // len(unit))
    return (text + b"x" * (size - len(text))).decode()


def other_workload(binary, workload, count):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        if workload == "flows":
            start = {"jsonrpc": "2.0", "id": 0, "method": "flow/start",
                     "params": {"flow": "reportMissingPet"}}

            def pairs(n):
                def messages(answer):
                    flow = answer["result"]["flowId"]
                    for i in range(n):
                        yield {"jsonrpc": "2.0", "id": 2 * i + 1, "method": "flow/next",
                               "params": {"flowId": flow,
                                          "values": {"chipNumber": "12345-67890-12345"}}}
                        yield {"jsonrpc": "2.0", "id": 2 * i + 2, "method": "flow/back",
                               "params": {"flowId": flow}}
                return messages

            one = callgrind_session(binary, out, start, pairs(1))
            many = callgrind_session(binary, out, start, pairs(count))
            print(f"\n{binary}, lsp: flow/next + flow/back, {count:,} pairs")
            print(f"instructions per pair: {(many - one) / (count - 1):,.0f}")
            return
        ping = {"jsonrpc": "2.0", "id": 0, "method": "field/list"}
        print(f"\n{binary}, lsp: field/format of a 1 MiB paste")
        for field in ("text", "chipNumber"):
            request = {"jsonrpc": "2.0", "id": 1, "method": "field/format",
                       "params": {"field": field, "text": paste(field, 1 << 20)}}
            one = callgrind_session(binary, out, ping, lambda _: [request])
            three = callgrind_session(binary, out, ping, lambda _: [request] * 3)
            per = (three - one) / 2
            print(f"  {field:11} {per:13,.0f} instructions per request, {per / (1 << 20):5.1f} per byte")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", help="a release build with -Xswiftc -g (default: build one)")
    parser.add_argument("--requests", type=int, default=50000)
    parser.add_argument("--framing", choices=("lsp", "ndjson"), default="lsp")
    parser.add_argument("--out", default=os.path.join(OUT, "profile.json"))
    parser.add_argument("--workload", choices=("format", "flows", "paste"), default="format")
    args = parser.parse_args()

    binary = args.binary or build(os.path.join(ROOT, ".build-prof"))
    if args.workload != "format":
        other_workload(binary, args.workload, min(args.requests, 2000))
        return
    drv = driver()
    n = args.requests
    with tempfile.TemporaryDirectory() as tmp:
        costs = {}
        for count in (1, n):
            stream = os.path.join(tmp, f"in-{count}")
            with open(stream, "wb") as f:
                sh([drv, "--scenario", "stream", "--framing", args.framing,
                    "--requests", str(count)], stdout=f)
            costs[count] = callgrind(binary, stream, os.path.join(tmp, f"cg-{count}.out"))
        per_request = (costs[n] - costs[1]) / (n - 1)
        big = os.path.join(tmp, f"cg-{n}.out")
        inclusive = annotate(big, True)
        exclusive = annotate(big, False)

    # Inclusive cost per request of each owning function.
    inc = {}
    for key, fragment in FUNCTIONS.items():
        matches = [c for c, _, sym in inclusive if fragment in sym]
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
        ("method routing (MethodTable)", part(inc["handle"] - inc["format"])),
        ("params: field, text, caret, options",
         part(inc["format"] - inc["kindFormat"] - inc["write"])),
        ("PetFlowKit: MaskScan without TextOffsets", part(inc["maskScan"] - inc["textOffsets"])),
        ("PetFlowKit: TextOffsets (offsets, clusters)", inc["textOffsets"]),
        ("PetFlowKit: MaskLayout (display text)", inc["maskLayout"]),
        ("PetFlowKit: the rest of FieldKind.format",
         part(inc["kindFormat"] - inc["maskScan"] - inc["maskLayout"])),
        ("writing the result (FieldMethods.write)", inc["write"]),
    ]
    accounted = sum(v for _, v in stages)
    stages.append(("other (start-up share, unattributed)", part(per_request - accounted)))

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
    total_ex = sum(kinds.values())

    print(f"\n{binary}, {args.framing}, {n:,} requests")
    print(f"instructions per request: {per_request:,.0f} (1 request: {costs[1]:,}; "
          f"{n:,}: {costs[n]:,})\n")
    print("by stage (inclusive)                                instr/req      %")
    for name, value in stages:
        print(f"  {name:50} {value:9,.0f}  {100 * value / per_request:5.1f}")
    print("\nby kind of work (exclusive)                         instr/req      %")
    for name, value in sorted(kinds.items(), key=lambda kv: -kv[1]):
        print(f"  {name:50} {value / n:9,.0f}  {100 * value / total_ex:5.1f}")

    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump({
            "binary": binary, "framing": args.framing, "requests": n,
            "instructions_per_request": per_request, "instructions": costs,
            "stages": dict(stages), "kinds": {k: v / n for k, v in kinds.items()},
            "top_functions_by_kind": {k: sorted(v, reverse=True)[:10] for k, v in top.items()},
        }, f, indent=1, ensure_ascii=False)
    print(f"\nprofile: {args.out}")


if __name__ == "__main__":
    main()
