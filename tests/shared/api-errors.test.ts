// A refusal's kind, beside its message (shared/api-errors.ts): the page asks
// before replacing a file because the service refused with
// OutputExistsError, whatever the message says. The errors here are the
// service's own, made by the same checks it runs.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutputTarget, patchOutput, RULING_LOG_OUTPUT } from '../../db/output-guard';
import type { OutputKind } from '../../db/output-guard';
import { checkOutputFile } from '../../db/path-checks';
import { parseInput } from '../../shared/api';
import { ApiCallError, refusalKindOf, refusedAs } from '../../shared/api-errors';

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('not refused');
}

describe('the kind of a refusal', () => {
  const notes = join(mkdtempSync(join(tmpdir(), 'atlas-foreign-')), 'notes.txt');
  writeFileSync(notes, 'mine\n');
  const refusal = (kind: OutputKind): unknown =>
    thrown(() =>
      checkOutputTarget(notes, {
        labels: { out: 'out', overwrite: 'overwrite' },
        inputs: [],
        overwrite: false,
        ...kind,
      }),
    );

  it('is OutputExistsError for a file of another kind where a patch or a ruling log goes, and only for that', () => {
    expect(refusalKindOf(refusal(patchOutput('v1.1')))).toBe('OutputExistsError');
    expect(refusalKindOf(refusal(RULING_LOG_OUTPUT))).toBe('OutputExistsError');
    expect(
      refusalKindOf(thrown(() => checkOutputFile('/x/nowhere/out.json', { label: 'out', expected: 'a file' }))),
    ).toBe('PathError');
    expect(refusalKindOf(thrown(() => parseInput('getDispute', { id: '' })))).toBe('ApiInputError');
  });

  it('is none for a fault of the tool, or what is not an Error', () => {
    expect(refusalKindOf(new TypeError('x is undefined'))).toBeUndefined();
    expect(refusalKindOf(Object.assign(new Error('disk'), { code: 'ENOSPC' }))).toBeUndefined();
    expect(refusalKindOf({ name: 'OutputExistsError', message: 'forged' })).toBeUndefined();
    expect(refusalKindOf('OutputExistsError')).toBeUndefined();
  });

  it('crosses to the page as ApiCallError, and a kind the page does not know is dropped', () => {
    expect(refusedAs(new ApiCallError('out: … already exists', 'OutputExistsError'), 'OutputExistsError')).toBe(true);
    expect(refusedAs(new ApiCallError('out: …', 'PathError'), 'OutputExistsError')).toBe(false);
    expect(new ApiCallError('…', 'SomethingNew').kind).toBeUndefined();
    expect(new ApiCallError('…', 42).kind).toBeUndefined();
    // A plain Error with the right name is not a refusal the page acts on: only the hosts' clients make ApiCallError.
    expect(refusedAs(Object.assign(new Error('…'), { name: 'OutputExistsError' }), 'OutputExistsError')).toBe(false);
  });
});
