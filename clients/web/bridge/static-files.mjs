// Finds the file a GET names inside the web folder, and nothing outside it: no `..`, no
// dot-files (.venv), no symlink that leads out, only the types the pages are made of.
import { realpathSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';

export const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  // Compiled while it downloads (WebAssembly.instantiateStreaming) only when served as this.
  '.wasm': 'application/wasm',
};

/** The pages' own addresses. */
const ROUTES = { '/': '/index.html', '/fields': '/fields.html' };
/**
 * A step of a report (`/report/FLOW/STEP`, the History API's addresses) is the reports page too.
 */
const REPORT_STEP = /^\/report\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+$/;

/**
 * The absolute path of the file `urlPath` (the path part of a request's URL, still
 * percent-encoded) names inside `root` (a real path), or null when it names none.
 */
export function fileFor(root, urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return null; // malformed percent-encoding
  }
  path = ROUTES[path] ?? (REPORT_STEP.test(path) ? '/index.html' : path);
  if (!path.startsWith('/') || path.includes('\0') || path.includes('\\')) return null;
  const segments = path.split('/').slice(1);
  // `..` and `.` are refused outright rather than resolved; so are hidden files and folders.
  if (segments.some((segment) => segment === '' || segment.startsWith('.'))) return null;
  if (!(extname(path) in CONTENT_TYPES)) return null;
  const file = resolve(root, ...segments);
  try {
    const real = realpathSync(file);
    if (!real.startsWith(root + sep) || !statSync(real).isFile()) return null;
    return real;
  } catch {
    return null; // no such file
  }
}
