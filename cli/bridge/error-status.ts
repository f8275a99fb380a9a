// The HTTP status of a failed API call: 4xx when the caller can fix it (bad
// input, an unknown id, an operation the store refuses), 500 only for what is
// left, a fault of the tool. Errors are recognised by their class name, not
// instanceof: the bridge serves any implementation of the contract and must
// not load db/ (and with it SQLite's native module) to classify an error.
import { ApiInputError } from '../../shared/api';

const STATUS_BY_NAME: Readonly<Record<string, number>> = {
  // The input itself is wrong: a field, or a path that is not what it names.
  ApiInputError: 400,
  PathError: 400,
  // No dispute, report or other record with that id.
  NotFoundError: 404,
  // The store's state is in the way: another job runs, a revision tag is taken.
  JobBusyError: 409,
  RevisionConflictError: 409,
  // Well-formed but refused by a rule of the domain, or by the files it names.
  RulingError: 422,
  RulingLogError: 422,
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
};

export function errorStatus(err: unknown): number {
  if (err instanceof ApiInputError) return 400;
  if (!(err instanceof Error)) return 500;
  return Object.prototype.hasOwnProperty.call(STATUS_BY_NAME, err.name) ? STATUS_BY_NAME[err.name]! : 500;
}
