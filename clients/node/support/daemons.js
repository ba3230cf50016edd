// Shared by the tests: the real daemon, and shell-script stand-ins for one that misbehaves.
// It lives outside test/ so that node --test does not run it as a test file.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findDaemon, PetFlowClient } from '../index.js';

/** A fixed "today", so that date rules give the same answers every day. */
export const TODAY = '2025-06-01';

/** A client of the real daemon (PETFLOWD, PATH or the repository's release build). */
export function spawnClient(options = {}) {
  return PetFlowClient.spawn({ today: TODAY, ...options });
}

/**
 * What a timing bound allows over the time it bounds, in ms: spawning, killing and reaping on a
 * loaded two-core machine, and still a third of the 30 s a fake daemon that must be killed
 * would take to end by itself.
 */
export const MARGIN_MS = 10_000;

/**
 * Whether process `pid` is gone, killed and reaped (a zombie still answers signal 0), within
 * `withinMs`.
 */
export function reaped(pid, withinMs = MARGIN_MS) {
  return waitUntil(() => {
    try {
      process.kill(pid, 0);
      return false;
    } catch (error) {
      if (error.code === 'ESRCH') return true;
      throw error;
    }
  }, withinMs);
}

/** Whether `condition()` comes true within `withinMs`. */
export async function waitUntil(condition, withinMs = MARGIN_MS) {
  const deadline = performance.now() + withinMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

const fakeDirectories = [];
process.once('exit', () => {
  for (const dir of fakeDirectories) rmSync(dir, { recursive: true, force: true });
});

/** The real binary the tests run (PETFLOWD, PATH or the repository's release build). */
export const realDaemon = () => findDaemon();

const shellQuote = (word) => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * An executable that runs the real daemon with extra command-line flags (the client adds its own).
 */
export function realDaemonWith(...flags) {
  return fakeDaemon(`exec ${[realDaemon(), ...flags].map(shellQuote).join(' ')} "$@"`);
}

/** An executable shell script standing in for petflowd, deleted when the tests end. */
export function fakeDaemon(body) {
  const directory = mkdtempSync(join(tmpdir(), 'petflow-fake-'));
  fakeDirectories.push(directory);
  const path = join(directory, 'petflowd');
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

const INITIALIZED =
  '{"jsonrpc":"2.0","id":1,"result":{"serverInfo":{"name":"fake","version":"0"},' +
  '"positionEncoding":"utf-16","locale":"en","methods":[]}}';

/** Answers initialize (id 1), then reads one more request and exits 3 without answering. */
export const DIES_ON_SECOND_REQUEST = `
read -r line
printf '%s\\n' '${INITIALIZED}'
read -r line
echo "fake petflowd: giving up on: $line" >&2
exit 3`;

/** Answers initialize, then reads everything and answers nothing. */
/**
 * A fake that answers initialize, reads one more request and says so by creating the file
 * `seen` (the request is in flight: read and never to be answered), then reads everything and
 * answers nothing.
 */
export const holdsARequest = (seen) => `
read -r line
printf '%s\\n' '${INITIALIZED}'
read -r line
: > ${shellQuote(seen)}
exec cat >/dev/null`;

export const NEVER_ANSWERS_AFTER_INITIALIZE = `
read -r line
printf '%s\\n' '${INITIALIZED}'
exec cat >/dev/null`;
