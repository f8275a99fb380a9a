// A ruling-log line refused for its shape says so as the dataset and run
// readers do: the field, what it should be, and what it is, not the
// validator's own wording.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';

const service = freshService('mia');
afterAll(() => service.close());

describe('a ruling-log line of the wrong shape', () => {
  it('is refused naming the field, what was expected and what was given', async () => {
    const log = join(tempDir('atlas-log-wording-'), 'bad.rulings.jsonl');
    writeFileSync(log, `${JSON.stringify({ format: 'atlas-rulings/2', id: 'x', dispute: 'oops' })}\n`);
    const report = await service.importRulings({ paths: [log] });
    expect(report.refused).toHaveLength(1);
    expect(report.refused[0]!.reason).toMatch(/^dispute: expected an object, got "oops" \(also /u);
    expect(report.refused[0]!.reason).not.toMatch(/Invalid input/u);
  });
});

describe('one ruling id with two contents in one merge', () => {
  it('takes neither, naming where the other came from; the same line twice is one ruling', async () => {
    const mia = freshService('mia');
    try {
      await mia.importPaths(workspacePaths(await smallWorkspace()));
      const cell = [...mia.disputeRecords({ kind: 'cell' })].find((record) => record.gold.state === 'value')!;
      await mia.rule({ disputeId: cell.id, decision: 'new_value', value: 'Hokkaido' });
      const dir = tempDir('atlas-log-contested-');
      const genuine = join(dir, 'mia.rulings.jsonl');
      await mia.exportRulings({ out: genuine, plaintext: true });
      const line = JSON.parse(readFileSync(genuine, 'utf8').trim()) as Record<string, unknown>;
      const tampered = join(dir, 'tampered.rulings.jsonl');
      writeFileSync(tampered, `${JSON.stringify({ ...line, value: 'Okinawa' })}\n`);

      const noah = freshService('noah');
      try {
        await noah.importPaths(workspacePaths(await smallWorkspace()));
        const report = await noah.importRulings({ paths: [tampered, genuine] });
        expect(report.added).toBe(0);
        expect(report.refused).toEqual([
          {
            line: `${tampered}:1`,
            reason: `ruling id ${String(line.id)} also comes with different content at ${genuine}:1: none of them was taken`,
          },
          {
            line: `${genuine}:1`,
            reason: `ruling id ${String(line.id)} also comes with different content at ${tampered}:1: none of them was taken`,
          },
        ]);
        const again = await noah.importRulings({ paths: [genuine, genuine] });
        expect(again).toMatchObject({ added: 1, refused: [] });
      } finally {
        noah.close();
      }
    } finally {
      mia.close();
    }
  });
});

describe('a file that is no ruling log', () => {
  it('is refused in one line naming it, by the service every host merges through', async () => {
    const notLog = join(tempDir('atlas-log-not-'), 'judges.jsonl');
    writeFileSync(notLog, `${JSON.stringify({ task_id: 'atlas-0001', judge: 'j1', verdict: 'correct' })}\n`.repeat(50));
    await expect(service.importRulings({ paths: [notLog] })).rejects.toThrow(
      `paths: ${notLog}: not a ruling log (line 1 has no "format": "atlas-rulings/3"); expected a *.rulings.jsonl file written by \`rulings export\``,
    );
  });
});
