#!/usr/bin/env node
// The demo's bridge: `node clients/web/serve.mjs [--port N] [--binary PATH]` serves the pages
// of this folder and forwards POST /rpc to petflowd (spawned through clients/node). The first
// line of stdout is the URL it serves; everything else goes to stderr.
import { parseArgs } from 'node:util';
import { startBridge } from './bridge/server.mjs';

const USAGE = `usage: node clients/web/serve.mjs [--port N] [--binary PATH]
  --port N       the port on 127.0.0.1 (default 8417; 0: any free port)
  --binary PATH  the petflowd to run (default: PETFLOWD, petflowd on PATH, the repository's release build)`;

function fail(message, status = 2) {
  process.stderr.write(`serve.mjs: ${message}\n`);
  process.exit(status);
}

let options;
try {
  options = parseArgs({
    options: { port: { type: 'string', default: '8417' }, binary: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  }).values;
} catch (error) {
  fail(`${error.message}\n${USAGE}`);
}
if (options.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const port = Number(options.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be 0 to 65535, not '${options.port}'\n${USAGE}`);

const log = (line) => process.stderr.write(`serve.mjs: ${line}\n`);
let bridge;
try {
  bridge = await startBridge({ port, binary: options.binary, log });
  // Start the default language's daemon now, so that a missing binary is said at once.
  await bridge.pool.client('en');
} catch (error) {
  await bridge?.close();
  fail(error.code === 'EADDRINUSE' ? `port ${port} is in use; pass --port 0 for any free one` : `cannot start petflowd: ${error.message}`, 1);
}
process.stdout.write(`${bridge.url}\n`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    bridge.close().then(() => process.exit(0));
  });
}
