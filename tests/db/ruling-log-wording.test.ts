// A ruling-log line refused for its shape says so as the dataset and run
// readers do: the field, what it should be, and what it is, not the
// validator's own wording.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshService, tempDir } from './workspace';

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
