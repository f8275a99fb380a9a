// `rule` writes a value taken from a system in the format the column's gold
// uses, prints the gold operation it writes (and --json carries it), keeps
// the system's spelling with --keep-spelling, and export's patch carries what
// is written. Child processes on a real store, as a user runs them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateWorkspace } from '../../demo/generate';
import { openService } from '../../db/service';
import type { RuleResult } from '../../shared/api-types';
import type { GoldPatch } from '../../shared/patch';
import { runCli, tempDir } from '../e2e/support';

const dir = tempDir('cli-gold-format-');
const env = {
  ATLAS_ADJUDICATOR_HOME: join(dir.path, 'home'),
  ATLAS_ADJUDICATOR_ENGINEER: 'mia',
  ATLAS_ADJUDICATOR_DB: undefined,
};
const db = dir.db();
const cli = (args: string[]) => runCli([...args, '--db', db], env);
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

/** A date dispute a system answered with a spelled-out date (`November 9, 2005`), its gold cell and that spelling. */
let target: { id: string; row: number; column: string; gold: string; raw: string; iso: string };

beforeAll(async () => {
  const ws = await generateWorkspace(join(dir.path, 'ws'), {
    seed: 7,
    tasks: 12,
    systems: 5,
    maxRows: 8,
    maxColumns: 9,
  });
  const imported = await cli(['import', ws.dataset, ws.runsDir, '--json']);
  expect(imported.code).toBe(0);
  // Found through the service on the same file (closed before any command runs).
  const service = openService({ dbPath: db, settingsPath: join(dir.path, 'settings.json'), engineer: 'probe' });
  try {
    for (const record of service.disputeRecords({ kind: 'cell' })) {
      const detail = await service.getDispute({ id: record.id });
      if (detail.column_rule?.type !== 'date' || detail.gold.value === null) continue;
      const raw = detail.clusters
        .filter((c) => !c.agrees_with_gold)
        .flatMap((c) => c.cells.map((cell) => cell.response.trim()))
        .find((text) => /^[A-Z][a-z]+ \d{1,2}, \d{4}$/u.test(text));
      if (raw === undefined) continue;
      const [, month, day, year] = /^([A-Za-z]+) (\d+), (\d{4})$/u.exec(raw)!;
      const iso = `${year}-${String(MONTHS.indexOf(month!) + 1).padStart(2, '0')}-${day!.padStart(2, '0')}`;
      target = { id: record.id, row: record.gold_row!, column: record.column!, gold: detail.gold.value, raw, iso };
      break;
    }
  } finally {
    service.close();
  }
  expect(target).toBeDefined();
});
afterAll(() => dir.remove());

describe.sequential("rule writes gold's format", () => {
  it('records the ISO date for a spelled-out one and prints the operation it writes', async () => {
    const res = await cli(['rule', target.id, '--decision', 'accept_system', '--value', target.raw]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const lines = res.stdout.split('\n');
    expect(lines[0]).toMatch(
      new RegExp(
        `^Recorded accept_system value "${target.iso}" on ${target.id} by mia \\(ruling [0-9a-f-]+\\)\\.$`,
        'u',
      ),
    );
    expect(lines.slice(1)).toEqual([
      `Accepted "${target.raw}", written "${target.iso}" (gold's format; --keep-spelling writes it as given).`,
      `Writes: set_cell row ${target.row + 1} ${JSON.stringify(target.column)}: ${JSON.stringify(target.gold)} → ${JSON.stringify(target.iso)}`,
      'Status: resolved',
      '',
    ]);
  });

  it('--json carries the ruling with both spellings and the operation, structured', async () => {
    const res = await cli(['rule', target.id, '--decision', 'accept_system', '--value', target.raw, '--json']);
    expect(res.code).toBe(0);
    const result = JSON.parse(res.stdout) as RuleResult;
    expect(result.ruling).toMatchObject({ value: target.iso, accepted: target.raw });
    expect(result.operation).toEqual({
      op: 'set_cell',
      row: target.row,
      column: target.column,
      from: { value: target.gold },
      to: target.iso,
    });
  });

  it("export's patch carries the written value", async () => {
    const out = join(dir.path, 'v1.1.patch.json');
    const res = await cli(['export', '--revision', 'v1.1', '--out', out, '--plaintext']);
    expect(res.code).toBe(0);
    const patch = JSON.parse(readFileSync(out, 'utf8')) as GoldPatch;
    expect(patch.operations.find((op) => op.dispute_id === target.id)?.to).toEqual({ value: target.iso });
  });

  it("--keep-spelling writes the system's spelling, on purpose only", async () => {
    const res = await cli([
      'rule',
      target.id,
      '--decision',
      'accept_system',
      '--value',
      target.raw,
      '--keep-spelling',
      '--json',
    ]);
    expect(res.code).toBe(0);
    const result = JSON.parse(res.stdout) as RuleResult;
    expect([result.ruling.value, result.ruling.accepted]).toEqual([target.raw, null]);
    expect(result.operation).toMatchObject({ op: 'set_cell', to: target.raw });
    const refused = await cli(['rule', target.id, '--decision', 'keep_gold', '--keep-spelling']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('decision keep_gold takes no --keep-spelling');
  });
});
