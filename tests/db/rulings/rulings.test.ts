import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisputeRecord } from '../../../db/queries/dispute-records';
import { writePolicy } from '../../../db/rulings/policy';
import { refreshAllStatuses } from '../../../db/rulings/status';
import { columnGold } from '../../../db/rulings/written';
import { formatLikeGold } from '../../../shared/gold-format';
import type { ServiceHandle } from '../../../db/service';
import { freshService, smallWorkspace, workspacePaths } from '../../support/workspace';

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

const goldValuesOf = (task: string, column: string): string[] => columnGold(service.store, task, column)!.values;

describe('rulings and status (design.md §6)', () => {
  it('one ruling resolves under the default policy and shows as my decision', async () => {
    const dispute = cells[0]!;
    const result = await service.rule({
      disputeId: dispute.id,
      decision: 'accept_system',
      value: dispute.clusters[0]!.value,
      rationale: 'three sources agree',
      evidence: ['https://example.com/a'],
    });
    expect(result.status).toBe('resolved');
    expect(result.ruling.engineer).toBe('mia');
    const row = (await service.listDisputes({ filter: { task: dispute.task_id }, offset: 0, limit: 1000 })).rows.find(
      (r) => r.id === dispute.id,
    )!;
    expect(row.my_decision).toBe('accept_system');
    expect(row.status).toBe('resolved');
  });

  it("accept_system takes a cluster's value in another spelling (the form offers each one a system wrote, and a choice column's option)", async () => {
    const swapCase = (text: string) =>
      [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
    let checked = 0;
    for (const record of cells.slice(2)) {
      const detail = await service.getDispute({ id: record.id });
      const cluster = detail.clusters.find((c) => !c.agrees_with_gold && swapCase(c.value) !== c.value);
      if (!cluster || !['text', 'choice', 'entity'].includes(detail.column_rule?.type ?? '')) continue;
      const respelled = swapCase(cluster.value);
      // Kept as the system spelled it when asked; else written in gold's format, the spelling accepted kept beside it.
      const kept = await service.rule({
        disputeId: record.id,
        decision: 'accept_system',
        value: respelled,
        keepSpelling: true,
      });
      expect([kept.ruling.value, kept.ruling.accepted]).toEqual([respelled, null]);
      const result = await service.rule({ disputeId: record.id, decision: 'accept_system', value: respelled });
      const rule = detail.column_rule!;
      expect(result.ruling.value).toBe(formatLikeGold(rule, goldValuesOf(record.task_id, record.column!), respelled));
      expect(result.ruling.accepted).toBe(result.ruling.value === respelled ? null : respelled);
      await expect(
        service.rule({ disputeId: record.id, decision: 'accept_system', value: `${respelled} and more` }),
      ).rejects.toThrow(/matches none of this dispute's/u);
      if (++checked === 3) break;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('a second engineer disagreeing makes a conflict; agreeing after normalisation resolves it', async () => {
    const dispute = cells[1]!;
    await service.rule({ disputeId: dispute.id, decision: 'new_value', value: ' Straße ' });
    const conflict = await service.rule({ disputeId: dispute.id, decision: 'keep_gold', engineer: 'noah' });
    expect(conflict.status).toBe('conflict');
    const settled = await service.rule({
      disputeId: dispute.id,
      decision: 'new_value',
      value: 'STRASSE',
      engineer: 'noah',
    });
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
    await expect(service.rule({ disputeId: cells[3]!.id, decision: 'add_row' })).rejects.toThrow(
      /does not apply.*expected one of/,
    );
    await expect(service.rule({ disputeId: cells[3]!.id, decision: 'new_value' })).rejects.toThrow(/needs a value/);
    await expect(
      service.rule({ disputeId: cells[3]!.id, decision: 'keep_gold', evidence: ['javascript:alert(1)'] }),
    ).rejects.toThrow(/http/);
    await expect(service.rule({ disputeId: 'd-nope', decision: 'keep_gold' })).rejects.toThrow(/no dispute/);
    await expect(service.rule({ disputeId: missingRows[0]!.id, decision: 'add_alias', row: 9999 })).rejects.toThrow(
      /no gold row/,
    );
  });

  it('refuses an add_row naming a column the task lacks, naming it and listing the attribute columns; nothing is recorded', async () => {
    const dispute = missingRows[0]!;
    const detail = await service.getDispute({ id: dispute.id });
    const attributes = detail.columns.map((c) => c.name).filter((name) => name !== detail.entity_column);
    const before = detail.rulings.length;
    const unknown = service.rule({
      disputeId: dispute.id,
      decision: 'add_row',
      values: { 'No such column': 'x', [attributes[0]!]: '12' },
    });
    await expect(unknown).rejects.toThrow(
      /^--values: 1 column is not an attribute column of task \S+: "No such column"; its attribute columns are /,
    );
    await expect(unknown).rejects.toThrow(attributes.map((name) => JSON.stringify(name)).join(', '));
    await expect(
      service.rule({ disputeId: dispute.id, decision: 'add_row', values: { [detail.entity_column!]: 'x' } }),
    ).rejects.toThrow(/is the entity column: the new row's entity is the ruling's value/);
    const after = await service.getDispute({ id: dispute.id });
    expect(after.rulings).toHaveLength(before);
    expect(after.dispute.status).toBe('open');
    await expect(
      service.rule({ disputeId: dispute.id, decision: 'add_row', values: { [attributes[0]!]: '12' } }),
    ).resolves.toMatchObject({ status: 'resolved' });
  });

  it('accept_system takes a value some system gave (any spelling of a cluster), naming how many clusters, never gold', async () => {
    const dispute = cells[5]!;
    const clusterValues = dispute.clusters.map((c) => c.value);
    expect(clusterValues).not.toContain('12345');
    const refused = Promise.resolve(service.rule({ disputeId: dispute.id, decision: 'accept_system', value: '12345' }));
    await expect(refused).rejects.toThrow(
      new RegExp(
        `matches none of this dispute's ${dispute.clusters.length} cluster values? \\(pick a cluster, or rule new_value\\)$`,
      ),
    );
    const message = await refused.catch((error: unknown) => (error as Error).message);
    if (dispute.gold.value) expect(message).not.toContain(dispute.gold.value);
    for (const value of clusterValues) expect(message).not.toContain(value);
    const spelled = ` ${dispute.clusters.find((c) => !c.agrees_with_gold)!.value.toUpperCase()}  `;
    await expect(
      service.rule({ disputeId: dispute.id, decision: 'accept_system', value: spelled }),
    ).resolves.toMatchObject({ status: 'resolved' });
    await service.retract({ disputeId: dispute.id });
  });

  it('refuses a field its decision does not take, for every decision, instead of dropping it', async () => {
    const cell = cells[6]!.id;
    const missing = missingRows[1]!.id;
    const refusals: [Parameters<ServiceHandle['rule']>[0], RegExp][] = [
      [{ disputeId: cell, decision: 'keep_gold', value: '3' }, /^decision keep_gold takes no value \(--value\)$/],
      [{ disputeId: cell, decision: 'keep_gold', row: 3 }, /^decision keep_gold takes no gold row \(--row\)$/],
      [
        { disputeId: cell, decision: 'keep_gold', value: '3', row: 3 },
        /^decision keep_gold takes no value \(--value\) and no gold row \(--row\)$/,
      ],
      [
        { disputeId: cell, decision: 'mark_blank', values: {} },
        /^decision mark_blank takes no column values \(--values\)$/,
      ],
      [{ disputeId: cell, decision: 'mark_ungraded', value: '' }, /^decision mark_ungraded takes no value/],
      [{ disputeId: cell, decision: 'new_value', value: '7', row: 0 }, /^decision new_value takes no gold row/],
      [
        { disputeId: cell, decision: 'accept_both', value: '7', values: { a: 'b' } },
        /^decision accept_both takes no column values/,
      ],
      [
        { disputeId: missing, decision: 'add_alias', row: 0, value: 'Another name' },
        /^decision add_alias takes no value/,
      ],
      [{ disputeId: missing, decision: 'add_row', row: 0 }, /^decision add_row takes no gold row/],
      [{ disputeId: missing, decision: 'reject_row', value: 'x' }, /^decision reject_row takes no value/],
      [
        { disputeId: missing, decision: 'add_alias' },
        /^decision add_alias needs the gold row it is an alias of \(--row\)$/,
      ],
    ];
    for (const [input, reason] of refusals)
      await expect(service.rule(input), JSON.stringify(input)).rejects.toThrow(reason);
    expect((await service.getDispute({ id: cell })).rulings).toEqual([]);
    expect((await service.getDispute({ id: missing })).rulings).toEqual([]);
  });

  it('refuses accept_both on a cell gold leaves blank or ungraded (no value to keep), where the same value is accepted as accept_system', async () => {
    // Past the disputes other tests rule.
    const blank = cells.slice(12).find((record) => record.gold.state === 'blank' || record.gold.state === 'ungraded')!;
    expect(blank, 'the workspace has a disputed blank or ungraded gold cell').toBeDefined();
    const value = blank.clusters[0]!.value;
    await expect(service.rule({ disputeId: blank.id, decision: 'accept_both', value })).rejects.toThrow(
      new RegExp(
        `^decision accept_both keeps gold's value and adds this one as an alternative, but gold's cell is ${blank.gold.state}, with no value to keep`,
        'u',
      ),
    );
    expect((await service.getDispute({ id: blank.id })).rulings).toEqual([]);
    await expect(service.rule({ disputeId: blank.id, decision: 'accept_system', value })).resolves.toMatchObject({
      status: 'resolved',
    });
    await service.retract({ disputeId: blank.id });
  });

  it('requires two agreeing engineers once the policy says so, and blind mode hides others until I rule', async () => {
    const dispute = cells[4]!;
    writePolicy(service.store.db, { required: 2, blind: true });
    refreshAllStatuses(service.store);
    try {
      const first = await service.rule({
        disputeId: dispute.id,
        decision: 'keep_gold',
        engineer: 'noah',
        rationale: 'secret',
      });
      expect(first.status).toBe('open');
      const hidden = await service.getDispute({ id: dispute.id });
      expect(hidden.rulings_hidden).toBe(true);
      expect(hidden.hidden_engineers).toBe(1);
      expect(hidden.rulings).toEqual([]);
      const second = await service.rule({ disputeId: dispute.id, decision: 'keep_gold' });
      expect(second.status).toBe('resolved');
      const shown = await service.getDispute({ id: dispute.id });
      expect(shown.rulings_hidden).toBe(false);
      expect(shown.hidden_engineers).toBe(0);
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
