// What the bridge answers when a call fails against the real service: 4xx for
// what the caller can fix (400 bad input, 404 an unknown id, 409 a state in
// the way, 422 a refused operation), 500 only for faults; the message is the
// service's own, the same the CLI and the Electron host show, and a refusal
// names its kind (shared/api-errors.ts) as the Electron host does.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatus } from '../../../cli/bridge/error-status';
import { startServer } from '../../../cli/server';
import type { RunningServer } from '../../../cli/server';
import { importReportFiles } from '../../../db/reports/index';
import type { ServiceHandle } from '../../../db/service';
import { ApiInputError } from '../../../shared/api';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';
import { writeGhIssues } from '../../db/reports/store-fixture';
import { api } from '../../support/http';

let service: ServiceHandle;
let server: RunningServer;
let cellId: string;
let dataset: string;
let folder: string;

beforeAll(async () => {
  const ws = await smallWorkspace();
  dataset = ws.dataset;
  service = freshService('mia');
  await service.importPaths(workspacePaths(ws));
  cellId = [...service.disputeRecords({ kind: 'cell' })][0]!.id;
  importReportFiles(service.store, [writeGhIssues([{ number: 7, title: 'A report', body: 'Something is off.' }])]);
  folder = join(tempDir('atlas-bridge-errors-'), 'folder');
  mkdirSync(folder);
  server = await startServer({ dbPath: service.dbPath, service, rendererDir: folder });
});
afterAll(async () => {
  await server.close();
  service.close();
});

async function call(method: string, input: unknown): Promise<{ status: number; error: string | undefined }> {
  const res = await api(server.port, server.token, method, input);
  const body = res.json();
  expect(body.ok).toBe(false);
  return { status: res.status, error: body.error };
}

describe('unknown ids: 404 with the service message', () => {
  it.each([
    ['rule', () => ({ disputeId: 'd-nope', decision: 'keep_gold' })],
    ['retract', () => ({ disputeId: 'd-nope' })],
    ['getDispute', () => ({ id: 'd-nope' })],
  ] as const)('%s', async (method, input) => {
    expect(await call(method, input())).toEqual({ status: 404, error: 'no dispute with id d-nope' });
  });

  it.each(['getJob', 'cancelJob'] as const)('%s of a job that does not exist', async (method) => {
    expect(await call(method, { jobId: 'nope' })).toEqual({ status: 404, error: 'no job with id nope' });
  });

  it('a report or a link target that does not exist', async () => {
    expect(await call('draftReply', { number: 999 })).toEqual({
      status: 404,
      error: 'no report #999 in this store (import it with "reports import")',
    });
    expect(await call('linkReport', { number: 7, disputeId: 'd-nope' })).toEqual({
      status: 404,
      error: 'no dispute with id d-nope',
    });
  });
});

describe('refused operations: 422', () => {
  it('a decision that does not apply to the dispute', async () => {
    const { status, error } = await call('rule', { disputeId: cellId, decision: 'add_row' });
    expect(status).toBe(422);
    expect(error).toMatch(/^decision add_row does not apply to a cell dispute/);
  });

  it('a reply naming a revision the store never made', async () => {
    expect(await call('draftReply', { number: 7, revision: 'v99-nonexistent' })).toEqual({
      status: 422,
      error: 'no revision "v99-nonexistent" in this store\'s revision history (none yet: export the patch first)',
    });
  });
});

describe('bad input: 400', () => {
  it('a field the schema refuses', async () => {
    expect((await call('rule', { disputeId: cellId, decision: 'overrule' })).status).toBe(400);
  });

  it('a path that is a folder, named by its API field', async () => {
    expect(await call('applyPatch', { dataset: folder, patch: dataset, out: join(folder, '..', 'out.jsonl') })).toEqual(
      {
        status: 400,
        error: `dataset: is a directory: ${folder}; expected a dataset file (.jsonl or .parquet)`,
      },
    );
    expect((await call('exportRulings', { out: folder })).status).toBe(400);
  });

  it.each(['reviewPatch', 'rescore', 'startRescore'] as const)(
    '%s of a patch path that is missing or a folder, naming the field',
    async (method) => {
      const missing = join(folder, 'nope.patch.json');
      expect(await call(method, { patch: missing })).toEqual({
        status: 400,
        error: `patch: no such file: ${missing}; expected an atlas-gold-patch/1 file (.json)`,
      });
      expect(await call(method, { patch: folder })).toEqual({
        status: 400,
        error: `patch: is a directory: ${folder}; expected an atlas-gold-patch/1 file (.json)`,
      });
    },
  );

  it('importRulings of a log that is missing or a folder, refused before anything merges', async () => {
    const missing = join(folder, 'absent.rulings.jsonl');
    expect(await call('importRulings', { paths: [dataset, missing] })).toEqual({
      status: 400,
      error: `paths: no such file: ${missing}; expected a ruling log (*.rulings.jsonl)`,
    });
    expect(await call('importRulings', { paths: [folder] })).toEqual({
      status: 400,
      error: `paths: is a directory: ${folder}; expected a ruling log (*.rulings.jsonl)`,
    });
  });
});

describe('the refusal’s kind, beside its message', () => {
  const kindOf = async (method: string, input: unknown): Promise<{ status: number; kind: unknown }> => {
    const res = await api(server.port, server.token, method, input);
    return { status: res.status, kind: res.json<{ kind?: unknown }>().kind };
  };

  it('names what the page acts on: a file in the way of an export (409: the same call with overwrite goes ahead)', async () => {
    const notes = join(folder, 'notes.txt');
    writeFileSync(notes, 'mine\n');
    expect(await kindOf('exportRulings', { out: notes })).toEqual({ status: 409, kind: 'OutputExistsError' });
    expect(readFileSync(notes, 'utf8')).toBe('mine\n');
    const replaced = await api(server.port, server.token, 'exportRulings', { out: notes, overwrite: true });
    expect(replaced.status).toBe(200);
  });

  it('names every other refusal by its kind too, and a fault by none', async () => {
    expect(await kindOf('getDispute', { id: 'd-nope' })).toEqual({ status: 404, kind: 'NotFoundError' });
    expect(await kindOf('rule', { disputeId: cellId, decision: 'overrule' })).toEqual({
      status: 400,
      kind: 'ApiInputError',
    });
    expect(await kindOf('rule', { disputeId: cellId, decision: 'add_row' })).toEqual({
      status: 422,
      kind: 'RulingError',
    });
    expect(await kindOf('exportRulings', { out: folder })).toEqual({ status: 400, kind: 'PathError' });
  });
});

describe('errorStatus', () => {
  const named = (name: string): Error => Object.assign(new Error('x'), { name });
  it('keeps 500 for anything it does not know, and maps by class name', () => {
    expect(errorStatus(new Error('boom'))).toBe(500);
    expect(errorStatus(new TypeError('boom'))).toBe(500);
    expect(errorStatus('a string')).toBe(500);
    expect(errorStatus(named('SealError'))).toBe(500);
    expect(errorStatus(named('toString'))).toBe(500);
    expect(errorStatus(new ApiInputError('x'))).toBe(400);
    expect(errorStatus(named('JobBusyError'))).toBe(409);
    expect(errorStatus(named('RevisionConflictError'))).toBe(409);
    expect(errorStatus(named('PatchMismatchError'))).toBe(422);
    expect(errorStatus(named('GitHubError'))).toBe(502);
    expect(errorStatus(named('OutputExistsError'))).toBe(409);
  });
});
