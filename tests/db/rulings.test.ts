import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisputeRecord } from '../../db/queries/dispute-records';
import { writePolicy } from '../../db/rulings/policy';
import { refreshAllStatuses } from '../../db/rulings/status';
import type { ServiceHandle } from '../../db/service';
import { freshService, smallWorkspace, workspacePaths } from './workspace';

let service: ServiceHandle;
let cells: DisputeRecord[];
let missingRows: DisputeRecord[];

beforeAll(async () => {
  service = freshService('mia');
  await service.importPaths(workspacePaths(await smallWorkspace()));
  const all = [...service.disputeRecords({})];
  cells = all.filter((record) => record.kind === 'cell');
  missingRows = all.filter((record) => record.kind === 'missing_row');
});
afterAll(() => service.close());

describe('rulings and status (DESIGN §6)', () => {
  it('one ruling resolves under the default policy and shows as my decision', async () => {
    const dispute = cells[0]!;
    const result = await service.rule({ disputeId: dispute.id, decision: 'accept_system', value: dispute.clusters[0]!.value, rationale: 'three sources agree', evidence: ['https://example.com/a'] });
    expect(result.status).toBe('resolved');
    expect(result.ruling.engineer).toBe('mia');
    const row = (await service.listDisputes({ filter: { task: dispute.task_id }, offset: 0, limit: 1000 })).rows.find((r) => r.id === dispute.id)!;
    expect(row.my_decision).toBe('accept_system');
    expect(row.status).toBe('resolved');
  });

  it('a second engineer disagreeing makes a conflict; agreeing after normalisation resolves it', async () => {
    const dispute = cells[1]!;
    await service.rule({ disputeId: dispute.id, decision: 'new_value', value: ' Straße ' });
    const conflict = await service.rule({ disputeId: dispute.id, decision: 'keep_gold', engineer: 'noah' });
    expect(conflict.status).toBe('conflict');
    const settled = await service.rule({ disputeId: dispute.id, decision: 'new_value', value: 'STRASSE', engineer: 'noah' });
    expect(settled.status).toBe('resolved');
  });

  it('retracting is a new event that undoes my latest ruling', async () => {
    const dispute = cells[2]!;
    const first = await service.rule({ disputeId: dispute.id, decision: 'keep_gold' });
    await service.rule({ disputeId: dispute.id, decision: 'mark_blank' });
    const retracted = await service.retract({ disputeId: dispute.id });
    expect(retracted.ruling.decision).toBe('retract');
    const detail = await service.getDispute({ id: dispute.id });
    expect(detail.rulings.map((ruling) => ruling.decision)).toEqual(['keep_gold', 'mark_blank', 'retract']);
    expect(detail.rulings.find((ruling) => ruling.counted)!.id).toBe(first.ruling.id);
    await service.retract({ disputeId: dispute.id });
    expect((await service.getDispute({ id: dispute.id })).dispute.status).toBe('open');
    await expect(service.retract({ disputeId: dispute.id })).rejects.toThrow(/no ruling/);
  });

  it('refuses decisions that do not fit the dispute, naming what was expected', async () => {
    await expect(service.rule({ disputeId: cells[3]!.id, decision: 'add_row' })).rejects.toThrow(/does not apply.*expected one of/);
    await expect(service.rule({ disputeId: cells[3]!.id, decision: 'new_value' })).rejects.toThrow(/needs a value/);
    await expect(service.rule({ disputeId: cells[3]!.id, decision: 'keep_gold', evidence: ['javascript:alert(1)'] })).rejects.toThrow(/http/);
    await expect(service.rule({ disputeId: 'd-nope', decision: 'keep_gold' })).rejects.toThrow(/no dispute/);
    await expect(service.rule({ disputeId: missingRows[0]!.id, decision: 'add_alias', row: 9999 })).rejects.toThrow(/no gold row/);
  });

  it('requires two agreeing engineers once the policy says so, and blind mode hides others until I rule', async () => {
    const dispute = cells[4]!;
    writePolicy(service.store.db, { required: 2, blind: true });
    refreshAllStatuses(service.store);
    try {
      const first = await service.rule({ disputeId: dispute.id, decision: 'keep_gold', engineer: 'noah', rationale: 'secret' });
      expect(first.status).toBe('open');
      const hidden = await service.getDispute({ id: dispute.id });
      expect(hidden.rulings_hidden).toBe(true);
      expect(hidden.rulings).toEqual([]);
      const second = await service.rule({ disputeId: dispute.id, decision: 'keep_gold' });
      expect(second.status).toBe('resolved');
      const shown = await service.getDispute({ id: dispute.id });
      expect(shown.rulings_hidden).toBe(false);
      expect(shown.rulings.map((ruling) => ruling.rationale)).toContain('secret');
      // cells[0] had one ruling: with two required it is open again.
      expect((await service.getDispute({ id: cells[0]!.id })).dispute.status).toBe('open');
    } finally {
      writePolicy(service.store.db, { required: 1, blind: false });
      refreshAllStatuses(service.store);
    }
  });

  it('filters by status and by "needs my ruling"', async () => {
    const resolved = await service.listDisputes({ filter: { status: 'resolved' }, offset: 0, limit: 1000 });
    expect(resolved.rows.every((row) => row.status === 'resolved')).toBe(true);
    expect(resolved.total).toBeGreaterThan(0);
    const needs = await service.listDisputes({ filter: { needs: 'mia' }, offset: 0, limit: 1000 });
    expect(needs.rows.some((row) => row.id === cells[0]!.id)).toBe(false);
    expect(needs.rows.every((row) => row.status !== 'resolved' && row.my_decision === null)).toBe(true);
  });
});
