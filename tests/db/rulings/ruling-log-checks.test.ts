// Merged ruling log lines are held to what `rule` and `retract` could make:
// no dates in the future, uuids for ids, revision tags for revisions, and a
// retraction only of its own engineer's ruling; and a ruling dated in the
// future (merged before that was refused) no longer drags later rulings' times.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GeneratedWorkspace } from '../../../db/demo/generate';
import type { ServiceHandle } from '../../../db/service';
import { disputeId } from '../../../shared/dispute-id';
import type { DisputeKey } from '../../../shared/domain';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';

let workspace: GeneratedWorkspace;
let cells: { id: string; key: DisputeKey }[];
const dir = tempDir();
const open: ServiceHandle[] = [];

beforeAll(async () => {
  workspace = await smallWorkspace();
  const probe = await store();
  cells = [...probe.disputeRecords({ kind: 'cell' })].slice(0, 3).map((record) => {
    const key: DisputeKey = {
      kind: 'cell',
      task_id: record.task_id,
      gold_row: record.gold_row,
      column: record.column,
      entity_key: null,
    };
    expect(disputeId(key)).toBe(record.id);
    return { id: record.id, key };
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(() => {
  for (const service of open) service.close();
});

async function store(engineer = 'mia'): Promise<ServiceHandle> {
  const service = freshService(engineer);
  open.push(service);
  await service.importPaths(workspacePaths(workspace));
  return service;
}

let files = 0;
function log(lines: readonly string[]): string {
  const path = join(dir, `log-${++files}.rulings.jsonl`);
  writeFileSync(path, lines.map((line) => `${line}\n`).join(''));
  return path;
}

function line(over: Record<string, unknown> = {}, cell = 0): string {
  const { key } = cells[cell]!;
  return JSON.stringify({
    format: 'atlas-rulings/1',
    id: randomUUID(),
    dispute: key,
    dispute_id: disputeId(key),
    engineer: 'bob',
    decision: 'keep_gold',
    value: null,
    values: null,
    row: null,
    rationale: null,
    evidence: [],
    revision: 'v1.0',
    created_at: '2026-03-01T00:00:00.000Z',
    retracts: null,
    encrypted: false,
    ...over,
  });
}

describe('future-dated lines', () => {
  it('refuses a line dated more than a day ahead, by file:line; a clock a little ahead is fine', async () => {
    const service = await store();
    const soon = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const path = log([
      line({ created_at: '2030-01-01T00:00:00.000Z' }),
      line({ created_at: '9999-12-31T23:59:59.999Z' }, 1),
      line({ created_at: soon }, 2),
    ]);
    const report = await service.importRulings({ paths: [path] });
    expect(report.added).toBe(1);
    expect(report.refused).toEqual([
      {
        line: `${path}:1`,
        reason: expect.stringMatching(/^field "created_at": 2030-01-01T00:00:00\.000Z is in the future/) as unknown,
      },
      {
        line: `${path}:2`,
        reason: expect.stringMatching(/^field "created_at": 9999-12-31T23:59:59\.999Z is in the future/) as unknown,
      },
    ]);
  });

  it('a future-dated ruling already in the store does not push later rulings into the future, and an export stays importable', async () => {
    const service = await store();
    // As a store that merged these lines before they were refused.
    const [early, last] = [
      line({ engineer: 'mia', created_at: '2030-01-01T00:00:00.000Z' }, 0),
      line({ engineer: 'bob', created_at: '9999-12-31T23:59:59.999Z' }, 1),
    ];
    const realNow = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('9999-12-31T00:00:00.000Z'));
    expect((await service.importRulings({ paths: [log([early, last])] })).added).toBe(2);
    vi.restoreAllMocks();

    const before = Date.now();
    const elsewhere = await service.rule({ disputeId: cells[2]!.id, decision: 'keep_gold' });
    expect(Date.parse(elsewhere.ruling.created_at)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(elsewhere.ruling.created_at)).toBeLessThan(realNow + 60_000);
    // Two in a row still strictly increase.
    const again = await service.rule({ disputeId: cells[2]!.id, decision: 'mark_blank' });
    expect(again.ruling.created_at > elsewhere.ruling.created_at).toBe(true);
    expect(again.ruling.counted).toBe(true);

    // On the dispute of the 2030 ruling a new ruling must still come after it, to be the one that counts.
    const onEarly = await service.rule({ disputeId: cells[0]!.id, decision: 'mark_blank' });
    expect(onEarly.ruling.created_at).toBe('2030-01-01T00:00:00.001Z');
    expect(onEarly.ruling.counted).toBe(true);
    // After the latest time a log can hold, nothing can follow: refused by name rather than written as +010000-….
    await expect(service.rule({ disputeId: cells[1]!.id, decision: 'keep_gold' })).rejects.toThrow(
      /holds a ruling dated 9999-12-31T23:59:59\.999Z/,
    );

    const out = join(dir, 'after-future.rulings.jsonl');
    await service.exportRulings({ out, plaintext: true });
    const times = readFileSync(out, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((text) => (JSON.parse(text) as { created_at: string }).created_at);
    expect(times.every((time) => /^\d{4}-/u.test(time))).toBe(true);
  });
});

describe('lines rule and retract could never make', () => {
  it('refuses an id or a retracts that is not a uuid, and a revision that is not a tag', async () => {
    const service = await store();
    const path = log([
      line({ id: 'x' }),
      line({ revision: '<script>' }),
      line({ decision: 'retract', retracts: 'x' }),
      line({ revision: null }),
    ]);
    const report = await service.importRulings({ paths: [path] });
    expect(report.added).toBe(1);
    expect(report.refused).toEqual([
      { line: `${path}:1`, reason: expect.stringMatching(/^field "id": expected a ruling id \(a uuid/) as unknown },
      {
        line: `${path}:2`,
        reason: expect.stringMatching(/^field "revision": expected a tag such as v1\.1.*, got "<script>"$/) as unknown,
      },
      { line: `${path}:3`, reason: 'field "retracts": expected a ruling id (a uuid), got "x"' },
    ]);
  });

  it("refuses a retract of another engineer's ruling in the store or in the same log", async () => {
    const service = await store();
    const bobs = randomUUID();
    expect((await service.importRulings({ paths: [log([line({ id: bobs })])] })).added).toBe(1);
    const laterBobs = randomUUID();
    const path = log([
      line({ engineer: 'alice', decision: 'retract', retracts: bobs, created_at: '2026-03-02T00:00:00.000Z' }),
      // The ruling it withdraws comes later in the same log.
      line({ engineer: 'alice', decision: 'retract', retracts: laterBobs, created_at: '2026-03-02T00:00:00.000Z' }, 1),
      line({ id: laterBobs }, 1),
    ]);
    const report = await service.importRulings({ paths: [path] });
    expect(report.added).toBe(1);
    expect(report.refused).toEqual([
      {
        line: `${path}:1`,
        reason: `an engineer retracts only their own rulings: ruling ${bobs} is "bob"'s, this retract is "alice"'s`,
      },
      {
        line: `${path}:2`,
        reason: `an engineer retracts only their own rulings: ruling ${laterBobs} is "bob"'s, this retract is "alice"'s`,
      },
    ]);
    for (const cell of cells.slice(0, 2)) {
      expect(
        (await service.getDispute({ id: cell.id })).rulings.map((ruling) => [ruling.engineer, ruling.counted]),
      ).toEqual([['bob', true]]);
    }
  });

  it('keeps a retract that arrives before its ruling, which then withdraws it only when the engineers match', async () => {
    const service = await store();
    const bobs = randomUUID();
    const alices = randomUUID();
    const retracts = log([
      line({ engineer: 'alice', decision: 'retract', retracts: bobs, created_at: '2026-03-02T00:00:00.000Z' }),
      line({ engineer: 'alice', decision: 'retract', retracts: alices, created_at: '2026-03-02T00:00:00.000Z' }, 1),
    ]);
    expect(await service.importRulings({ paths: [retracts] })).toEqual({ added: 2, duplicates: 0, refused: [] });
    expect(
      (await service.importRulings({ paths: [log([line({ id: bobs }), line({ id: alices, engineer: 'alice' }, 1)])] }))
        .added,
    ).toBe(2);
    const bob = (await service.getDispute({ id: cells[0]!.id })).rulings.find((ruling) => ruling.id === bobs)!;
    expect(bob.counted).toBe(true);
    const alice = (await service.getDispute({ id: cells[1]!.id })).rulings.find((ruling) => ruling.id === alices)!;
    expect(alice.counted).toBe(false);
  });
});
