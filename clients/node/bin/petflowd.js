#!/usr/bin/env node
// The `petflowd` command of the npm package: runs the binary of the optional platform
// package (@petflow/linux-x64-gnu) with this command's arguments, stdin, stdout and
// stderr, and ends as it ends (its exit status, or its signal). Only that binary:
// PETFLOWD or PATH could name this very command, which would then run itself for ever.
import { spawn } from 'node:child_process';
import { BUILD_COMMAND, bundledDaemon } from '../lib/locate.js';

const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

const { file, searched } = bundledDaemon();
if (!file) {
  console.error(
    `petflowd: no prebuilt binary: ${searched}. npm installs it only where its os, cpu and ` +
      `libc fit (Linux x64, glibc); elsewhere build it from source (${BUILD_COMMAND}).`,
  );
  process.exit(1);
}

const child = spawn(file, process.argv.slice(2), { stdio: 'inherit' });
for (const signal of FORWARDED_SIGNALS) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  console.error(`petflowd: could not start ${file}: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) {
    // End the same way, so that whoever runs this command sees the signal.
    for (const forwarded of FORWARDED_SIGNALS) process.removeAllListeners(forwarded);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
