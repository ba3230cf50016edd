"""The budget's keystrokes in process: instructions per keystroke through PetFlowKit's typed
`FieldKind.change` and through `PetFlowServer.handle`, beside the daemon's, under callgrind.

    python3 benchmarks/inprocess.py [--lto] [--binary PATH] [--count N] [--no-daemon]

Builds benchmarks/inprocess (a package that depends on this one by path and links the library
product, as an app does; `swift build -c release`, an app's release build, or with --lto the
daemon's full link-time optimisation, so that the daemon less `handle` compares like with
like) and runs its
`petflow-bench` under callgrind, counting only its `measured` function, for N and 2N
keystrokes: (count(2N) - count(N)) / N is one keystroke, with the inputs made beforehand and
the first calls' one-time work left out. The daemon's figures are the budget's
(workloads.py, through the release binary, LSP framing); the daemon less `handle` is what
the transport costs: reading, framing, writing.

Python standard library only.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.join(HERE, "inprocess")
sys.path.insert(0, HERE)

import callgrind  # noqa: E402
import workloads  # noqa: E402

# `Bench.measured`, whatever module name SwiftPM gives the executable.
MEASURED = "*5BenchO8measured*"


def build(lto):
    """An app's release build, or with `lto` the daemon's link-time optimisation across the
    modules (`scripts/build`'s --experimental-lto-mode=full), in a scratch path of its own."""
    options = ["-c", "release", "--package-path", PACKAGE]
    if lto:
        options += ["--scratch-path", os.path.join(PACKAGE, ".build-lto"),
                    "--experimental-lto-mode=full"]
    subprocess.run(["swift", "build", *options, "--product", "petflow-bench"], check=True,
                   stdout=sys.stderr)
    path = subprocess.run(["swift", "build", *options, "--show-bin-path"], check=True,
                          capture_output=True, text=True)
    return os.path.join(path.stdout.strip(), "petflow-bench")


def measured(bench, workload, count):
    """Instructions inside `measured` for `count` keystrokes of `workload`."""
    with tempfile.TemporaryDirectory(prefix="petflow-bench-") as folder:
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--toggle-collect={MEASURED}",
             f"--callgrind-out-file={os.path.join(folder, 'out')}", bench, workload, str(count)],
            env=callgrind.FIXED_ENVIRONMENT, capture_output=True, text=True)
    match = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or not match or int(match.group(1)) == 0:
        sys.exit(f"inprocess.py: {workload} under callgrind failed:\n{run.stdout}{run.stderr}")
    return int(match.group(1))


def per_keystroke(bench, workload, count):
    return (measured(bench, workload, 2 * count) - measured(bench, workload, count)) / count


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(HERE, "..", ".build", "release",
                                                         "petflowd"),
                        help="the daemon measured beside (default: .build/release/petflowd)")
    parser.add_argument("--count", type=int, default=1792,
                        help="N: keystrokes of the shorter run; a multiple of 112 (16 chip "
                             "digits, 7 latitude keys) measures whole cycles (default 1792)")
    parser.add_argument("--no-daemon", action="store_true", help="the in-process figures only")
    parser.add_argument("--lto", action="store_true",
                        help="build the bench with full LTO, as scripts/build builds the daemon "
                             "(the same code generation on both sides of 'transport')")
    args = parser.parse_args()
    callgrind.require_valgrind()
    bench = build(args.lto)
    rows = [("chip keystroke, typed FieldKind.chipNumber.change", "chip-change"),
            ("chip keystroke, PetFlowServer.handle", "chip-handle"),
            ("latitude keystroke, PetFlowServer.handle", "latitude-handle")]
    figures = {key: per_keystroke(bench, key, args.count) for _, key in rows}
    daemon = {}
    if not args.no_daemon:
        with callgrind.Callgrind(args.binary) as cg:
            daemon["chip-handle"] = workloads.chip_keystroke(cg, 16001)
            daemon["latitude-handle"] = workloads.latitude_keystroke(cg, 14001)
    build_kind = "full LTO" if args.lto else "an app's release build, no LTO"
    print(f"petflow-bench built as {build_kind}; {args.count:,} and {2 * args.count:,} keystrokes")
    print(f"{'instructions per keystroke':<48} {'in process':>10} {'daemon':>8} {'transport':>9}")
    for label, key in rows:
        line = f"{label:<48} {figures[key]:>10,.0f}"
        if key in daemon:
            line += f" {daemon[key]:>8,.0f} {daemon[key] - figures[key]:>9,.0f}"
        print(line)


if __name__ == "__main__":
    main()
