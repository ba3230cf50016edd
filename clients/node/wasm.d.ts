// Types of petflow/wasm: PetFlowEngine, petflow.wasm in this process, with PetFlowClient's
// methods (the same results and errors; each promise already settled when it is returned).
import type { PetFlowClient, SpawnOptions } from './index.js';

export {
  ClientClosedError,
  DaemonExitedError,
  deleteBackward,
  deleteForward,
  insert,
  PetFlowError,
  replace,
  StaleRevisionError,
  UnsendableInputError,
} from './index.js';
export type {
  Choice,
  Condition,
  Edit,
  ExportedFlow,
  FieldError,
  FieldInfo,
  FieldInput,
  FieldKind,
  FieldOptions,
  FieldResult,
  FieldValue,
  FlowInfo,
  FlowName,
  FlowSnapshot,
  FlowStatus,
  FlowValidation,
  InitializeResult,
  PathLine,
  Photo,
  Progress,
  RevOption,
  Selection,
  SelectionLike,
  SpawnOptions,
  Step,
  StepField,
  Validation,
} from './index.js';

export interface EngineOptions {
  /**
   * petflow.wasm: a path or URL, its bytes or a compiled module; else env PETFLOW_WASM, the
   * package's own copy, a checkout's clients/web/petflow.wasm.
   */
  module?: string | URL | Uint8Array | ArrayBuffer | WebAssembly.Module;
  /** A directory whose flow files are loaded as `petflowd --flows DIR` loads them. */
  flows?: string;
  /** More flow files, each its text or bytes. */
  flowFiles?: (string | Uint8Array)[];
  /** PetFlowClient.spawn's `['--flows', dir]` (no other option of petflowd means anything here). */
  args?: string[];
  /** "en" (default) or "pl": the language of error messages. */
  locale?: string;
  /** "YYYY-MM-DD": the date that date rules compare with (for tests). */
  today?: string;
  /** Each line petflowd would write on stderr. */
  log?: (line: string) => void;
}

/** The flow files were not sound: `problems` as `petflowd check-flows` prints them. */
export class FlowFilesError extends Error {
  readonly problems: string;
}

/** The methods PetFlowEngine shares with PetFlowClient. */
type SharedMethods = Pick<
  PetFlowClient,
  | 'serverInfo'
  | 'request'
  | 'notify'
  | 'format'
  | 'edit'
  | 'validate'
  | 'fields'
  | 'flows'
  | 'start'
  | 'state'
  | 'update'
  | 'next'
  | 'back'
  | 'goto'
  | 'cancel'
  | 'validateFlow'
  | 'export'
  | 'import'
  | 'replay'
  | 'close'
>;

/**
 * petflowd's engine in this process (petflow.wasm). Its methods are PetFlowClient's; a call
 * during which the module trapped rejects with PetFlowError -32603, and the next call is
 * answered by a fresh instance sent the same initialize.
 */
export interface PetFlowEngine extends SharedMethods {
  /**
   * One JSON-RPC body (request, notification or batch) in, synchronously; the body petflowd
   * would write out, or null where it writes nothing.
   */
  handle(body: string): string | null;
  /** The module's linear memory now. */
  readonly memory: WebAssembly.Memory;
  /** Resolves once the session has ended (exit, or close()). */
  readonly exited: Promise<{ code: number | null; signal: null }>;
}
export const PetFlowEngine: {
  /** Loads petflow.wasm and sends initialize (positionEncoding "utf-16"). */
  load(options?: EngineOptions): Promise<PetFlowEngine>;
  /** load() under PetFlowClient's name: `path` and `timeout` mean nothing here. */
  spawn(options?: SpawnOptions & EngineOptions): Promise<PetFlowEngine>;
};

/** The petflow.wasm load() takes when given no `module`: a path, a URL or bytes. */
export function findModule(module?: EngineOptions['module']): NonNullable<EngineOptions['module']>;
