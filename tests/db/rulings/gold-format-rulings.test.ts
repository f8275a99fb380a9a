// A value accepted from a system is written in the format the column's gold
// uses (an ISO date, an integer year), the spelling accepted kept beside it;
// the engineer may keep the system's spelling on purpose. The patch carries
// what is written, and the ruling log carries both.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisputeRecord } from '../../../db/queries/dispute-records';
import type { ServiceHandle } from '../../../db/service';
import { plannedOperation } from '../../../renderer/src/lib/gold-spelling';
import { describeGoldOperation } from '../../../shared/gold-operation';
import type { GoldPatch } from '../../../shared/patch';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';

let paths: string[];
const open: ServiceHandle[] = [];
const dir = tempDir();

beforeAll(async () => {
  // Enough tasks for a date column some systems spell out in words, and a year some write 1997.0.
  paths = workspacePaths(await smallWorkspace({ seed: 7, tasks: 12, systems: 5, maxRows: 8, maxColumns: 9 }));
});
afterAll(() => {
  for (const service of open) if (service.store.db.open) service.close();
});

async function fresh(engineer = 'mia'): Promise<ServiceHandle> {
  const service = freshService(engineer);
  open.push(service);
  await service.importPaths(paths);
  return service;
}

/** A cell dispute of a column of `type` with a system's spelling matching `spelled`, and that spelling. */
async function disputeSpelled(
  service: ServiceHandle,
  type: string,
  spelled: RegExp,
): Promise<{ record: DisputeRecord; raw: string; gold: string }> {
  for (const record of service.disputeRecords({ kind: 'cell' })) {
    const detail = await service.getDispute({ id: record.id });
    if (detail.column_rule?.type !== type || detail.gold.value === null) continue;
    for (const cluster of detail.clusters) {
      if (cluster.agrees_with_gold) continue;
      const cell = cluster.cells.find((c) => spelled.test(c.response.trim()));
      if (cell) return { record, raw: cell.response.trim(), gold: detail.gold.value };
    }
  }
  throw new Error(`no ${type} dispute with a spelling like ${spelled}`);
}

const LONG_DATE = /^[A-Z][a-z]+ \d{1,2}, \d{4}$/u;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const isoOf = (long: string): string => {
  const [, month, day, year] = /^([A-Za-z]+) (\d+), (\d{4})$/u.exec(long)!;
  return `${year}-${String(MONTHS.indexOf(month!) + 1).padStart(2, '0')}-${day!.padStart(2, '0')}`;
};

describe("accepted values are written in gold's format", () => {
  it('a long date accepted into an ISO column is written as the ISO date; the ruling, the operation and the patch say so', async () => {
    const service = await fresh();
    const { record, raw, gold } = await disputeSpelled(service, 'date', LONG_DATE);
    expect(gold).toMatch(/^\d{4}-\d{2}-\d{2}$/u);
    const iso = isoOf(raw);
    // What the form previews before saving is what the service says it wrote.
    const planned = plannedOperation(await service.getDispute({ id: record.id }), {
      disputeId: record.id,
      decision: 'accept_system',
      value: raw,
    });
    const result = await service.rule({ disputeId: record.id, decision: 'accept_system', value: raw });
    expect([result.ruling.value, result.ruling.accepted]).toEqual([iso, raw]);
    expect(result.operation).toEqual({
      op: 'set_cell',
      row: record.gold_row,
      column: record.column,
      from: { value: gold },
      to: iso,
    });
    expect(planned).toEqual(result.operation);
    expect(describeGoldOperation(result.operation)).toBe(
      `set_cell row ${record.gold_row! + 1} ${JSON.stringify(record.column)}: ${JSON.stringify(gold)} → ${JSON.stringify(iso)}`,
    );
    // The store holds what is written, and the patch carries it.
    const stored = (await service.getDispute({ id: record.id })).rulings.at(-1)!;
    expect([stored.value, stored.accepted]).toEqual([iso, raw]);
    const patch = JSON.parse(
      readFileSync(
        (await service.exportPatch({ revision: 'v1.1', out: join(dir, 'dates.json'), plaintext: true })).path,
        'utf8',
      ),
    ) as GoldPatch;
    expect(patch.operations.find((op) => op.dispute_id === record.id)?.to).toEqual({ value: iso });
  });

  it('a year written 1997.0 is written 1997 in a column of integers', async () => {
    const service = await fresh();
    const { record, raw } = await disputeSpelled(service, 'number', /^\d{4}\.0$/u);
    const result = await service.rule({ disputeId: record.id, decision: 'accept_system', value: raw });
    expect([result.ruling.value, result.ruling.accepted]).toEqual([raw.replace(/\.0$/u, ''), raw]);
  });

  it("keeps the system's spelling when asked, and only for a value taken from a system", async () => {
    const service = await fresh();
    const { record, raw } = await disputeSpelled(service, 'date', LONG_DATE);
    const kept = await service.rule({
      disputeId: record.id,
      decision: 'accept_system',
      value: raw,
      keepSpelling: true,
    });
    expect([kept.ruling.value, kept.ruling.accepted]).toEqual([raw, null]);
    expect(kept.operation).toMatchObject({ op: 'set_cell', to: raw });
    const both = await service.rule({ disputeId: record.id, decision: 'accept_both', value: raw });
    expect(both.operation).toMatchObject({ op: 'add_alternative', alternative: isoOf(raw) });
    // Typed by the engineer: written as typed.
    expect((await service.rule({ disputeId: record.id, decision: 'new_value', value: raw })).ruling.value).toBe(raw);
    await expect(
      service.rule({ disputeId: record.id, decision: 'new_value', value: raw, keepSpelling: true }),
    ).rejects.toThrow(
      "decision new_value takes no --keep-spelling: only a value taken from a system (accept_system, accept_both, add_row) is written in gold's format",
    );
  });

  it("add_row's cells taken from systems are written in gold's format, as accepted kept beside them", async () => {
    const service = await fresh();
    let found: { id: string; column: string } | null = null;
    for (const record of service.disputeRecords({ kind: 'missing_row' })) {
      const column = (await service.getDispute({ id: record.id })).columns.find((c) => c.rule.type === 'date');
      if (column) {
        found = { id: record.id, column: column.name };
        break;
      }
    }
    if (found === null) return expect.fail('no missing row in a task with a date column');
    const values = { [found.column]: 'November 9, 2005' };
    const planned = plannedOperation(await service.getDispute({ id: found.id }), {
      disputeId: found.id,
      decision: 'add_row',
      values,
    });
    const result = await service.rule({ disputeId: found.id, decision: 'add_row', values });
    expect(planned).toEqual(result.operation);
    expect([result.ruling.values, result.ruling.accepted_values]).toEqual([{ [found.column]: '2005-11-09' }, values]);
    expect(result.operation).toMatchObject({ op: 'add_row', cells: [{ column: found.column, value: '2005-11-09' }] });
    const kept = await service.rule({ disputeId: found.id, decision: 'add_row', values, keepSpelling: true });
    expect([kept.ruling.values, kept.ruling.accepted_values]).toEqual([values, null]);
  });

  it('the ruling log carries what was accepted and what is written; a log without them still merges', async () => {
    const mia = await fresh();
    const { record, raw } = await disputeSpelled(mia, 'date', LONG_DATE);
    await mia.rule({ disputeId: record.id, decision: 'accept_system', value: raw });
    for (const plaintext of [true, false]) {
      const log = (await mia.exportRulings({ out: join(dir, `mia-${plaintext}.rulings.jsonl`), plaintext })).path;
      const [line] = readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((text) => JSON.parse(text) as Record<string, unknown>);
      expect(line).toMatchObject({ format: 'atlas-rulings/3', encrypted: !plaintext });
      if (plaintext) expect([line!.value, line!.accepted]).toEqual([isoOf(raw), raw]);
      else expect(line!.accepted).not.toBe(raw);
      const noah = await fresh('noah');
      expect(await noah.importRulings({ paths: [log] })).toEqual({ added: 1, duplicates: 0, refused: [] });
      expect((await noah.getDispute({ id: record.id })).rulings.map((r) => [r.value, r.accepted])).toEqual([
        [isoOf(raw), raw],
      ]);
      // The same ruling in a format 2 line (no accepted spelling) is the same ruling: a duplicate.
      const { accepted: _a, accepted_values: _v, ...older } = line!;
      const v2 = join(dir, `v2-${plaintext}.rulings.jsonl`);
      writeFileSync(v2, `${JSON.stringify({ ...older, format: 'atlas-rulings/2' })}\n`);
      expect(await noah.importRulings({ paths: [v2] })).toEqual({ added: 0, duplicates: 1, refused: [] });
      const fresher = await fresh('olga');
      expect(await fresher.importRulings({ paths: [v2] })).toEqual({ added: 1, duplicates: 0, refused: [] });
      expect((await fresher.getDispute({ id: record.id })).rulings.map((r) => [r.value, r.accepted])).toEqual([
        [isoOf(raw), null],
      ]);
    }
  });
});
