// Shared by the tests that hold index.d.ts to petflowd: a TypeScript source that imports its
// types, compiled with tsc --strict (Debian's node-typescript; scripts/test.d/node-client.sh
// installs it when it is missing).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a source imports index.d.ts as (tsc finds the .d.ts beside index.js). */
export const TYPES = fileURLToPath(new URL('../index', import.meta.url));

/** `import type {…}` of the types `names` name, each once (`Step['kind']` imports Step). */
export function importTypes(names) {
  const types = new Set(names.map((name) => name.split('[')[0]));
  return `import type { ${[...types].join(', ')} } from ${JSON.stringify(TYPES)};\n`;
}

/** Compiles `source` with tsc --strict; fails with `context` and tsc's own words if it cannot. */
export async function assertCompiles(source, context) {
  const directory = mkdtempSync(join(tmpdir(), 'petflow-types-'));
  try {
    const file = join(directory, 'check.ts');
    writeFileSync(file, source);
    const options = ['--noEmit', '--strict', '--target', 'es2022', '--moduleResolution', 'node'];
    const { error, output } = await new Promise((resolve) =>
      execFile('tsc', [...options, file], (error, stdout, stderr) =>
        resolve({ error, output: stdout + stderr }),
      ),
    );
    assert.ok(error?.code !== 'ENOENT', 'tsc not found: scripts/test.d/node-client.sh installs it');
    if (error) assert.fail(`${context}:\n${output}`);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
