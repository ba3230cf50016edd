// The flow files of `serve.mjs --flows DIR`, served for the page's WebAssembly engine to load,
// so that it knows the same flows as a petflowd started with `--flows DIR` would: the list at
// /flows.json (the names, in the order petflowd loads them) and each file at /flows/NAME.json,
// its bytes as they are on disk. Only the files petflowd would read are served: `*.json`
// directly in DIR, no dot-file (a symbolic link is followed, as petflowd follows it).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { flowFileNames, isFlowFileName } from '../../node/lib/flow-files.js';

/** The list's address: a name no flow file of /flows/ can take. */
export const FLOW_LIST_PATH = '/flows.json';
const FLOW_FILE = /^\/flows\/([^/]+)$/;

/**
 * What a GET of `urlPath` (still percent-encoded) is among the flow routes of `directory`
 * (null: serve.mjs has no --flows, and every flow route is an empty list or 404):
 * `{list: names}` for the list, `{file: path}` for a flow file, `{missing: true}` for a flow
 * route that names none, or null when the path is not a flow route at all.
 */
export function flowRoute(directory, urlPath) {
  if (urlPath === FLOW_LIST_PATH)
    return { list: directory === null ? [] : flowFileNames(directory) };
  const match = FLOW_FILE.exec(urlPath);
  if (!match) return null;
  let name;
  try {
    name = decodeURIComponent(match[1]);
  } catch {
    return { missing: true };
  }
  if (directory === null || !isFlowFileName(name) || /[/\\\0]/.test(name)) return { missing: true };
  const file = join(directory, name);
  try {
    return statSync(file).isFile() ? { file } : { missing: true };
  } catch {
    return { missing: true };
  }
}
