// The HTTP status of a failed API call: 4xx when the caller can fix it (bad
// input, an unknown id, an operation the store refuses), 500 only for what is
// left, a fault of the tool. Errors are recognised by their kind (their class
// name, shared/api-errors.ts), not instanceof: the bridge serves any
// implementation of the contract and must not load db/ (and with it SQLite's
// native module) to classify an error. Every kind has a status (a new kind
// without one fails to compile).
import { ApiInputError } from '../../shared/api';
import { refusalKindOf, type ApiRefusalKind } from '../../shared/api-errors';

const STATUS_BY_KIND = {
  ApiInputError: 400,
  PathError: 400,
  // A file is in the way of the output: the same call with overwrite succeeds.
  OutputExistsError: 409,
  NotFoundError: 404,
  JobBusyError: 409,
  RevisionConflictError: 409,
  StoreBusyError: 409,
  RulingError: 422,
  RulingLogError: 422,
  AuditError: 422,
  ReportError: 422,
  ExportError: 422,
  ImportError: 422,
  ReaderError: 422,
  FileSizeSettingError: 422,
  PatchFormatError: 422,
  PatchMismatchError: 422,
  DatasetFormatError: 422,
  // GitHub answered badly or not at all: the bridge is a gateway for that call.
  GitHubError: 502,
  GitHubRateLimitError: 502,
  PartialFetchError: 502,
} as const satisfies Record<ApiRefusalKind, number>;

export function errorStatus(err: unknown): number {
  if (err instanceof ApiInputError) return 400;
  const kind = refusalKindOf(err);
  return kind === undefined ? 500 : STATUS_BY_KIND[kind];
}
