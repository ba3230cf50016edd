#!/usr/bin/env node
// petflow.wasm's figures (issue 30), in one command:
//
//   node benchmarks/wasm.mjs [--count N] [--rounds N]
//
// - a chip keystroke (the budget's chip workload: field/format of the text the previous
//   answer showed plus one digit) through the module's handle in Node, text in and text out as
//   a page pays for it, against the native in-process PetFlowServer.handle of benchmarks/inprocess
//   (an app's release build) on the same bodies, in the same run: µs per keystroke, the median
//   of the rounds (each N keystrokes; native rounds alternate with wasm rounds);
// - the module's size (raw and gzipped; its code and data sections) and what loading costs:
//   compiling, instantiating and starting a session (loadEngine from bytes), median of rounds.
//
// Builds what it measures first: scripts/build-wasm and benchmarks/inprocess's petflow-bench.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { loadEngine } from '../clients/web/lib/wasm-engine.js';

const ROOT = new URL('../', import.meta.url);
const { values: options } = parseArgs({
  options: {
    count: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '7' },
  },
});
const COUNT = Number(options.count);
const ROUNDS = Number(options.rounds);
const CHIP_DIGITS = '123456789012345';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** benchmarks/inprocess's chipBodies, byte for byte: keystroke i types digit i % 16 of a cycle. */
function chipBodies(count) {
  const bodies = [];
  for (let index = 0; index < count; index++) {
    const typed = index % 16;
    let text = '';
    for (let digit = 0; digit < typed; digit++) {
      if ((digit === 5 && typed - 1 > 5) || (digit === 10 && typed - 1 > 10)) text += '-';
      text += CHIP_DIGITS[digit];
    }
    bodies.push(
      `{"jsonrpc":"2.0","id":${index + 1},"method":"field/format","params":{"field":` +
        `"chipNumber","text":"${text}","caret":${Buffer.byteLength(text)}}}`,
    );
  }
  return bodies;
}

/** The sizes of the module's sections that matter: code (10) and data (11), in bytes. */
function sections(bytes) {
  const sizes = { code: 0, data: 0 };
  const leb = (at) => {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return [value, at];
  };
  for (let at = 8; at < bytes.length; ) {
    const id = bytes[at];
    const [size, start] = leb(at + 1);
    if (id === 10) sizes.code = size;
    if (id === 11) sizes.data = size;
    at = start + size;
  }
  return sizes;
}

function build() {
  execFileSync(new URL('scripts/build-wasm', ROOT).pathname, { stdio: ['ignore', 2, 2] });
  const bench = ['-c', 'release', '--package-path', new URL('benchmarks/inprocess', ROOT).pathname];
  execFileSync('swift', ['build', ...bench, '--product', 'petflow-bench'], {
    stdio: ['ignore', 2, 2],
  });
  const binPath = execFileSync('swift', ['build', ...bench, '--show-bin-path'], {
    encoding: 'utf8',
  });
  return `${binPath.trim()}/petflow-bench`;
}

/** One native round: µs per keystroke of petflow-bench's measured handle loop. */
function nativeRound(bench) {
  const output = execFileSync(bench, ['chip-handle', String(COUNT)], { encoding: 'utf8' });
  const ns = Number(/measured (\d+) ns/.exec(output)?.[1]);
  if (!ns) throw new Error(`petflow-bench printed no time: ${output}`);
  return ns / 1000 / COUNT;
}

/**
 * The module alone: each body already encoded, copied into its buffer and handled, the reply
 * left unread; what the rest of a keystroke costs is the wrapper's (strings in and out).
 */
async function moduleAlone(bytes, bodies) {
  let exports;
  const { instance } = await WebAssembly.instantiate(bytes, {
    petflow: {
      today: () => 20261127,
      random: (address, length) =>
        crypto.getRandomValues(new Uint8Array(exports.memory.buffer, address, length)),
      log: () => {},
    },
  });
  exports = instance.exports;
  exports.petflow_start();
  const encoded = bodies.map((body) => new TextEncoder().encode(body));
  const run = () => {
    for (const body of encoded) {
      new Uint8Array(exports.memory.buffer).set(body, exports.petflow_buffer(body.length));
      exports.petflow_handle(body.length);
    }
  };
  run(); // warm-up
  return run;
}

const bench = build();
const moduleBytes = readFileSync(new URL('clients/web/petflow.wasm', ROOT));
const bodies = chipBodies(COUNT);
const engine = await loadEngine({ module: moduleBytes, log: () => {} });
for (const body of bodies) engine.handle(body); // warm-up: the JIT's tiers, the allocator
const alone = await moduleAlone(moduleBytes, bodies);
const wasmRounds = [];
const aloneRounds = [];
const nativeRounds = [];
for (let round = 0; round < ROUNDS; round++) {
  nativeRounds.push(nativeRound(bench));
  let checksum = 0;
  const start = process.hrtime.bigint();
  for (const body of bodies) checksum += engine.handle(body).length;
  wasmRounds.push(Number(process.hrtime.bigint() - start) / 1000 / COUNT);
  if (checksum === 0) throw new Error('the module answered nothing');
  const aloneStart = process.hrtime.bigint();
  alone();
  aloneRounds.push(Number(process.hrtime.bigint() - aloneStart) / 1000 / COUNT);
}

const loads = [];
for (let round = 0; round < ROUNDS; round++) {
  const start = process.hrtime.bigint();
  await loadEngine({ module: moduleBytes, log: () => {} });
  loads.push(Number(process.hrtime.bigint() - start) / 1e6);
}

const wasm = median(wasmRounds);
const native = median(nativeRounds);
const { code, data } = sections(moduleBytes);
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
console.log(`node ${process.version}, ${COUNT} keystrokes a round, median of ${ROUNDS} rounds`);
const row = (what, us) => console.log(`chip keystroke, ${what.padEnd(42)} ${us.toFixed(2)} µs`);
row('petflow.wasm handle (text in, text out):', wasm);
row('petflow.wasm alone (bytes in, reply unread):', median(aloneRounds));
row('native PetFlowServer.handle:', native);
console.log(`wasm / native: ${(wasm / native).toFixed(2)}x (issue 30's target: at most 3x)`);
console.log(
  `module: ${kib(moduleBytes.length)}, ${kib(gzipSync(moduleBytes, { level: 9 }).length)} gzipped` +
    ` (code section ${kib(code)}, data section ${kib(data)})`,
);
console.log(`load (compile, instantiate, start a session): ${median(loads).toFixed(1)} ms`);
