// The flow files `petflowd --flows DIR` reads, for what stands in for petflowd without running
// it (PetFlowEngine's `flows`, serve.mjs's list for the engine in the page): `*.json` directly
// in DIR, no dot-file, in byte order of their names (petflowd's order: a later file's flow id
// may clash with an earlier one's, and the problem names the later).
import { readdirSync } from 'node:fs';

/** Whether petflowd's `--flows` reads a directory entry of this name. */
export const isFlowFileName = (name) => name.endsWith('.json') && !name.startsWith('.');

/** The names of `directory`'s flow files in petflowd's order; throws when it cannot be read. */
export function flowFileNames(directory) {
  return readdirSync(directory)
    .filter(isFlowFileName)
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}
