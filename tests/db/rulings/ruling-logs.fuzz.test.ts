// Fuzzed input (issue 6) for what the readers' fuzz test does not cover:
// GitHub issue lists and ruling logs. Random mutations of valid documents are
// read or refused with a named reason; nothing else is thrown, the store stays
// intact, and Object.prototype stays clean. The hostile corpus files are read
// with exact expectations.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReaderError } from '../../../db/readers/errors';
import { readIssuesFile } from '../../../db/reports/index';
import { mergeRulingLogs } from '../../../db/rulings/log';
import type { ServiceHandle } from '../../../db/service';
import { parseInput } from '../../../shared/api';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';
import { mutation, prototypeIsClean } from '../support/mutate';

const HOSTILE = join(import.meta.dirname, '..', '..', 'fixtures', 'hostile');

const validIssue = {
  number: 12,
  title: 'Critic Metascore of Ocarina of Time 3D is wrong',
  body: 'Task: atlas-0001\nRow: 2\nColumn: Critic Metascore\nShould be 93, see https://www.metacritic.com/game/x/',
  html_url: 'https://github.com/exa-ai/ATLAS/issues/12',
  user: { login: 'reporter' },
  labels: [{ name: 'gold-error' }, 'needs-triage'],
  state: 'open',
  created_at: '2026-01-02T03:04:05Z',
};

describe('GitHub issue lists', () => {
  it('mutations are read (bad entries skipped by name) or refused with a reason', () => {
    const dir = tempDir('atlas-fuzz-issues-');
    const document = [validIssue, { ...validIssue, number: 13, state: 'CLOSED', user: null, author: { login: 'gh' } }];
    fc.assert(
      fc.property(mutation(document), fc.nat(), (bytes, n) => {
        const path = join(dir, `issues-${n}.json`);
        writeFileSync(path, bytes);
        try {
          const list = readIssuesFile(path);
          for (const item of list.skipped) {
            expect(item.path).toBe(path);
            expect(item.reason.length).toBeGreaterThan(0);
          }
          for (const issue of list.issues) expect(typeof issue.title).toBe('string');
        } catch (error) {
          expect(error).toBeInstanceOf(ReaderError);
          expect((error as ReaderError).reason.length).toBeGreaterThan(0);
        }
        expect(prototypeIsClean()).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('the hostile corpus: good entries read, each bad one skipped with its index', () => {
    const list = readIssuesFile(join(HOSTILE, 'issues-hostile.json'));
    expect(list.issues.map((issue) => issue.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 7, 9]);
    expect(list.pullRequests).toBe(1);
    expect(list.skipped.map((item) => item.field.split('.')[0])).toEqual([
      '[3]',
      '[4]',
      '[5]',
      '[9]',
      '[10]',
      '[11]',
      '[12]',
    ]);
    expect(list.issues.find((issue) => issue.number === 3)!.title).toBe('\u202Eevil\u202C title');
    expect(prototypeIsClean()).toBe(true);
    expect(() => readIssuesFile(join(HOSTILE, 'issues-not-a-list.json'))).toThrow(/expected a JSON array/);
  });
});

describe('ruling logs', () => {
  let service: ServiceHandle;
  let line: Record<string, unknown>;
  beforeAll(async () => {
    service = freshService();
    const workspace = await smallWorkspace();
    await service.importPaths(workspacePaths(workspace));
    const dispute = (await service.listDisputes(parseInput('listDisputes', { filter: { kind: 'cell' }, limit: 1 })))
      .rows[0]!;
    await service.rule(
      parseInput('rule', {
        disputeId: dispute.id,
        decision: 'new_value',
        value: 'x',
        rationale: 'why',
        evidence: ['https://a.example/'],
      }),
    );
    const out = join(tempDir('atlas-fuzz-log-'), 'mia.rulings.jsonl');
    await service.exportRulings(parseInput('exportRulings', { out, plaintext: true }));
    line = JSON.parse(readFileSync(out, 'utf8').trim()) as Record<string, unknown>;
  });
  afterAll(() => service.close());

  it('mutations merge or are refused line by line; the store stays intact', () => {
    const dir = tempDir('atlas-fuzz-logs-');
    const { db } = service.store;
    fc.assert(
      fc.property(mutation(line), mutation({ ...line, id: 'second' }), fc.nat(), (first, second, n) => {
        const path = join(dir, `log-${n}.rulings.jsonl`);
        writeFileSync(path, Buffer.concat([first, Buffer.from('\n'), second, Buffer.from('\n')]));
        // Merged and rolled back, so each run starts from the same store.
        db.exec('SAVEPOINT fuzz');
        try {
          const report = mergeRulingLogs(service.store, [path]);
          expect(report.added + report.duplicates + report.refused.length).toBeGreaterThanOrEqual(1);
          for (const refused of report.refused) {
            expect(refused.line).toMatch(/:\d+$/u);
            expect(refused.reason.length).toBeGreaterThan(0);
          }
        } finally {
          db.exec('ROLLBACK TO fuzz; RELEASE fuzz');
        }
        expect(prototypeIsClean()).toBe(true);
      }),
      { numRuns: 200 },
    );
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
  });

  it('the hostile corpus: every line merged or refused with its line number', () => {
    const { db } = service.store;
    db.exec('SAVEPOINT corpus');
    try {
      const report = mergeRulingLogs(service.store, [join(HOSTILE, 'rulings-hostile.rulings.jsonl')]);
      expect(report.added + report.duplicates).toBe(0);
      expect(report.refused.map((item) => Number(item.line.split(':').at(-1)))).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
      ]);
      expect(report.refused[0]!.reason).toMatch(/dispute_id/);
    } finally {
      db.exec('ROLLBACK TO corpus; RELEASE corpus');
    }
    expect(prototypeIsClean()).toBe(true);
  });
});
