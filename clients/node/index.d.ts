// Types of the petflow Node client. Offsets are JavaScript string (UTF-16) indices.

/**
 * A field kind: field/list's, and `choice`, which only a flow's field takes (with its own
 * options). test/vocabulary.test.js holds this and every other union here to petflowd.
 */
export type FieldKind =
  | 'chipNumber'
  | 'phone'
  | 'email'
  | 'latitude'
  | 'longitude'
  | 'age'
  | 'date'
  | 'species'
  | 'gender'
  | 'text'
  | 'photo'
  | 'choice';

/** A built-in flow's id; a flow of a --flows file has an id of its own. */
export type FlowName = 'reportMissingPet' | 'reportFoundPet';

/** A field kind or flow name this version knows, or any other string a newer petflowd may know. */
type OrOther<Known extends string> = Known | (string & {});

/** A selection as UTF-16 indices; start === end is a caret. */
export interface Selection {
  start: number;
  end: number;
}

/** A caret index, a `[start, end]` pair or a `{start, end}` selection. */
export type SelectionLike = number | readonly [number, number] | Selection;

export type Edit =
  | { type: 'insert'; text: string }
  | { type: 'deleteBackward' }
  | { type: 'deleteForward' }
  | { type: 'replace'; start: number; end: number; text: string };

/** Field options: `maxLength` applies to text fields only. */
export interface FieldOptions {
  required?: boolean;
  maxLength?: number;
}

/** Photo metadata, as a photo field stores it (petflowd never opens the uri). */
export interface Photo {
  uri: string;
  mimeType: string;
  sizeBytes?: number;
  fileName?: string;
}

/** A stored value: text, a number (age, coordinates), photo metadata, or null. */
export type FieldValue = string | number | Photo | null;
/**
 * A value as a client sends it: text as a control shows it, a number, a photo, or null to clear.
 */
export type FieldInput = string | number | boolean | Photo | null;

export interface FieldError {
  /** Stable code, e.g. "date.invalid". */
  code: string;
  /** In the session's locale. */
  message: string;
  params?: Record<string, unknown>;
}

/**
 * What the control should show after format or edit (members in the order petflowd writes them).
 */
export interface FieldResult {
  text: string;
  /** Where the caret goes: selection.end. */
  caret: number;
  selection: Selection;
  value: FieldValue;
  error: FieldError | null;
  /** Present (true) when the edit was refused: text and selection exactly as before. */
  rejected?: true;
  /**
   * Present (true) when a character the field never takes was left out (not the kind's own
   * separators).
   */
  dropped?: true;
  /** Present (true) when input was cut for length (the 16th chip digit). */
  truncated?: true;
}

export interface Validation {
  valid: boolean;
  /** What the field would store (as a flow's values carry it), or null. */
  value: FieldValue | null;
  error: FieldError | null;
}

export interface FlowValidation {
  valid: boolean;
  errors: Record<string, FieldError>;
}

export interface Choice {
  id: string;
  label: string;
}

export interface FieldInfo {
  kind: FieldKind;
  label: string;
  /** What to type, to show under the label ("" when the label says it all). */
  hint: string;
  placeholder: string;
  keyboard: string;
  maxLength: number | null;
  options: Choice[] | null;
  /** HTML's inputmode for the kind's keyboard. */
  inputMode: 'numeric' | 'tel' | 'decimal' | 'email' | 'text' | 'none';
  /**
   * mask: separators among significant characters; freeText: every character significant; none: not
   * typed.
   */
  editing: 'mask' | 'freeText' | 'none';
  textEditable: boolean;
}

export interface StepField {
  id: string;
  kind: FieldKind;
  label: string;
  /** What to type, to show under the label. */
  hint: string;
  required: boolean;
  placeholder: string;
  keyboard: string;
  maxLength: number | null;
  options: Choice[] | null;
}

export interface Progress {
  current: number;
  total: number;
  label: string;
}

export interface Step {
  id: string;
  index: number;
  kind: 'form' | 'summary';
  title: string;
  progress: Progress | null;
  fields: StepField[];
}

export interface FlowInfo {
  id: OrOther<FlowName>;
  version: number;
  /** In the session's language. */
  title: string;
  steps: Step[];
}

export type FlowStatus = 'active' | 'submitted' | 'cancelled';

/** A live flow as the UI renders it. */
export interface FlowSnapshot {
  flowId: string;
  flow: OrOther<FlowName>;
  version: number;
  status: FlowStatus;
  rev: number;
  /** The current step; null once the flow has ended. */
  step: Step | null;
  /** Canonical stored values by field id, of the steps on the path. */
  values: Record<string, FieldValue>;
  /** The same values as the controls show them. */
  display: Record<string, string>;
  /**
   * Only when there are any: values of steps the path no longer goes through, kept for when it does
   * again.
   */
  dormant?: Record<string, FieldValue>;
  /** Errors to show on the current step, by field id. */
  errors: Record<string, FieldError>;
  canBack: boolean;
  /** Only on the next() that submitted the flow: what the submission service receives. */
  payload?: Record<string, unknown>;
  /** Only on the import() of an older version: what did not come across, and why. */
  upgradeDropped?: { field: string; reason: string }[];
}

/** A flow/export snapshot: keep it as it is and hand it to import(). */
export interface ExportedFlow {
  snapshotFormat: number;
  flowId: string;
  flow: OrOther<FlowName>;
  version: number;
  /**
   * The definition's structure, hashed: an import into another structure of the same version is
   * refused.
   */
  digest: string;
  /** The current step's id. */
  step: string;
  rev: number;
  values: Record<string, FieldValue>;
  /** Only when there are any: the values of steps off the path. */
  dormant?: Record<string, FieldValue>;
  /** Ids of the fields whose errors were being shown. */
  errors: string[];
  /** Only when there are any: the current step's rejected inputs (kept as given) by field id. */
  rejected?: Record<string, FieldInput>;
}

/**
 * The `rev` of the snapshot the UI shows: when the flow has moved on since, the call changes
 * nothing and rejects with StaleRevisionError.
 */
export interface RevOption {
  rev?: number;
}

export interface InitializeResult {
  serverInfo: { name: string; version: string };
  positionEncoding: 'utf-16';
  locale: 'en' | 'pl';
  today?: string;
  methods: string[];
  capabilities: { positionEncoding: string };
}

export interface SpawnOptions {
  /**
   * The executable; else env PETFLOWD, the optional dependency @petflow/linux-x64-gnu's
   * bin/petflowd, petflowd on PATH, the repository's .build/release/petflowd.
   */
  path?: string;
  /** More command-line options for the daemon, such as ['--flows', dir]. */
  args?: string[];
  /** "en" (default) or "pl": the language of error messages. */
  locale?: string;
  /** "YYYY-MM-DD": the date that date rules compare with (for tests). */
  today?: string;
  /**
   * Milliseconds a request (and the start) may wait for its answer (default 10000; 0 or Infinity:
   * no limit).
   */
  timeout?: number;
}

/** A request failed: for an error petflowd answered, its JSON-RPC code, message and data. */
export class PetFlowError extends Error {
  /**
   * The JSON-RPC error code; null for the client's own errors (every subclass but
   * StaleRevisionError).
   */
  readonly code: number | null;
  readonly data: unknown;
  constructor(code: number | null, message: string, data?: unknown);
}

/** A flow call's `rev` was not the flow's current one (-32015): the call changed nothing. */
export class StaleRevisionError extends PetFlowError {
  readonly code: -32015;
  readonly data: { flowId: string; rev: number; snapshot: FlowSnapshot };
  readonly flowId: string;
  /** The flow's current rev. */
  readonly rev: number;
  /** The flow as it is now, exactly what flow/state answers. */
  readonly snapshot: FlowSnapshot;
}

/** The daemon exited, was killed, or could not be started, before answering. */
export class DaemonExitedError extends PetFlowError {
  readonly code: null;
  /** Its exit status, or null when a signal ended it. */
  readonly exitCode: number | null;
  /** The signal that ended it ("SIGKILL"), or null. */
  readonly signal: string | null;
  /** Its last lines on stderr. */
  readonly stderr: string;
}

/** The client was closed: close() ended its daemon; every later request rejects with this. */
export class ClientClosedError extends DaemonExitedError {}

/**
 * A request held something petflowd can never accept, so nothing was sent: NaN or an
 * infinity (JSON.stringify would send null), or a string with a lone surrogate.
 */
export class UnsendableInputError extends PetFlowError {
  readonly code: null;
  readonly method: string;
  /** Where it was: "text", "values.animalLatitude", "params". */
  readonly path: string;
  readonly reason: string;
}

/**
 * No petflowd could be started: a path or PETFLOWD naming no executable, or none found anywhere.
 */
export class DaemonNotFoundError extends PetFlowError {
  readonly code: null;
  /** The candidate at fault, or null when every place was empty. */
  readonly path: string | null;
  /** The places looked in, in order. */
  readonly searched: string[];
}

/** A request got no answer within its timeout; the daemon is left running. */
export class PetFlowTimeoutError extends PetFlowError {
  readonly code: null;
  readonly method: string;
  /** The timeout that passed, in milliseconds. */
  readonly timeout: number;
}

export function insert(text: string): Edit;
export function deleteBackward(): Edit;
export function deleteForward(): Edit;
export function replace(start: number, end: number, text: string): Edit;

/**
 * The executable spawn() would use; throws DaemonNotFoundError (listing where it looked) when there
 * is none.
 */
export function findDaemon(path?: string): string;

/**
 * One petflowd process of its own, spoken to over JSON-RPC (NDJSON on its stdin and stdout).
 * Any number of requests may be in flight; answers are matched by id. Offsets are UTF-16
 * indices (JavaScript string indices). Requests reject with PetFlowError for an error answer
 * (StaleRevisionError for a stale rev), UnsendableInputError (nothing sent) for NaN, an
 * infinity or a lone surrogate, DaemonExitedError when the daemon is gone (ClientClosedError
 * after close()), PetFlowTimeoutError after the timeout.
 */
export class PetFlowClient {
  /** Spawns the daemon and sends initialize (positionEncoding "utf-16"). */
  static spawn(options?: SpawnOptions): Promise<PetFlowClient>;
  private constructor();

  /** What initialize answered. */
  readonly serverInfo: InitializeResult;
  /** The daemon's process id. */
  readonly pid: number | undefined;
  /**
   * Resolves once the daemon has exited (or failed to start); every request in flight has been
   * rejected by then.
   */
  readonly exited: Promise<{ code: number | null; signal: string | null }>;
  /** Milliseconds a request may wait for its answer. */
  timeout: number;

  /** Any method; resolves to its raw result. */
  request<Result = unknown>(
    method: string,
    params?: object,
    options?: { timeout?: number },
  ): Promise<Result>;
  /** Sends a notification (nothing comes back). */
  notify(method: string, params?: object): void;

  /**
   * field/format: `caret` is a UTF-16 index or a selection; omitted, the caret stays at the end.
   */
  format(
    field: OrOther<FieldKind>,
    text: string,
    caret?: SelectionLike | null,
    options?: FieldOptions,
  ): Promise<FieldResult>;
  /** field/edit: one edit applied to the control's pre-edit text and selection. */
  edit(
    field: OrOther<FieldKind>,
    text: string,
    selection: SelectionLike,
    edit: Edit,
    options?: FieldOptions,
  ): Promise<FieldResult>;
  /** field/validate: a string as text, `{value}` as a stored value, nothing as an empty field. */
  validate(
    field: OrOther<FieldKind>,
    input?: string | { text: string } | { value: FieldInput } | null,
    options?: FieldOptions,
  ): Promise<Validation>;
  /** field/list. */
  fields(): Promise<FieldInfo[]>;

  /** flow/list. */
  flows(): Promise<FlowInfo[]>;
  start(flow: OrOther<FlowName>): Promise<FlowSnapshot>;
  state(flowId: string): Promise<FlowSnapshot>;
  update(
    flowId: string,
    values: Record<string, FieldInput>,
    options?: RevOption,
  ): Promise<FlowSnapshot>;
  /**
   * Stores values, validates the step and moves on; on the last step submits (status "submitted",
   * payload).
   */
  next(
    flowId: string,
    values?: Record<string, FieldInput>,
    options?: RevOption,
  ): Promise<FlowSnapshot>;
  /**
   * The step before the current one on the path as the values now stand, values kept; on the first
   * step the flow is cancelled.
   */
  back(flowId: string, options?: RevOption): Promise<FlowSnapshot>;
  /**
   * Any step whose earlier steps all validate, values kept; an unknown or unreachable step rejects
   * (-32602, data.parameter "step", data.reason "unknown", "offPath" or "blocked", and for
   * "blocked" data.blockedBy, the first earlier step that does not validate).
   */
  goto(flowId: string, step: string, options?: RevOption): Promise<FlowSnapshot>;
  cancel(flowId: string, options?: RevOption): Promise<FlowSnapshot>;
  /**
   * On blur: checks `fields`, else the fields in `values`, else the whole step; changes nothing.
   */
  validateFlow(
    flowId: string,
    values?: Record<string, FieldInput>,
    fields?: string[],
  ): Promise<FlowValidation>;
  export(flowId: string): Promise<ExportedFlow>;
  /**
   * A new live flow (new flowId) from an exported snapshot; an older version's is upgraded
   * (`upgradeDropped`).
   */
  import(snapshot: ExportedFlow | Omit<ExportedFlow, 'digest'>): Promise<FlowSnapshot>;

  /**
   * Shutdown and exit, killed after two seconds if need be; resolves to the exit code (null after a
   * signal). Later requests reject with ClientClosedError.
   */
  close(): Promise<number | null>;
}
