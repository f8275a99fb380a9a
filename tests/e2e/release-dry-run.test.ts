// The release desk before a tag is taken, in the real bundle: the score
// preview and the patch review of the settled rulings not exported yet, as a
// dry run (no file, no tag: `revisions` lists none afterwards), and the Export
// step naming the disputes its patch would leave out before Export is pressed.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generateWorkspace } from '../../demo/generate';
import type { RescoreResult } from '../../shared/revision-types';
import type { Bridge, LaunchedBrowser, TempDir } from './support';
import { BIN, ensureRendererBuilt, openApp, runCli, tempDir } from './support';

interface DisputeLine {
  id: string;
  kind: string;
  task_id: string;
  entity: string;
  column: string | null;
  clusters: { value: string; agrees_with_gold: boolean }[];
}

let dir: TempDir;
let db: string;
let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
const ruled: DisputeLine[] = [];
let conflict: DisputeLine;

function cli(args: string[], engineer = 'mia'): string {
  return execFileSync(process.execPath, [BIN, ...args, '--db', db], {
    encoding: 'utf8',
    env: { ...process.env, ATLAS_ADJUDICATOR_ENGINEER: engineer },
  });
}

const f1 = (x: number): string => x.toFixed(3);

beforeAll(async () => {
  ensureRendererBuilt();
  dir = tempDir('atlas-dry-run-e2e-');
  db = dir.db();
  const workspace = await generateWorkspace(join(dir.path, 'ws'), {
    seed: 21,
    tasks: 5,
    systems: 4,
    maxRows: 6,
    maxColumns: 4,
    includeZelda: true,
  });
  const imported = await runCli(['import', '--db', db, '--json', workspace.dataset, workspace.runsDir]);
  expect(imported.code, imported.stderr).toBe(0);
  const lines = cli(['disputes', '--json'])
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as DisputeLine);
  const cells = lines.filter((d) => d.kind === 'cell' && d.clusters.some((c) => !c.agrees_with_gold));
  for (const d of cells.slice(0, 2)) {
    cli(['rule', d.id, '--decision', 'accept_system', '--value', d.clusters.find((c) => !c.agrees_with_gold)!.value]);
    ruled.push(d);
  }
  conflict = cells[2]!;
  cli(['rule', conflict.id, '--decision', 'keep_gold'], 'noah');
  cli(['rule', conflict.id, '--decision', 'mark_blank'], 'bob');
  ({ bridge, browser, page } = await openApp(db, { engineer: 'mia' }));
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
  dir?.remove();
});

describe('the release desk before a tag is taken', () => {
  it('names the disputes the patch leaves out before Export is pressed', async () => {
    await page.getByRole('tab', { name: /Export/ }).click();
    const notice = page.getByTestId('export-left-out');
    await notice.waitFor();
    const text = (await notice.textContent()) ?? '';
    expect(text).toMatch(/Left out of this patch: 1 in conflict, \d+ open that nobody ruled on\./u);
    expect(text).toContain(`${conflict.task_id} · “${conflict.entity}” › ${conflict.column}`);
    expect(cli(['revisions', '--json']).trim()).toBe('');
  });

  it('previews the settled rulings as a dry run, figure for figure what rescore without --patch says, taking no tag', async () => {
    await page
      .locator('.release-nav')
      .getByRole('button', { name: /Score preview/ })
      .click();
    await page.getByRole('button', { name: 'Preview settled rulings' }).click();
    const table = page.getByRole('table', { name: 'Score preview per system' });
    await table.waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => (await page.locator('.dry-run-note').textContent()) ?? '')
      .toContain(
        'Dry run on the settled rulings not exported yet (2 operations): nothing was written and no tag was taken.',
      );

    const expected = JSON.parse(cli(['rescore', '--json'])) as RescoreResult;
    expect(expected).toMatchObject({ dry_run: true, operations: 2 });
    const rows = table.locator('tbody tr.score-row');
    await expect.poll(() => rows.count()).toBe(expected.systems.length);
    for (const [i, s] of expected.systems.entries()) {
      const cells = (await rows.nth(i).locator('th, td').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
      expect(cells[0]).toContain(s.system);
      expect(cells[4]).toBe(`${f1(s.before.row_f1)}→${f1(s.after.row_f1)}`);
    }
    expect(cli(['revisions', '--json']).trim()).toBe('');
    expect(readdirSync(dir.path).filter((name) => name.endsWith('.json'))).toEqual([]);
  });

  it('reviews the operations of the settled rulings, decrypted on screen, without a file', async () => {
    await page
      .locator('.release-nav')
      .getByRole('button', { name: /Review patch/ })
      .click();
    await page.getByRole('button', { name: 'Review settled rulings' }).click();
    const ops = page.getByRole('table', { name: 'Operations' });
    await ops.waitFor({ timeout: 20_000 });
    await expect.poll(() => ops.locator('tbody tr').count()).toBe(2);
    const text = (await ops.textContent()) ?? '';
    for (const d of ruled) expect(text).toContain(d.entity);
    expect(cli(['revisions', '--json']).trim()).toBe('');
  });
});
