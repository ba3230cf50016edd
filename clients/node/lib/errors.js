// The errors a petflow client rejects with: one family, rooted at PetFlowError.

/** The JSON-RPC code of a flow call whose `rev` is not the flow's current one. */
export const STALE_REVISION_CODE = -32015;

/**
 * A request failed. For an error petflowd answered, `code` is its JSON-RPC code, `message`
 * its message and `data` its data (or undefined). The client's own failures are the
 * subclasses whose `code` is null: DaemonExitedError (and ClientClosedError),
 * PetFlowTimeoutError, UnsendableInputError and DaemonNotFoundError.
 */
export class PetFlowError extends Error {
  constructor(code, message, data) {
    super(message);
    this.name = 'PetFlowError';
    this.code = code;
    this.data = data;
  }
}

/**
 * flow/update, flow/next, flow/back or flow/cancel was given a `rev` that is not the
 * flow's current one (-32015): the call changed nothing. `snapshot` is the flow as it is
 * now (what flow/state answers), `rev` its current revision.
 */
export class StaleRevisionError extends PetFlowError {
  constructor(code, message, data) {
    super(code, message, data);
    this.name = 'StaleRevisionError';
    this.flowId = data?.flowId;
    this.rev = data?.rev;
    this.snapshot = data?.snapshot;
  }
}

/** The error for a JSON-RPC error object petflowd answered. */
export function errorFromJSON(error) {
  const { code = null, message = '', data } = error ?? {};
  const Type = code === STALE_REVISION_CODE ? StaleRevisionError : PetFlowError;
  return new Type(code, String(message), data);
}

function exitStatus(exitCode, signal) {
  return signal
    ? `signal ${signal}`
    : exitCode === null
      ? 'still running'
      : `exit status ${exitCode}`;
}

/** The daemon exited, was killed, or failed to start, before answering. */
export class DaemonExitedError extends PetFlowError {
  constructor(
    exitCode,
    signal,
    stderr,
    message = `petflowd exited (${exitStatus(exitCode, signal)})`,
  ) {
    if (stderr.trim()) message += `; its stderr ended with:\n${stderr.trimEnd()}`;
    super(null, message, undefined);
    this.name = 'DaemonExitedError';
    this.exitCode = exitCode;
    this.signal = signal;
    this.stderr = stderr;
  }
}

/** The client was closed: close() ended its daemon, and every later request rejects with this. */
export class ClientClosedError extends DaemonExitedError {
  constructor(exitCode, signal, stderr) {
    super(
      exitCode,
      signal,
      stderr,
      `the petflow client is closed; close() ended its petflowd (${exitStatus(exitCode, signal)})`,
    );
    this.name = 'ClientClosedError';
  }
}

/** A request got no answer within its timeout; the daemon is left running. */
export class PetFlowTimeoutError extends PetFlowError {
  constructor(method, timeout) {
    super(null, `petflowd did not answer ${method} within ${timeout} ms`, undefined);
    this.name = 'PetFlowTimeoutError';
    this.method = method;
    this.timeout = timeout;
  }
}

/**
 * A request held something petflowd can never accept, so it was not sent: NaN or an
 * infinity (JSON.stringify would send null), or a string with a lone surrogate (half of
 * an emoji; petflowd refuses its \u escape). `path` names where (`text`,
 * `values.animalLatitude`), `reason` what.
 */
export class UnsendableInputError extends PetFlowError {
  constructor(method, path, reason) {
    super(null, `${method}: ${path} cannot be sent to petflowd: ${reason}`, undefined);
    this.name = 'UnsendableInputError';
    this.method = method;
    this.path = path;
    this.reason = reason;
  }
}

/**
 * No petflowd executable could be started. `path` is the candidate at fault (a `path` or
 * PETFLOWD naming a directory, a file that is not executable, or nothing), or null when
 * every place was empty; `searched` lists the places looked in, in order.
 */
export class DaemonNotFoundError extends PetFlowError {
  constructor(message, path = null, searched = []) {
    super(null, message, undefined);
    this.name = 'DaemonNotFoundError';
    this.path = path;
    this.searched = searched;
  }
}
