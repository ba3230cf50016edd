"""The path a request takes through the sources, traced rather than remembered.

Runs a release build with line information under callgrind over N and 2N requests of one
method, and keeps the source files whose own cost grows by at least MIN_GROWTH instructions
per extra request. Inlined code is counted in the file it was written in (callgrind's `fi=`
and `fe=` records), so a helper inlined into its caller still shows. The files that run for
every request but cost less than that are named after the list, by name: the threshold keeps
the numbered list to the work, and the line keeps what it leaves out from being invisible (the
stream is pipelined, so what happens once per read or per write(2), such as flushing the
output in PendingOutput.swift, is shared by many requests and costs each one almost nothing). Files come in call order:
a walk of the call graph from the top, each function's callees taken in the order its code
calls them (by address), each file placed where its first function is reached.

    python3 benchmarks/profile.py --path field/edit|flow/next [--check FILE | --write FILE]

`--write` puts the list between `<!-- traced path: METHOD -->` and `<!-- end traced path -->`
in FILE (ARCHITECTURE.md); `--check` fails when what is there differs from the trace.
Python stdlib only; needs valgrind and `swift demangle`.
"""

import collections
import os
import re
import subprocess
import sys
import tempfile

import workloads

MIN_GROWTH = 5
# Growth is compared with MIN_GROWTH rounded to whole instructions: a request's own cost is a
# whole number, and what is not (work done once a second, such as the clock's date, spread over
# the run) made a file costing exactly 5 fall either side of the line from run to run.
# A file below MIN_GROWTH is still named when it grows by at least this much a request: it
# runs for (nearly) every request, rather than once in a while.
MIN_NAMED = 0.5
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = os.path.join(ROOT, "Sources") + os.sep
TARGETS = ("JSONRPC", "PetFlowKit", "petflowd")


def _streams(method):
    """(stream of `count` requests, what it is) for a traced method."""
    if method == "field/edit":
        return (workloads.latitude_keystrokes,
                "`52.2297` typed into a latitude field one key at a time")
    if method == "flow/next":
        return (None, "Continue on reportFoundPet's photo step with an unusable photo: the "
                "value kept as a rejected input, the step validated, the snapshot and its "
                "error written")
    raise SystemExit(f"tracepath.py: no traced workload for {method}")


class Profile:
    """One callgrind output: own cost per source file and per (file, function), the functions'
    home files, and the calls between functions with the line that makes each."""

    def __init__(self, path):
        self.own_by_file = collections.Counter()
        self.own_by_function = collections.Counter()
        self.home = {}
        self.calls = collections.defaultdict(list)  # caller -> [(line, callee, inclusive)]
        self._read(path)

    def _read(self, path):
        files, functions = {}, {}

        def named(table, value):
            m = re.match(r"\((\d+)\)(?: (.*))?$", value)
            if not m:
                return value
            if m.group(2) is not None:
                table[m.group(1)] = m.group(2)
            return table.get(m.group(1), "")

        file = inline = function = None
        pending_call = None  # (callee, count) until its cost line comes
        callee = None
        line = 0
        with open(path, errors="replace") as f:
            for raw in f:
                text = raw.rstrip("\n")
                if not text or text.startswith("#"):
                    continue
                if text.startswith("fl="):
                    file = inline = named(files, text[3:])
                elif text.startswith(("fi=", "fe=")):
                    inline = named(files, text[3:])
                elif text.startswith("fn="):
                    function = named(functions, text[3:])
                    inline = file
                    self.home.setdefault(function, file)
                elif text.startswith(("cfi=", "cfl=")):
                    named(files, text[4:])
                elif text.startswith("cfn="):
                    callee = named(functions, text[4:])
                elif text.startswith("calls="):
                    count = int(text[6:].split()[0])
                    pending_call = (callee, count)
                elif text[0] in "0123456789+-*":
                    parts = text.split()
                    position = parts[0]
                    if position.startswith(("+", "-")):
                        line += int(position)
                    elif position != "*":
                        line = int(position)
                    cost = int(parts[1]) if len(parts) > 1 else 0
                    if pending_call:
                        # Ordered as callgrind lists them: by address in the caller's code,
                        # which follows its source, inlined parts included.
                        order = len(self.calls[function])
                        self.calls[function].append((order, pending_call[0], cost))
                        pending_call = None
                    else:
                        self.own_by_file[inline] += cost
                        self.own_by_function[(inline, function)] += cost
                elif "=" in text and not text.startswith(("events", "positions", "summary",
                                                          "totals", "cmd", "pid", "version",
                                                          "creator", "part", "desc", "ob=",
                                                          "cob=", "jump", "jcnd")):
                    pass


def _source(file):
    """`JSONRPC/Framing/Framer.swift` for a file of the repository's Sources; None otherwise."""
    real = os.path.realpath(file) if file else ""
    if not real.startswith(SOURCES):
        return None
    return real[len(SOURCES):]


def _demangled(names):
    result = subprocess.run(["swift", "demangle", "--simplified", "--compact"],
                            input="\n".join(names), capture_output=True, text=True)
    lines = result.stdout.split("\n")
    return dict(zip(names, lines)) if len(lines) >= len(names) else {n: n for n in names}


def _readable(name):
    """A function's demangled name without its module, generics, specialisation or closure."""
    name = re.sub(r"^(specialized |partial apply for |closure #\d+ in |outlined .* of )+", "",
                  name)
    name = re.sub(r"^(static |protocol witness for )", "", name)
    # A closure stored in a table is named for the table (the method table's entries).
    name = re.sub(r"^variable initialization expression of (static )?", "", name)
    name = re.sub(r"<[^<>]*>", "", re.sub(r"<[^<>]*>", "", name))
    name = re.sub(r" in conformance .*$", "", name)
    name = re.sub(r"^\w+\.(?=\w+\.)", "", name) if name.count(".") > 1 else name
    return re.sub(r"\(.*$", "", name).strip()


def trace(cg, method, requests=2000):
    """The traced path: [(file, [function, ...])] in call order, the files below the
    threshold that still run for every request (sorted), and what was traced."""
    stream, what = _streams(method)
    with tempfile.TemporaryDirectory() as tmp:
        outs = {}
        for n in (requests, 2 * requests):
            out = os.path.join(tmp, f"callgrind.{n}")
            if stream:
                cg.count(stream(n), n, out_file=out)
            else:
                cg.count_session(workloads.FLOW_START_FOUND,
                                 lambda answer, n=n: workloads.flow_nexts_that_stay(answer, n),
                                 out_file=out)
            outs[n] = Profile(out)
    small, big = outs[requests], outs[2 * requests]
    growth = {f: (big.own_by_file[f] - small.own_by_file.get(f, 0)) / requests
              for f in big.own_by_file}
    files = {f for f, g in growth.items() if round(g) >= MIN_GROWTH and _source(f)}
    below = sorted(_source(f) for f, g in growth.items()
                   if MIN_NAMED <= g and round(g) < MIN_GROWTH and _source(f))
    names = _demangled(sorted({fn for _, fn in big.own_by_function} | set(big.calls)))

    # The walk: from the functions no one calls, callees in the order of their calls, only
    # along calls that cost at least MIN_GROWTH instructions a request.
    called = {callee for calls in big.calls.values() for _, callee, _ in calls}
    roots = [fn for fn in big.calls if fn not in called]
    order, seen = {}, set()
    stack = [(fn, 0) for fn in reversed(roots)]
    step = 0
    while stack:
        function, _ = stack.pop()
        if function in seen:
            continue
        seen.add(function)
        order[function] = step
        step += 1
        callees = sorted((line, callee) for line, callee, cost in big.calls.get(function, [])
                         if cost >= MIN_GROWTH * 2 * requests)
        stack.extend((callee, line) for line, callee in reversed(callees))

    placed = {}
    per_function = collections.defaultdict(list)
    for (file, function), cost in big.own_by_function.items():
        if file not in files:
            continue
        extra = (cost - small.own_by_function.get((file, function), 0)) / requests
        if round(extra) < MIN_GROWTH:
            continue
        rank = order.get(function, len(order))
        placed[file] = min(placed.get(file, rank), rank)
        per_function[file].append((rank, _readable(names.get(function, function))))
    path = []
    for file in sorted(files, key=lambda f: (placed.get(f, len(order)), _source(f))):
        functions = []
        for _, name in sorted(per_function[file]):
            if name and name not in functions:
                functions.append(name)
        path.append((_source(file), functions))
    return path, below, what


def markdown(method, path, below, what):
    """The path as ARCHITECTURE.md shows it."""
    switches = sum(1 for a, b in zip(path, path[1:]) if a[0].split("/")[0] != b[0].split("/")[0])
    lines = [f"`{method}`, traced ({what}): {len(path)} files, {switches} switches between "
             f"targets.", ""]
    for number, (file, functions) in enumerate(path, 1):
        shown = ", ".join(f"`{f}`" for f in functions[:6])
        more = f" and {len(functions) - 6} more" if len(functions) > 6 else ""
        lines.append(f"{number}. `{file}`: {shown}{more}")
    if below:
        lines += ["", f"Under {MIN_GROWTH} instructions a request each, so not numbered: "
                  + ", ".join(f"`{file}`" for file in below) + "."]
    return "\n".join(lines)


def _markers(method):
    return f"<!-- traced path: {method} -->", "<!-- end traced path -->"


def write_or_check(file, method, text, check):
    """Puts `text` between the method's markers in `file`, or (check) compares; exit status."""
    begin, end = _markers(method)
    with open(file) as f:
        document = f.read()
    m = re.search(re.escape(begin) + r"\n(.*?)" + re.escape(end), document, re.S)
    if not m:
        print(f"tracepath.py: {file} has no {begin} ... {end} section", file=sys.stderr)
        return 1
    if check:
        if m.group(1).strip() == text.strip():
            print(f"{file}: the traced path of {method} is as the code runs it")
            return 0
        print(f"{file}: the traced path of {method} differs from the code; run\n"
              f"  python3 benchmarks/profile.py --path {method} --write {file}\n"
              f"--- written\n{m.group(1)}\n--- traced\n{text}", file=sys.stderr)
        return 1
    document = document[:m.start(1)] + text.strip() + "\n" + document[m.end(1):]
    with open(file, "w") as f:
        f.write(document)
    print(f"{file}: the traced path of {method} written")
    return 0
