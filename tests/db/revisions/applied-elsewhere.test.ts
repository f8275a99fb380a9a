// A revised dataset applied without the store that exported its patch (the
// release manager's own copy of the tool) is recognised on import by what its
// gold shows, and settles the revision's disputes as if this store had
// applied it. Real stores and files; apply runs with no store at all.
import { copyFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importReportText } from '../../../cli/views/import-report';
import { applyPatch } from '../../../db/revisions/apply';
import { operationShows } from '../../../db/revisions/recognise';
import type { ParsedGold } from '../../../db/readers/types';
import type { ServiceHandle } from '../../../db/service';
import type { GoldPatch, PatchOperation } from '../../../shared/patch';
import { freshService, tempDir, workspacePaths } from '../../support/workspace';
import { readPatch, ruledWorkspace } from './support';
import type { RuledWorkspace } from './support';

let ws: RuledWorkspace;
beforeAll(async () => {
  ws = await ruledWorkspace();
});

/** A store like the exporting one: the workspace imported, the same rulings made, v1.1 exported to `patch`. */
async function exportingStore(patch: string) {
  const service = freshService('mia');
  await service.importPaths(workspacePaths(ws.workspace));
  for (const record of [...ws.service.disputeRecords({})]) {
    const detail = await ws.service.getDispute({ id: record.id });
    for (const ruling of detail.rulings) {
      await service.rule({
        disputeId: record.id,
        decision: ruling.decision as never,
        ...(ruling.value !== null ? { value: ruling.value } : {}),
        ...(ruling.values ? { values: ruling.values } : {}),
        ...(ruling.row !== null ? { row: ruling.row } : {}),
        evidence: ruling.evidence,
      });
    }
  }
  const exported = await service.exportPatch({ revision: 'v1.1', out: patch });
  expect(exported.operations).toBe(readPatch(ws.encrypted).operations.length);
  return service;
}

/** Runs `body` on an exporting store (v1.1 exported to `patchPath` in `dir`), closing it after. */
async function withExportingStore(
  body: (store: { service: ServiceHandle; dir: string; patchPath: string }) => Promise<void>,
): Promise<void> {
  const dir = tempDir('atlas-elsewhere-');
  const patchPath = join(dir, 'v1.1.patch.json');
  const service = await exportingStore(patchPath);
  try {
    await body({ service, dir, patchPath });
  } finally {
    service.close();
  }
}

describe('a revised dataset applied elsewhere', () => {
  it('is known by its gold: the revision becomes the base and settles its disputes; the next patch builds on it', () =>
    withExportingStore(async ({ service, dir, patchPath }) => {
      const ids = readPatch(patchPath).operations.map((op) => op.dispute_id);
      // Someone else applies the patch, with no store.
      const out = join(dir, 'atlas-v1.1.jsonl');
      const released = await applyPatch({ dataset: ws.workspace.dataset, patch: patchPath, out });

      const report = await service.importPaths([out]);
      expect(report.revision).toEqual({ tag: 'v1.1', settled: ids.length, tasks_left: [], recognised_by_gold: true });
      expect(importReportText(report)).toContain(
        "Applied without this store: known by its gold, which shows every change of v1.1's patch.",
      );
      for (const id of ids) expect((await service.getDispute({ id })).settled_by_revision).toBe('v1.1');
      expect((await service.getInfo({})).revision).toBe('v1.1');
      // The same dataset again changes nothing, and says nothing of the revision.
      const again = await service.importPaths([out]);
      expect(again.revision).toBeUndefined();
      for (const id of ids) expect((await service.getDispute({ id })).settled_by_revision).toBe('v1.1');
      const [revision] = await service.listRevisions({});
      expect(revision).toMatchObject({ tag: 'v1.1', datasets_after: [released.sha256] });
      expect(revision!.imported_at).not.toBeNull();

      // The next release names v1.1 as its base.
      const open = [...service.disputeRecords({ kind: 'cell', status: 'open' })].find(
        (record) => record.gold.state === 'value',
      )!;
      await service.rule({ disputeId: open.id, decision: 'mark_blank' });
      const next = join(dir, 'v1.2.patch.json');
      await service.exportPatch({ revision: 'v1.2', out: next });
      expect(readPatch(next)).toMatchObject({ base_revision: 'v1.1', base_sha256: released.sha256 });
    }));

  it('is not taken for the revision when the patch file is gone, lacks a change, or was edited since', () =>
    withExportingStore(async ({ service, dir, patchPath }) => {
      const patch = JSON.parse(readFileSync(patchPath, 'utf8')) as GoldPatch;
      // A release that left one change out shows the others only.
      const partial = join(dir, 'partial.patch.json');
      writeFileSync(partial, JSON.stringify({ ...patch, operations: patch.operations.slice(1) }));
      const partialOut = join(dir, 'atlas-partial.jsonl');
      await applyPatch({ dataset: ws.workspace.dataset, patch: partial, out: partialOut });
      const first = await service.importPaths([partialOut]);
      expect(first.revision).toBeUndefined();
      expect((await service.getInfo({})).revision).toBe('v1.0');

      // The full release, with the patch file moved away: nothing to know it by.
      const fullOut = join(dir, 'atlas-full.jsonl');
      await applyPatch({ dataset: ws.workspace.dataset, patch: patchPath, out: fullOut });
      const moved = join(dir, 'elsewhere.patch.json');
      renameSync(patchPath, moved);
      expect((await service.importPaths([fullOut])).revision).toBeUndefined();

      // Back where it was, but holding other changes than the ones recorded: not trusted either.
      copyFileSync(partial, patchPath);
      expect((await service.importPaths([partialOut])).revision).toBeUndefined();
      // The file as exported: the release is recognised.
      copyFileSync(moved, patchPath);
      expect((await service.importPaths([fullOut])).revision).toMatchObject({ tag: 'v1.1', recognised_by_gold: true });
    }));
});

describe('a release this store did not recognise', () => {
  it('is not released again: the next patch carries none of its changes, and no row is added twice', () =>
    withExportingStore(async ({ service, dir, patchPath }) => {
      const v11 = readPatch(patchPath);
      expect(v11.operations.some((op) => op.op === 'add_row')).toBe(true);
      const out = join(dir, 'atlas-v1.1.jsonl');
      await applyPatch({ dataset: ws.workspace.dataset, patch: patchPath, out });
      renameSync(patchPath, join(dir, 'moved.patch.json'));
      expect((await service.importPaths([out])).revision).toBeUndefined();

      const open = [...service.disputeRecords({ kind: 'cell', status: 'open' })].find(
        (record) => record.gold.state === 'value',
      )!;
      await service.rule({ disputeId: open.id, decision: 'mark_blank' });
      const next = join(dir, 'v1.2.patch.json');
      await service.exportPatch({ revision: 'v1.2', out: next });
      // v1.1's changes are in the base already: each would write gold as it is, the added row a second time.
      expect(readPatch(next).operations.map((op) => op.dispute_id)).toEqual([open.id]);
      const released = join(dir, 'atlas-v1.2.jsonl');
      await applyPatch({ dataset: out, patch: next, out: released });
      await service.importPaths([released]);
      for (const taskId of new Set(v11.operations.map((op) => op.task_id))) {
        const names = (
          await service.getDispute({
            id: [...service.disputeRecords({})].find((record) => record.task_id === taskId)!.id,
          })
        ).task_rows.map((row) => row.entity);
        expect(new Set(names).size, taskId).toBe(names.length);
      }
    }));
});

describe("applying another store's patch under a tag this store exported", () => {
  it('is refused before anything is written, saying why', async () => {
    const dir = tempDir('atlas-elsewhere-');
    const service = await exportingStore(join(dir, 'v1.1.patch.json'));
    const other = freshService('noor');
    try {
      await other.importPaths(workspacePaths(ws.workspace));
      const cell = [...other.disputeRecords({ kind: 'cell' })].find((record) => record.gold.state === 'value')!;
      await other.rule({ disputeId: cell.id, decision: 'mark_blank' });
      const theirs = join(dir, 'their-v1.1.patch.json');
      await other.exportPatch({ revision: 'v1.1', out: theirs });
      const out = join(dir, 'atlas-their-v1.1.jsonl');
      const changelog = join(dir, 'CHANGELOG.md');
      const { jobId } = await service.applyPatch({ dataset: ws.workspace.dataset, patch: theirs, out, changelog });
      await service.idle();
      const job = await service.getJob({ jobId });
      expect(job.state).toBe('failed');
      expect(job.error).toMatch(
        /^revision v1\.1 was already exported from this store with different changes \(patch [0-9a-f]{12}…\): this patch is another v1\.1/u,
      );
      expect(existsSync(out)).toBe(false);
      expect(existsSync(changelog)).toBe(false);
    } finally {
      other.close();
      service.close();
    }
  });
});

describe('operationShows', () => {
  const gold: ParsedGold = {
    entity_column: 'Name',
    columns: [
      { name: 'Name', rule: { type: 'entity' } },
      { name: 'City', rule: { type: 'text' } },
    ],
    rows: [
      {
        entity: 'Alpha',
        aliases: ['A'],
        cells: { City: { state: 'value', value: 'Lyon', alternatives: ['Lugdunum'], sources: [] } },
      },
      { entity: 'Gamma', aliases: [], cells: { City: { state: 'blank', value: null, alternatives: [], sources: [] } } },
    ],
  };
  const op = (o: Partial<PatchOperation> & Pick<PatchOperation, 'op'>): PatchOperation => ({
    task_id: 't',
    row: 0,
    entity: 'Alpha',
    column: 'City',
    from: null,
    to: null,
    evidence: [],
    rulings: [],
    issues: [],
    dispute_id: '',
    ...o,
  });

  it('finds cells by their row entity, whatever index a removal gave them', () => {
    expect(operationShows(gold, op({ op: 'set_cell', to: { value: 'Lyon', alternatives: ['Lugdunum'] } }))).toBe(true);
    expect(operationShows(gold, op({ op: 'set_cell', to: { value: 'Lyon' } }))).toBe(false);
    expect(operationShows(gold, op({ op: 'add_alternative', to: { value: 'Lyon', alternatives: ['Lugdunum'] } }))).toBe(
      true,
    );
    expect(operationShows(gold, op({ op: 'set_cell', to: { value: 'Paris' } }))).toBe(false);
    // Gamma was row 2 in the base; a removal made it row 1.
    expect(operationShows(gold, op({ op: 'set_blank', row: 2, entity: 'Gamma', to: { blank: true } }))).toBe(true);
    expect(operationShows(gold, op({ op: 'set_ungraded', row: 2, entity: 'Gamma', to: { ungraded: true } }))).toBe(
      false,
    );
  });

  it('checks rows by name: added, aliased, removed', () => {
    expect(
      operationShows(
        gold,
        op({ op: 'add_row', row: 2, entity: 'Gamma', column: null, to: { entity: 'Gamma', aliases: [] } }),
      ),
    ).toBe(true);
    expect(operationShows(gold, op({ op: 'add_alias', column: null, to: { entity: 'Alpha', aliases: ['A'] } }))).toBe(
      true,
    );
    expect(operationShows(gold, op({ op: 'add_alias', column: null, to: { entity: 'Alpha', aliases: ['Alf'] } }))).toBe(
      false,
    );
    expect(
      operationShows(
        gold,
        op({ op: 'remove_row', row: 1, entity: 'Beta', column: null, from: { entity: 'Beta', aliases: [] } }),
      ),
    ).toBe(true);
    expect(
      operationShows(
        gold,
        op({ op: 'remove_row', row: 1, entity: 'Gamma', column: null, from: { entity: 'Gamma', aliases: [] } }),
      ),
    ).toBe(false);
  });
});
