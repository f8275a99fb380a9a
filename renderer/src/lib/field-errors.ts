// A refusal from the service, in the form's words. The service names what it
// refused as the API does — "exportPatch: revision: expected a tag…",
// "out: no such directory: …", "paths: no such file: …" — which the command
// line's users see with its flag names and the API's with its fields. A form
// shows the field as its label says instead: "Revision tag: expected a tag…",
// "Output file: no such directory: …". Pure; tested directly.
import { isMethodName } from '../../../shared/api';

/** How a form labels the API fields it sends, e.g. `{ out: 'Output file' }`. */
export type FieldLabels = Readonly<Record<string, string>>;

/**
 * `message` without the API method's name in front, and with the field it
 * starts with ("out: …", "paths.1: …") named by its label. A message naming
 * no field of the form is left as it is (the method's name still goes: it
 * means nothing to the engineer).
 */
export function fieldErrorText(message: string, labels: FieldLabels): string {
  const method = /^(\w+): /u.exec(message);
  const rest = method && isMethodName(method[1]!) ? message.slice(method[0].length) : message;
  const field = /^(\w+)(?:\.\d+)*: /u.exec(rest);
  if (field == null || !Object.hasOwn(labels, field[1]!)) return rest;
  return `${labels[field[1]!]}: ${rest.slice(field[0].length)}`;
}

/** The export form (features/release/ExportSection.tsx): "Revision tag: expected a tag…", not "exportPatch: revision: …". */
export const EXPORT_FIELD_LABELS: FieldLabels = {
  revision: 'Revision tag',
  baseRevision: 'Base revision',
  out: 'Output file',
  dataset: 'Base dataset file',
  plaintext: 'Plain text',
};

/** Writing this store's ruling log (features/team/RulingLogCard.tsx). */
export const WRITE_LOG_FIELD_LABELS: FieldLabels = { out: 'Output file', plaintext: 'Plain text' };

/** Merging others' ruling logs: one path or several, "paths" or "paths.2" in the service's words. */
export const MERGE_LOGS_FIELD_LABELS: FieldLabels = { paths: 'Log files' };
