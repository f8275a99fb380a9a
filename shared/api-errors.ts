// How a refused API call says what kind of refusal it met, beside its message,
// the same way on every host (Electron IPC, the loopback bridge): the page
// decides what to do by the kind (ask before replacing a file, show a field's
// error), never by the wording, which is free to change. The kind is the
// refusing error's class name; anything not listed here is a fault of the
// tool and crosses with its message only.

export const API_REFUSAL_KINDS = [
  // The input itself is wrong: a field, or a path that is not what it names.
  'ApiInputError',
  'PathError',
  // An output path holds a file of another kind; the caller may say to replace it.
  'OutputExistsError',
  // No dispute, report or other record with that id.
  'NotFoundError',
  // The store's state is in the way: another job runs, a revision tag is taken.
  'JobBusyError',
  'RevisionConflictError',
  // Another process held the store's write lock for longer than the wait allowed.
  'StoreBusyError',
  // Well-formed but refused by a rule of the domain, or by the files it names.
  'RulingError',
  'RulingLogError',
  'AuditError',
  'ReportError',
  'ExportError',
  'ImportError',
  'ReaderError',
  'FileSizeSettingError',
  'PatchFormatError',
  'PatchMismatchError',
  'DatasetFormatError',
  // GitHub answered badly or not at all.
  'GitHubError',
  'GitHubRateLimitError',
  'PartialFetchError',
] as const;

export type ApiRefusalKind = (typeof API_REFUSAL_KINDS)[number];

const KINDS: ReadonlySet<string> = new Set(API_REFUSAL_KINDS);

export function isApiRefusalKind(value: unknown): value is ApiRefusalKind {
  return typeof value === 'string' && KINDS.has(value);
}

/** The kind of refusal an error thrown by the service is, or undefined for a fault. */
export function refusalKindOf(error: unknown): ApiRefusalKind | undefined {
  if (!(error instanceof Error)) return undefined;
  return isApiRefusalKind(error.name) ? error.name : undefined;
}

/** A failed call as the page sees it, from any host: the service's message and, for a refusal, its kind. */
export class ApiCallError extends Error {
  override name = 'ApiCallError';
  readonly kind: ApiRefusalKind | undefined;
  constructor(message: string, kind: unknown) {
    super(message);
    this.kind = isApiRefusalKind(kind) ? kind : undefined;
  }
}

/** Whether a call failed with a refusal of this kind. */
export function refusedAs(error: unknown, kind: ApiRefusalKind): boolean {
  return error instanceof ApiCallError && error.kind === kind;
}

/**
 * A call's outcome as plain data. Electron's contextBridge copies values with
 * structured clone, which turns any Error into a bare Error(message) and drops
 * its kind; so the preload hands the page this, and the page builds the error.
 */
export type CallResult<T> = { ok: true; value: T } | { ok: false; error: string; kind?: ApiRefusalKind };

export function isCallResult(value: unknown): value is CallResult<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { ok?: unknown; error?: unknown };
  return candidate.ok === true || (candidate.ok === false && typeof candidate.error === 'string');
}

/** The value of a successful call; a failed one throws ApiCallError with its kind. */
export function valueOrThrow<T>(result: CallResult<T>): T {
  if (result.ok) return result.value;
  throw new ApiCallError(result.error, result.kind);
}
