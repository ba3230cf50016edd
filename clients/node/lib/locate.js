// Finding the petflowd executable: the places a client looks, in order.
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DaemonNotFoundError } from './errors.js';

/** The README's command that builds the daemon from a checkout. */
export const BUILD_COMMAND = 'scripts/build';

/**
 * The package that carries the prebuilt binary for each platform (an optional dependency
 * of petflow, installed by npm only where its os, cpu and libc fit), as esbuild and Biome do.
 */
const PLATFORM_PACKAGES = { 'linux x64': '@petflow/linux-x64-gnu' };

/**
 * The checkout this module runs from (clients/node/lib inside it; a linked install resolves
 * here too), or null for an installed copy: a path worked out for an installed copy would name
 * a folder of the project that installed it, where no build of petflowd ever is.
 */
function checkoutRoot() {
  const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');
  return isFile(join(root, 'Package.swift')) ? root : null;
}

/** The checkout this copy runs from, or null when it is installed. */
const CHECKOUT = checkoutRoot();

/** The repository's release build when running from a checkout, else null. */
const REPOSITORY_BUILD = CHECKOUT && join(CHECKOUT, '.build', 'release', 'petflowd');

/**
 * The package's own `petflowd` command (bin/petflowd.js), which a PATH search must not take for the
 * binary.
 */
const COMMAND_SHIM = fileURLToPath(new URL('../bin/petflowd.js', import.meta.url));

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function isExecutableFile(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Whether `file` is this package's command (node_modules/.bin/petflowd links to it, and is on PATH
 * in npm scripts).
 */
function isCommandShim(file) {
  try {
    return realpathSync(file) === realpathSync(COMMAND_SHIM);
  } catch {
    return false;
  }
}

/**
 * `candidate` when it is an executable file; else a DaemonNotFoundError saying why, naming
 * `source`.
 */
function usable(candidate, source) {
  const where = `${source} names ${JSON.stringify(candidate)}`;
  let stat;
  try {
    stat = statSync(candidate);
  } catch {
    throw new DaemonNotFoundError(`${where}, which does not exist`, candidate, [source]);
  }
  if (stat.isDirectory()) {
    throw new DaemonNotFoundError(
      `${where}, which is a directory, not the petflowd executable`,
      candidate,
      [source],
    );
  }
  if (!isExecutableFile(candidate)) {
    throw new DaemonNotFoundError(`${where}, which is not executable (chmod +x it?)`, candidate, [
      source,
    ]);
  }
  return candidate;
}

/**
 * The binary of the installed platform package: `{file}`, or `{searched}` saying where it
 * was looked for. The `petflowd` command of the npm package runs this one only.
 */
export function bundledDaemon() {
  const platform = `${process.platform} ${process.arch}`;
  const name = PLATFORM_PACKAGES[platform];
  if (!name) return { searched: `a bundled binary: no prebuilt package for ${platform}` };
  try {
    const file = createRequire(import.meta.url).resolve(`${name}/bin/petflowd`);
    if (isExecutableFile(file)) return { file };
    return { searched: `the bundled binary ${file} (not executable)` };
  } catch {
    return {
      searched: `the bundled binary: optional dependency ${name}/bin/petflowd (not installed)`,
    };
  }
}

/**
 * The executable to spawn: `path`, else env PETFLOWD, else the binary of the optional
 * platform package (@petflow/linux-x64-gnu), else petflowd on PATH, else (from a checkout only)
 * the repository's release build. A `path` or PETFLOWD that names no executable is an error,
 * never skipped. Throws DaemonNotFoundError, listing every place looked in and how to fix it,
 * when none has one.
 */
export function findDaemon(path) {
  if (path) return usable(path, 'the path given');
  if (process.env.PETFLOWD) return usable(process.env.PETFLOWD, 'PETFLOWD');
  const searched = ['the path option (none given)', 'PETFLOWD (not set)'];
  const bundled = bundledDaemon();
  if (bundled.file) return bundled.file;
  searched.push(bundled.searched);
  const pathList = process.env.PATH ?? '';
  for (const dir of pathList.split(delimiter)) {
    const candidate = dir && join(dir, 'petflowd');
    if (candidate && isExecutableFile(candidate) && !isCommandShim(candidate)) return candidate;
  }
  searched.push(`petflowd on PATH: ${pathList}`);
  if (REPOSITORY_BUILD && isExecutableFile(REPOSITORY_BUILD)) return REPOSITORY_BUILD;
  if (REPOSITORY_BUILD) {
    searched.push(`the repository's release build: ${REPOSITORY_BUILD} (not built yet)`);
  }
  const places = searched.map((place) => `  - ${place}\n`).join('');
  const message = `petflowd not found; looked in:\n${places}${remedy()}`;
  throw new DaemonNotFoundError(message, null, searched);
}

/** What makes the next attempt find petflowd, for a checkout or an installed copy. */
function remedy() {
  if (CHECKOUT) {
    return (
      `Build it in the repository (${BUILD_COMMAND} in ${CHECKOUT} makes ${REPOSITORY_BUILD}), ` +
      'set PETFLOWD to a petflowd executable, or pass spawn({path}).'
    );
  }
  return (
    `Set PETFLOWD to a petflowd executable (from a checkout: run ${BUILD_COMMAND} there, then ` +
    'export PETFLOWD=/path/to/checkout/.build/release/petflowd), pass spawn({path}), or install ' +
    'both tarballs scripts/package writes to dist/ (petflow and @petflow/linux-x64-gnu, which ' +
    'carries petflowd).'
  );
}
