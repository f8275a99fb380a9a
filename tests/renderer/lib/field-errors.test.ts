// Refusals in the form's words (lib/field-errors.ts): the service names the
// API's method and fields — the audit saw "Not exported: startExport:
// revision: expected a tag…", "out: no such directory…" and "paths: no such
// file…" — and the forms show the field as they label it. The messages here
// are the service's own, made by the same checks it runs.
import { describe, expect, it } from 'vitest';
import { checkOutputFile, checkReadableFile } from '../../../db/path-checks';
import { parseInput } from '../../../shared/api';
import {
  EXPORT_FIELD_LABELS,
  fieldErrorText,
  MERGE_LOGS_FIELD_LABELS,
  WRITE_LOG_FIELD_LABELS,
} from '../../../renderer/src/lib/field-errors';

function thrown(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('fieldErrorText', () => {
  it('names the export form’s fields by their labels, without the method', () => {
    const tag = thrown(() => parseInput('startExport', { revision: 'v 1.1', out: '/tmp/x.patch.json' }));
    expect(tag).toMatch(/^startExport: revision: expected a tag/u);
    expect(fieldErrorText(tag, EXPORT_FIELD_LABELS)).toMatch(/^Revision tag: expected a tag such as v1\.1/u);

    const base = thrown(() =>
      parseInput('startExport', { revision: 'v1.1', baseRevision: 'v 1', out: '/tmp/x.patch.json' }),
    );
    expect(fieldErrorText(base, EXPORT_FIELD_LABELS)).toMatch(/^Base revision: expected a tag/u);

    const out = thrown(() =>
      checkOutputFile('/no/such/dir/atlas-v1.1.patch.json', { label: 'out', expected: 'a patch' }),
    );
    expect(fieldErrorText(out, EXPORT_FIELD_LABELS)).toBe('Output file: no such directory: /no/such/dir');
  });

  it('names the ruling log fields: Output file, Log files (any of them)', () => {
    const out = thrown(() => checkOutputFile('/no/such/dir/mia.rulings.jsonl', { label: 'out', expected: 'a log' }));
    expect(fieldErrorText(out, WRITE_LOG_FIELD_LABELS)).toBe('Output file: no such directory: /no/such/dir');
    const paths = thrown(() =>
      checkReadableFile('/no/such/noah.rulings.jsonl', { label: 'paths', expected: 'a ruling log (*.rulings.jsonl)' }),
    );
    expect(fieldErrorText(paths, MERGE_LOGS_FIELD_LABELS)).toBe(
      'Log files: no such file: /no/such/noah.rulings.jsonl; expected a ruling log (*.rulings.jsonl)',
    );
    const item = thrown(() => parseInput('importRulings', { paths: ['/a', 7] }));
    expect(item).toMatch(/^importRulings: paths\.1: /u);
    expect(fieldErrorText(item, MERGE_LOGS_FIELD_LABELS)).toMatch(/^Log files: /u);
  });

  it('leaves messages naming no field of the form as they are, minus the method', () => {
    const refusal = '2 settled rulings do not fit the task\u2019s gold: rule them again:\natlas-0001 row 3';
    expect(fieldErrorText(refusal, EXPORT_FIELD_LABELS)).toBe(refusal);
    expect(fieldErrorText('v1.1: taken', EXPORT_FIELD_LABELS)).toBe('v1.1: taken');
    expect(fieldErrorText('startExport: overwrite: expected boolean', EXPORT_FIELD_LABELS)).toBe(
      'overwrite: expected boolean',
    );
    expect(fieldErrorText('constructor: odd', EXPORT_FIELD_LABELS)).toBe('constructor: odd');
  });
});
