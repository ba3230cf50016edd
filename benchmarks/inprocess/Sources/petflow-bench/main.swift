// Runs one of the budget's keystroke workloads in process, N keystrokes, inside `measured`.
//
//   petflow-bench WORKLOAD N     WORKLOAD: chip-change, chip-handle or latitude-handle
//
// benchmarks/inprocess.py counts the instructions of `measured` alone under callgrind
// (--toggle-collect), for N and 2N keystrokes: the difference over N is one keystroke's cost,
// with the set-up (the inputs made beforehand) and the first call's one-time work left out.
import PetFlowKit

// Top-level code is isolated to the main actor: everything runs in `Bench`'s functions, so no
// closure here links the concurrency runtime (see scripts/test.d/runtime-linked.sh).
Bench.main(Array(CommandLine.arguments.dropFirst()))
