// The gold error-rate audit on a real store: frame and strata, seeded rounds,
// verdicts under the resolution policy, incorrect cells raising disputes, the
// estimate before and after a revision, and verdicts in ruling logs.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../../demo/generate';
import type { ServiceHandle } from '../../../db/service';
import { openService } from '../../../db/service';
import { countFrame as sqlFrameCounts, frameSizes, readFrame } from '../../../db/audit/frame';
import { stratifiedEstimate } from '../../../shared/audit/estimate';
import { writeGhIssues } from '../reports/store-fixture';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';
import { runJob } from '../../../db/run-job';

let workspace: GeneratedWorkspace;
beforeAll(async () => {
  workspace = await smallWorkspace();
});

async function imported(engineer = 'mia'): Promise<ServiceHandle> {
  const service = freshService(engineer);
  await service.importPaths(workspacePaths(workspace));
  return service;
}

/** The frame counted straight from the tables, independently of db/audit/frame.ts. */
function countFrame(service: ServiceHandle): { disputed: number; undisputed: number } {
  const row = service.store.db
    .prepare<[], { disputed: number; total: number }>(
      `SELECT count(*) AS total,
              sum(EXISTS (SELECT 1 FROM disputes d WHERE d.kind = 'cell' AND d.task_id = g.task_id AND d.gold_row = g.row_idx AND d.column_name = g.column_name)) AS disputed
         FROM gold_cells g JOIN tasks t ON t.task_id = g.task_id
        WHERE g.state <> 'ungraded' AND g.column_name <> t.entity_column`,
    )
    .get()!;
  return { disputed: row.disputed, undisputed: row.total - row.disputed };
}

describe('drawing a sample', () => {
  it('records the frame sizes of both strata and draws the sizes asked, ungraded cells and entity columns left out', async () => {
    const service = await imported();
    try {
      const frame = countFrame(service);
      expect(frame.disputed).toBeGreaterThan(3);
      const round = await service.drawAuditSample({ disputed: 3, undisputed: 5, seed: 'alpha' });
      expect(round).toMatchObject({
        round: 1,
        seed: 'alpha',
        frame,
        drawn: { disputed: 3, undisputed: 5 },
        asked: { disputed: 3, undisputed: 5 },
        drawn_by: 'mia',
      });
      const cells = await service.listAuditCells({});
      expect(cells).toHaveLength(8);
      const ungraded = service.store.db.prepare<[string, number, string], { state: string }>(
        'SELECT state FROM gold_cells WHERE task_id = ? AND row_idx = ? AND column_name = ?',
      );
      for (const cell of cells) {
        expect(ungraded.get(cell.task_id, cell.gold_row, cell.column)!.state).not.toBe('ungraded');
        const disputed = service.store.db
          .prepare("SELECT 1 FROM disputes WHERE kind = 'cell' AND task_id = ? AND gold_row = ? AND column_name = ?")
          .get(cell.task_id, cell.gold_row, cell.column);
        expect(cell.stratum).toBe(disputed ? 'disputed' : 'undisputed');
        expect(cell).toMatchObject({ status: 'pending', verdict: null, mine: null, round: 1 });
      }
    } finally {
      service.close();
    }
  });

  it('is reproducible: the same store, sizes and seed give the same cells; another seed others', async () => {
    const [a, b, c] = [await imported(), await imported(), await imported()];
    try {
      await a.drawAuditSample({ disputed: 2, undisputed: 6, seed: 'same' });
      await b.drawAuditSample({ disputed: 2, undisputed: 6, seed: 'same' });
      await c.drawAuditSample({ disputed: 2, undisputed: 6, seed: 'other' });
      const keys = async (s: ServiceHandle) =>
        (await s.listAuditCells({})).map((cell) => [cell.id, cell.task_id, cell.gold_row, cell.column]);
      expect(await keys(b)).toEqual(await keys(a));
      expect(await keys(c)).not.toEqual(await keys(a));
      expect((await a.getAuditOverview({})).rounds[0]!.id).toBe((await b.getAuditOverview({})).rounds[0]!.id);
    } finally {
      [a, b, c].forEach((s) => s.close());
    }
  });

  it('a second round adds cells never drawn before, records its own frame sizes, and refuses more than is left', async () => {
    const service = await imported();
    try {
      const frame = countFrame(service);
      await service.drawAuditSample({ disputed: 2, undisputed: 10, seed: 's1' });
      const second = await service.drawAuditSample({ disputed: 1, undisputed: 10, seed: 's1' });
      expect(second.round).toBe(2);
      expect(second.frame).toEqual(frame);
      const cells = await service.listAuditCells({});
      expect(cells).toHaveLength(23);
      expect(new Set(cells.map((cell) => `${cell.task_id}|${cell.gold_row}|${cell.column}`)).size).toBe(23);
      const overview = await service.getAuditOverview({});
      expect(overview.undrawn).toEqual({ disputed: frame.disputed - 3, undisputed: frame.undisputed - 20 });
      // The overview's SQL counts are the drawing frame's own.
      expect(sqlFrameCounts(service.store)).toEqual(frameSizes(readFrame(service.store)));
      await expect(service.drawAuditSample({ disputed: frame.disputed, undisputed: 0 })).rejects.toThrow(
        `--disputed ${frame.disputed}: the disputed stratum has ${frame.disputed - 3} cells not drawn yet (of ${frame.disputed})`,
      );
      await expect(service.drawAuditSample({ disputed: 0, undisputed: 0 })).rejects.toThrow(/at least one cell/);
      expect(await service.listAuditCells({})).toHaveLength(23);
    } finally {
      service.close();
    }
  });

  it('keeps the audited gold sealed at rest', async () => {
    const service = await imported();
    try {
      await service.drawAuditSample({ disputed: 3, undisputed: 20, seed: 'sealed' });
      const rows = service.store.db
        .prepare<[], { id: string; gold_value_s: string | null }>(
          "SELECT id, gold_value_s FROM audit_cells WHERE gold_state = 'value'",
        )
        .all();
      expect(rows.length).toBeGreaterThan(0);
      let long = 0;
      for (const row of rows) {
        const detail = await service.getAuditCell({ id: row.id });
        const value = detail.gold.value!;
        expect(value).not.toBeNull();
        expect(row.gold_value_s).not.toBe(value);
        // A value of a character or two turns up in random base64 by chance; a longer one must not be there.
        if (value.length >= 4) {
          expect(row.gold_value_s).not.toContain(value);
          long++;
        }
        expect(service.store.sealer.open(row.gold_value_s)).toBe(value);
      }
      expect(long).toBeGreaterThan(0);
    } finally {
      service.close();
    }
  });
});

describe('verdicts and the estimate', () => {
  it('settles with one engineer, counts by stratum, leaves unsure and pending cells out', async () => {
    const service = await imported();
    try {
      await service.drawAuditSample({ disputed: 3, undisputed: 6, seed: 'est' });
      const cells = await service.listAuditCells({});
      const disputed = cells.filter((cell) => cell.stratum === 'disputed');
      const undisputed = cells.filter((cell) => cell.stratum === 'undisputed');
      await service.ruleAuditCell({
        id: disputed[0]!.id,
        verdict: 'incorrect',
        rationale: 'the source says otherwise',
        evidence: ['https://example.org/a'],
      });
      await service.ruleAuditCell({ id: disputed[1]!.id, verdict: 'correct' });
      await service.ruleAuditCell({ id: disputed[2]!.id, verdict: 'unsure' });
      for (const cell of undisputed.slice(0, 4)) await service.ruleAuditCell({ id: cell.id, verdict: 'correct' });
      const estimate = await service.getAuditEstimate({});
      const frame = countFrame(service);
      const expected = stratifiedEstimate([
        { name: 'disputed', frame: frame.disputed, n: 2, incorrect: 1 },
        { name: 'undisputed', frame: frame.undisputed, n: 4, incorrect: 0 },
      ]);
      expect(estimate).toMatchObject({
        rate: expected.rate,
        ci_low: expected.ci_low,
        ci_high: expected.ci_high,
        n: 6,
        n_eff: expected.n_eff,
        unsure: 1,
        pending: 2,
      });
      expect(estimate.strata.map((s) => [s.name, s.frame, s.n, s.incorrect])).toEqual([
        ['disputed', frame.disputed, 2, 1],
        ['undisputed', frame.undisputed, 4, 0],
      ]);
      expect(await service.listAuditCells({ status: 'settled' })).toHaveLength(7);
      expect(await service.listAuditCells({ status: 'pending' })).toHaveLength(2);
      expect(estimate.sentence).toMatch(/^We estimate that \d+\.\d+% of gold values are incorrect \(95% CI /u);
    } finally {
      service.close();
    }
  });

  it('an incorrect cell without a dispute gets one, which survives a re-import; a disputed one joins its dispute', async () => {
    const service = await imported();
    try {
      await service.drawAuditSample({ disputed: 1, undisputed: 1, seed: 'work' });
      const [disputedCell, undisputedCell] = await service.listAuditCells({});
      expect(disputedCell!.stratum).toBe('disputed');
      const disputeCount = () => service.store.db.prepare<[], number>('SELECT count(*) FROM disputes').pluck().get()!;
      const before = disputeCount();
      const joined = await service.ruleAuditCell({ id: disputedCell!.id, verdict: 'incorrect' });
      const cellDispute = service.store.db
        .prepare<[string, number, string], string>(
          "SELECT id FROM disputes WHERE kind = 'cell' AND task_id = ? AND gold_row = ? AND column_name = ?",
        )
        .pluck()
        .get(disputedCell!.task_id, disputedCell!.gold_row, disputedCell!.column);
      expect(joined.dispute_id).toBe(cellDispute);
      expect(disputeCount()).toBe(before);
      const raised = await service.ruleAuditCell({ id: undisputedCell!.id, verdict: 'incorrect' });
      expect(raised.dispute_id).not.toBeNull();
      const dispute = await service.getDispute({ id: raised.dispute_id! });
      expect(dispute.dispute).toMatchObject({
        kind: 'report',
        task_id: undisputedCell!.task_id,
        gold_row: undisputedCell!.gold_row,
        column: undisputedCell!.column,
      });
      expect(disputeCount()).toBe(before + 1);
      // Importing again rebuilds disputes and relinks reports (a store with a report prunes report disputes no report
      // points at): the audit's dispute stays.
      const issues = writeGhIssues([{ number: 7, title: 'Something off', body: 'No task named here.' }]);
      await service.importPaths([...workspacePaths(workspace), issues]);
      expect(service.store.db.prepare('SELECT 1 FROM disputes WHERE id = ?').get(raised.dispute_id!)).toBeDefined();
      // Its fix is a ruling like any other, and the audit links to it.
      const rule = await service.rule({
        disputeId: raised.dispute_id!,
        decision: 'new_value',
        value: 'Fixed by audit',
      });
      const detail = await service.getAuditCell({ id: undisputedCell!.id });
      expect(detail.fix).toMatchObject({
        dispute_id: raised.dispute_id,
        dispute_status: 'resolved',
        ruling: { id: rule.ruling.id, decision: 'new_value', value: 'Fixed by audit' },
      });
    } finally {
      service.close();
    }
  });

  it('after an exported revision, the incorrect cells it fixed count as correct', async () => {
    const service = await imported();
    try {
      await service.drawAuditSample({ disputed: 0, undisputed: 4, seed: 'rev' });
      const cells = await service.listAuditCells({});
      const [fixedCell, unfixedCell, ...rest] = cells;
      const a = await service.ruleAuditCell({ id: fixedCell!.id, verdict: 'incorrect' });
      await service.ruleAuditCell({ id: unfixedCell!.id, verdict: 'incorrect' });
      for (const cell of rest) await service.ruleAuditCell({ id: cell.id, verdict: 'correct' });
      await service.rule({ disputeId: a.dispute_id!, decision: 'new_value', value: 'Corrected value' });
      await runJob(service, 'export', () =>
        service.exportPatch({ revision: 'v1.1', out: join(tempDir(), 'v1.1.patch.json') }),
      );
      const now = await service.getAuditEstimate({});
      const after = await service.getAuditEstimate({ revision: 'v1.1' });
      expect(now.strata[1]).toMatchObject({ n: 4, incorrect: 2 });
      expect(after.strata[1]).toMatchObject({ n: 4, incorrect: 1 });
      expect(after).toMatchObject({ revision: 'v1.1', found: 2, fixed: 1 });
      expect(after.rate!).toBeLessThan(now.rate!);
      expect(after.method).toContain('after v1.1: 1 of the 2 incorrect cells found are fixed');
      const overview = await service.getAuditOverview({});
      expect(overview.revisions.map((r) => [r.revision, r.fixed])).toEqual([['v1.1', 1]]);
      await expect(async () => service.getAuditEstimate({ revision: 'v9' })).rejects.toThrow(
        '--revision v9: not a revision this store exported (it has v1.1)',
      );
    } finally {
      service.close();
    }
  });

  it('under a two-engineer policy: pending until both agree, a conflict when they differ, hidden from the other until they give theirs', async () => {
    const service = await imported();
    try {
      await service.setPolicy({ required: 2 });
      await service.drawAuditSample({ disputed: 0, undisputed: 2, seed: 'team' });
      const [first, second] = await service.listAuditCells({});
      await service.ruleAuditCell({ id: first!.id, verdict: 'incorrect', rationale: 'mia thinks so', engineer: 'mia' });
      expect((await service.ruleAuditCell({ id: first!.id, verdict: 'incorrect', engineer: 'noor' })).status).toBe(
        'settled',
      );
      await service.ruleAuditCell({ id: second!.id, verdict: 'correct', engineer: 'mia' });
      // Blind review (on with two engineers): noor, on the same store, sees neither mia's verdict nor its rationale before giving one.
      const noorView = openAs(service.dbPath, 'noor');
      try {
        const hidden = await noorView.getAuditCell({ id: second!.id });
        expect(hidden.verdicts).toEqual([]);
        expect(hidden.hidden_engineers).toBe(1);
        expect((await noorView.listAuditCells({})).find((cell) => cell.id === second!.id)).toMatchObject({
          status: 'pending',
          verdict: null,
          mine: null,
        });
        await noorView.ruleAuditCell({ id: second!.id, verdict: 'incorrect' });
        const shown = await noorView.getAuditCell({ id: second!.id });
        expect(shown.verdicts.map((v) => [v.engineer, v.verdict])).toEqual([
          ['mia', 'correct'],
          ['noor', 'incorrect'],
        ]);
        expect(shown.cell.status).toBe('conflict');
      } finally {
        noorView.close();
      }
      const estimate = await service.getAuditEstimate({});
      expect(estimate).toMatchObject({ n: 1, pending: 1, conflicts: 1 });
    } finally {
      service.close();
    }
  });

  it('records a verdict given after asking for the systems as unblinded', async () => {
    const service = await imported();
    try {
      await service.drawAuditSample({ disputed: 1, undisputed: 0, seed: 'peek' });
      const [cell] = await service.listAuditCells({});
      const blind = await service.getAuditCell({ id: cell!.id });
      expect(blind.systems).toBeNull();
      expect(blind.question).not.toBeNull();
      const shown = await service.getAuditCell({ id: cell!.id, reveal: true });
      expect(shown.systems!.length).toBeGreaterThan(0);
      await service.ruleAuditCell({ id: cell!.id, verdict: 'correct' });
      expect((await service.getAuditCell({ id: cell!.id })).verdicts[0]!.unblinded).toBe(true);
      expect((await service.getAuditEstimate({})).unblinded).toBe(1);
    } finally {
      service.close();
    }
  });
});

describe('audit verdicts in ruling logs', () => {
  it('travel encrypted, merge idempotently into another store, and bring their round and cell along', async () => {
    const mia = await imported('mia');
    const noor = await imported('noor');
    try {
      await mia.drawAuditSample({ disputed: 1, undisputed: 2, seed: 'log' });
      const cells = await mia.listAuditCells({});
      await mia.ruleAuditCell({
        id: cells[0]!.id,
        verdict: 'incorrect',
        rationale: 'secret rationale',
        evidence: ['https://example.org/proof'],
      });
      await mia.ruleAuditCell({ id: cells[1]!.id, verdict: 'correct' });
      const out = join(tempDir(), 'mia.rulings.jsonl');
      const exported = await mia.exportRulings({ out });
      expect(exported.audit_verdicts).toBe(2);
      const text = readFileSync(out, 'utf8');
      expect(text).toContain('"format":"atlas-rulings/audit/1"');
      expect(text).not.toContain('secret rationale');
      const first = await noor.importRulings({ paths: [out] });
      expect(first).toMatchObject({ added: 2, duplicates: 0, refused: [] });
      const again = await noor.importRulings({ paths: [out] });
      expect(again).toMatchObject({ added: 0, duplicates: 2, refused: [] });
      const merged = await noor.listAuditCells({});
      expect(merged.map((cell) => [cell.id, cell.status, cell.verdict])).toEqual([
        [cells[0]!.id, 'settled', 'incorrect'],
        [cells[1]!.id, 'settled', 'correct'],
      ]);
      expect(merged[0]!.dispute_id).toBe(cells[0]!.dispute_id ?? (await mia.listAuditCells({}))[0]!.dispute_id);
      const round = (await noor.getAuditOverview({})).rounds[0]!;
      expect(round).toMatchObject({ seed: 'log', frame: (await mia.getAuditOverview({})).rounds[0]!.frame });
      expect((await noor.getAuditCell({ id: cells[0]!.id })).verdicts[0]!.rationale).toBe('secret rationale');
      // Back again: mia's store already has them all.
      const back = join(tempDir(), 'noor.rulings.jsonl');
      await noor.exportRulings({ out: back });
      expect(await mia.importRulings({ paths: [back] })).toMatchObject({ added: 0, duplicates: 2, refused: [] });
    } finally {
      mia.close();
      noor.close();
    }
  });

  it('refuses a line whose content differs under a known id, naming file and line', async () => {
    const mia = await imported('mia');
    try {
      await mia.drawAuditSample({ disputed: 0, undisputed: 1, seed: 'tamper' });
      const [cell] = await mia.listAuditCells({});
      await mia.ruleAuditCell({ id: cell!.id, verdict: 'correct' });
      const out = join(tempDir(), 'mia.rulings.jsonl');
      await mia.exportRulings({ out, plaintext: true });
      const tampered = join(tempDir(), 'tampered.rulings.jsonl');
      writeFileSync(tampered, readFileSync(out, 'utf8').replace('"verdict":"correct"', '"verdict":"incorrect"'));
      const result = await mia.importRulings({ paths: [tampered] });
      expect(result.added).toBe(0);
      expect(result.refused.map((r) => r.line)).toEqual([`${tampered}:1`]);
      expect(result.refused[0]!.reason).toContain('already in the store with different content');
    } finally {
      mia.close();
    }
  });
});

/** Another engineer on the same store file (as the app and a command line would be). */
function openAs(dbPath: string, engineer: string): ServiceHandle {
  return openService({ dbPath, settingsPath: join(tempDir(), 'settings.json'), engineer });
}
