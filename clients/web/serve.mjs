#!/usr/bin/env node
// The demo's server: `node clients/web/serve.mjs [options]` serves the pages of this folder
// (which run the engine in WebAssembly, petflow.wasm, by default), the flow files of --flows,
// and, for pages on the bridge's transports, passes /rpc bodies to a petflowd of each page
// session's own, started when the session opens. The first line of stdout is the URL it
// serves; everything else goes to stderr.
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { flowFileNames } from '../node/lib/flow-files.js';
import { findDaemon } from '../node/lib/locate.js';
import { DaemonProcess } from './bridge/daemon-process.mjs';
import { DEFAULTS, startBridge } from './bridge/server.mjs';

const USAGE = `usage: node clients/web/serve.mjs [options]
  --port N                 the port on 127.0.0.1 (default 8417; 0: any free port)
  --binary PATH            the petflowd to run for pages on the bridge (?transport=ws or
                           http) (default: PETFLOWD, petflowd on PATH, the repository's
                           release build; when none is found, it serves without one)
  --no-daemon              run no petflowd: the pages, on WebAssembly, need none (/rpc then
                           answers that there is none)
  --flows DIR              flow files for the pages' engine and every petflowd to load
                           (petflowd --flows DIR): more reports, or built-ins replaced; served
                           as /flows.json (their names) and /flows/NAME.json
  --max-sessions N         page sessions (each with its own petflowd) at once
                           (default ${DEFAULTS.maxSessions})
  --idle-seconds N         a session without a body for this long is ended
                           (default ${DEFAULTS.idleSeconds}; 0: never)
  --answer-timeout N       seconds petflowd may take to answer before its session is ended
                           (default ${DEFAULTS.answerTimeoutSeconds})
  --max-queue N            bodies one connection may have waiting for (the writing of) their
                           answers (default ${DEFAULTS.maxQueue})
  --max-queue-bytes N      bytes of bodies one connection may have waiting so
                           (default ${DEFAULTS.maxQueueBytes})`;

const NUMBERS = {
  port: { name: 'port', min: 0, max: 65535 },
  'max-sessions': { name: 'maxSessions', min: 1 },
  'idle-seconds': { name: 'idleSeconds', min: 0 },
  'answer-timeout': { name: 'answerTimeoutSeconds', min: 1 },
  'max-queue': { name: 'maxQueue', min: 1 },
  'max-queue-bytes': { name: 'maxQueueBytes', min: 1 },
};

function fail(message, status = 2) {
  process.stderr.write(`serve.mjs: ${message}\n`);
  process.exit(status);
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      binary: { type: 'string' },
      'no-daemon': { type: 'boolean' },
      flows: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      ...Object.fromEntries(Object.keys(NUMBERS).map((flag) => [flag, { type: 'string' }])),
    },
  }).values;
} catch (error) {
  fail(`${error.message}\n${USAGE}`);
}
if (parsed.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const options = { port: 8417 };
for (const [flag, { name, min, max = Number.MAX_SAFE_INTEGER }] of Object.entries(NUMBERS)) {
  if (parsed[flag] === undefined) continue;
  const value = Number(parsed[flag]);
  if (!Number.isInteger(value) || value < min || value > max)
    fail(`--${flag} must be a whole number from ${min} to ${max}, not '${parsed[flag]}'\n${USAGE}`);
  options[name] = value;
}

const log = (line) => process.stderr.write(`serve.mjs: ${line}\n`);

/**
 * Starts petflowd once and asks it to initialize, so that a binary that cannot run is said
 * at once, naming the path and the reason: one that cannot start, or one that started and
 * exited (only then is it said to have exited). Throws an Error saying which.
 */
async function checkBinary(binary, args) {
  const daemon = await DaemonProcess.start(binary, { answerTimeoutMs: 10_000, log, args });
  try {
    const answers = await daemon.send(
      Buffer.from('{"jsonrpc":"2.0","id":1,"method":"initialize"}'),
    );
    if (answers.length !== 1 || !answers[0].includes('"serverInfo"')) {
      const answered = answers.join(' ') || 'no answer';
      throw new Error(
        `${binary} started but did not answer initialize as petflowd does: ${answered}`,
      );
    }
  } catch (error) {
    if (error.code === undefined) throw error;
    throw new Error(`${binary} started, then: ${error.message}`);
  } finally {
    await daemon.end();
  }
}

/** The engine the pages run; built, never committed. */
const MODULE = fileURLToPath(new URL('petflow.wasm', import.meta.url));
try {
  if (!statSync(MODULE).isFile()) throw new Error('not a file');
} catch {
  fail(`${MODULE} is missing: build it first with scripts/build-wasm (the pages run it)`, 1);
}

if (parsed['no-daemon'] && parsed.binary !== undefined)
  fail(`--no-daemon runs no petflowd; --binary names one\n${USAGE}`);
if (parsed.flows !== undefined) {
  try {
    flowFileNames(parsed.flows);
  } catch (error) {
    fail(`--flows ${parsed.flows} cannot be read: ${error.message}`, 1);
  }
}

/**
 * The petflowd to run, or null for none: --no-daemon; or nothing named (no --binary, no
 * PETFLOWD) and none found, when the pages, on WebAssembly, still work. One that is named but
 * cannot run stops serve.mjs.
 */
function daemonToRun() {
  if (parsed['no-daemon']) return null;
  try {
    return findDaemon(parsed.binary);
  } catch (error) {
    if (parsed.binary !== undefined || process.env.PETFLOWD) throw error;
    log(
      'no petflowd found, so none runs: the pages work on WebAssembly; ' +
        `?transport=ws and http do not\n${error.message}`,
    );
    return null;
  }
}

let binary;
let bridge;
try {
  binary = daemonToRun();
} catch (error) {
  fail(`cannot start petflowd: ${error.message}`, 1);
}
// Flow files are petflowd's to read: a bad one stops it at start-up with the checker's lines,
// which the check below reports.
const daemonArgs = parsed.flows === undefined ? [] : ['--flows', parsed.flows];
if (binary !== null) {
  try {
    await checkBinary(binary, daemonArgs);
  } catch (error) {
    fail(error.message, 1);
  }
}
try {
  bridge = await startBridge({
    ...options,
    binary,
    daemonArgs,
    flowsDirectory: parsed.flows ?? null,
    log,
  });
} catch (error) {
  fail(
    error.code === 'EADDRINUSE'
      ? `port ${options.port} is in use; pass --port 0 for any free one`
      : error.message,
    1,
  );
}
process.stdout.write(`${bridge.url}\n`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    bridge.close().then(() => process.exit(0));
  });
}
