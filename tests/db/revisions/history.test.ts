// Revision history (design.md §6, issue 5): revisions recorded once per tag,
// conflicting re-exports refused, and importing the revised dataset settles
// the patch's disputes durably — across re-derivation — until runs graded
// against the new gold contest them afresh.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveTaskDisputes } from '../../../db/disputes/derive';
import { applyPatch } from '../../../db/revisions/apply';
import { RevisionConflictError } from '../../../db/revisions/errors';
import { applySettlements, listRevisions, recordRevision, settleByRevision } from '../../../db/revisions/history';
import { readPatchFile } from '../../../db/revisions/patch-file';
import { reviewPatch } from '../../../db/revisions/review';
import { refreshAllStatuses } from '../../../db/rulings/status';
import { getMeta } from '../../../db/store';
import type { ApplyResult } from '../../../shared/revision-types';
import type { RuledWorkspace } from './support';
import { readPatch, ruledWorkspace } from './support';
import { writeRun } from './support/hand-built';

let ws: RuledWorkspace;
let applied: ApplyResult;

interface DisputeState {
  id: string;
  status: string;
  settled_by_revision: string | null;
}

const disputeStates = (ids: readonly string[]): DisputeState[] =>
  ids
    .map((id) =>
      ws.service.store.db
        .prepare<[string], DisputeState>('SELECT id, status, settled_by_revision FROM disputes WHERE id = ?')
        .get(id),
    )
    .filter((row): row is DisputeState => row !== undefined);

beforeAll(async () => {
  ws = await ruledWorkspace();
});
afterAll(() => ws.service.close());

describe('recording revisions', () => {
  it('records an export once; the same changes again (or in plaintext) are no conflict', async () => {
    const { store } = ws.service;
    const encrypted = await readPatchFile(ws.encrypted);
    // `created` is false when export already recorded the tag (once the service wires it in).
    expect(recordRevision(store, { patch: encrypted.patch, patchSha256: encrypted.sha256 }).tag).toBe('v1.1');
    expect(recordRevision(store, { patch: encrypted.patch, patchSha256: encrypted.sha256 })).toEqual({
      tag: 'v1.1',
      created: false,
    });
    const plain = await readPatchFile(ws.plaintext);
    expect(recordRevision(store, { patch: plain.patch, patchSha256: plain.sha256 }).created).toBe(false);

    const revision = listRevisions(store).find((r) => r.tag === 'v1.1');
    expect(revision).toMatchObject({
      tag: 'v1.1',
      base_revision: 'v1.0',
      base_sha256: encrypted.patch.base_sha256,
      created_by: 'mia',
      operations: encrypted.patch.operations.length,
      patch_sha256: encrypted.sha256,
      encrypted: true,
      datasets_after: [],
      imported_at: null,
      disputes: encrypted.patch.operations.length,
      settled: 0,
    });
  });

  it('refuses the same tag with different changes', async () => {
    const { patch, sha256 } = await readPatchFile(ws.plaintext);
    const changed = { ...patch, operations: patch.operations.slice(1) };
    expect(() => recordRevision(ws.service.store, { patch: changed, patchSha256: `${sha256.slice(1)}0` })).toThrow(
      RevisionConflictError,
    );
    expect(listRevisions(ws.service.store).filter((r) => r.tag === 'v1.1')).toHaveLength(1);
    // Another tag with those changes is fine.
    expect(
      recordRevision(ws.service.store, { patch: { ...changed, revision: 'v1.1-rc2' }, patchSha256: 'f'.repeat(64) })
        .created,
    ).toBe(true);
  });

  it('records the revised dataset an apply wrote', async () => {
    applied = await applyPatch({ dataset: ws.workspace.dataset, patch: ws.encrypted, out: join(ws.dir, 'v1.1.jsonl') });
    const { patch } = await readPatchFile(ws.encrypted);
    recordRevision(ws.service.store, {
      patch,
      patchSha256: applied.patch_sha256,
      contentSha256: applied.content_sha256,
      output: { sha256: applied.sha256, format: applied.format },
    });
    expect(listRevisions(ws.service.store).find((r) => r.tag === 'v1.1')!.datasets_after).toEqual([applied.sha256]);
  });
});

describe('settling by revision', () => {
  it('ignores a dataset that is no recorded revision', () => {
    expect(settleByRevision(ws.service.store, '0'.repeat(64))).toBeNull();
  });

  it('importing the revised dataset as the base marks the patch disputes resolved by the tag, durably', async () => {
    const { store } = ws.service;
    const patch = readPatch(ws.plaintext);
    const ids = patch.operations.map((op) => op.dispute_id);
    await ws.service.importPaths([applied.out]);
    expect(getMeta(store.db, 'dataset_sha256')).toBe(applied.sha256);

    const result = settleByRevision(store, applied.sha256);
    expect(result).toEqual({ revision: 'v1.1', settled: ids.length, tasks_left: [] });
    expect(getMeta(store.db, 'base_revision')).toBe('v1.1');
    const states = disputeStates(ids);
    // set_ungraded's cell raises no dispute under the new gold (ungraded gold raises none), but it was ruled
    // on: it stays, as it was, and is settled like the others, which are re-derived.
    expect(states.length).toBe(ids.length);
    for (const state of states) expect(state).toMatchObject({ status: 'resolved', settled_by_revision: 'v1.1' });
    const revision = listRevisions(store).find((r) => r.tag === 'v1.1')!;
    expect(revision.settled).toBe(ids.length);
    expect(revision.imported_at).toMatch(/^\d{4}-\d\d-\d\dT/u);
    expect(readFileSync(applied.out).length).toBeGreaterThan(0);

    // Re-derivation rebuilds the dispute rows and forgets the flag (the kept set_ungraded one is not rebuilt and
    // keeps it); applySettlements restores it.
    const tasks = [...new Set(patch.operations.map((op) => op.task_id))];
    const rebuilt = new Set<string>();
    store.db.transaction(() => {
      for (const task of tasks) for (const id of deriveTaskDisputes(store, task, 2)) rebuilt.add(id);
      refreshAllStatuses(store);
    })();
    const ungraded = patch.operations.find((op) => op.op === 'set_ungraded')!.dispute_id;
    expect(rebuilt.has(ungraded)).toBe(false);
    expect(ids.filter((id) => rebuilt.has(id))).toHaveLength(ids.length - 1);
    for (const id of ids) expect(disputeStates([id])[0]!.settled_by_revision).toBe(rebuilt.has(id) ? null : 'v1.1');
    expect(applySettlements(store, ids)).toBe(states.length);
    for (const state of disputeStates(ids))
      expect(state).toMatchObject({ status: 'resolved', settled_by_revision: 'v1.1' });

    // Settled disputes are not exported again: with nothing else settled, there is nothing to export.
    await expect(
      ws.service.exportPatch({ revision: 'v1.2', out: join(ws.dir, 'v1.2.json'), plaintext: true }),
    ).rejects.toThrow(/^nothing to export: /u);
    expect(listRevisions(store).map((r) => r.tag)).not.toContain('v1.2');
  });

  it('a run graded against the new gold that contests a settled cell opens it afresh', async () => {
    const { store } = ws.service;
    const patch = readPatch(ws.plaintext);
    const setCell = patch.operations.find((op) => op.op === 'set_cell')!;
    const runs = join(ws.dir, 'new-runs');
    writeRun(runs, 'sys-new', 'dddd4444', [
      {
        task_id: setCell.task_id,
        scores: { discovery_f1: 0, item_f1: 0, row_f1: 0 },
        rows: [
          {
            gold_row: setCell.row,
            response_row: 0,
            response_entity: 'anything',
            cells: [{ column: setCell.column!, response: 'A Fresh Disagreement', verdict: 'incorrect' }],
          },
        ],
      },
    ]);
    await ws.service.importPaths([runs]);
    const ids = patch.operations.map((op) => op.dispute_id);
    applySettlements(store, ids);
    const states = new Map(disputeStates(ids).map((s) => [s.id, s]));
    expect(states.get(setCell.dispute_id)!.settled_by_revision).toBeNull();
    // Disputes of other tasks keep their settlement.
    const others = patch.operations.filter((op) => op.task_id !== setCell.task_id && states.has(op.dispute_id));
    expect(others.length).toBeGreaterThan(0);
    for (const op of others) expect(states.get(op.dispute_id)!.settled_by_revision).toBe('v1.1');
  });
});

describe('reviewing a patch', () => {
  it('shows every operation of an encrypted patch in plain text, inside the app', () => {
    const review = reviewPatch(ws.service.store, readPatch(ws.encrypted));
    const plain = readPatch(ws.plaintext);
    expect(review.encrypted).toBe(true);
    expect(
      review.operations.map(({ entity, from, to, evidence, error }) => ({ entity, from, to, evidence, error })),
    ).toEqual(plain.operations.map(({ entity, from, to, evidence }) => ({ entity, from, to, evidence, error: null })));
    const unknown = reviewPatch(ws.service.store, {
      ...readPatch(ws.encrypted),
      operations: [{ ...readPatch(ws.encrypted).operations[0]!, task_id: 'nope' }],
    });
    expect(unknown.operations[0]).toMatchObject({ entity: null, from: null, error: 'task not in the dataset' });
  });
});
