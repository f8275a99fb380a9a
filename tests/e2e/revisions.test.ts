// Tagged revisions end to end, in the real bundle in headless Chromium against
// the loopback bridge on a real store: a few rulings → export from the Export
// view → the score preview table (the CLI's rescore, figure for figure) and
// the Δ Row F1 chart → the patch review lists every operation, decrypted only
// on screen → apply as a job that ends "done" → the revision in the history →
// the wrong dataset is refused with every mismatching operation listed.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generateWorkspace } from '../../demo/generate';
import type { GoldPatch } from '../../shared/patch';
import type { RescoreResult } from '../../shared/revision-types';
import type { Bridge, LaunchedBrowser, TempDir } from './support';
import { BIN, ensureRendererBuilt, holdRoute, openApp, runCli, tempDir } from './support';

interface DisputeLine {
  id: string;
  kind: string;
  task_id: string;
  entity: string;
  clusters: { value: string; agrees_with_gold: boolean }[];
}

let dir: TempDir;
let db: string;
let dataset: string;
let otherDataset: string;
let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
let patchPath: string;
const ruled: DisputeLine[] = [];

function cli(args: string[]): string {
  return execFileSync(process.execPath, [BIN, ...args, '--db', db], {
    encoding: 'utf8',
    env: { ...process.env, ATLAS_ADJUDICATOR_ENGINEER: 'mia' },
  });
}

function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

const f1 = (x: number): string => x.toFixed(3);

beforeAll(async () => {
  ensureRendererBuilt();
  dir = tempDir('atlas-revisions-e2e-');
  db = dir.db();
  const workspace = await generateWorkspace(join(dir.path, 'ws'), {
    seed: 21,
    tasks: 5,
    systems: 4,
    maxRows: 6,
    maxColumns: 4,
    includeZelda: true,
  });
  dataset = workspace.dataset;
  // The same layout from another seed: other tasks, other canaries, another checksum.
  otherDataset = (
    await generateWorkspace(join(dir.path, 'other'), {
      seed: 99,
      tasks: 5,
      systems: 2,
      maxRows: 6,
      maxColumns: 4,
      includeZelda: true,
    })
  ).dataset;
  const imported = await runCli(['import', '--db', db, '--json', workspace.dataset, workspace.runsDir]);
  expect(imported.code, imported.stderr).toBe(0);
  // A few rulings: the leading contested value of three cell disputes in different tasks.
  const lines = cli(['disputes', '--json'])
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as DisputeLine);
  const seen = new Set<string>();
  for (const d of lines) {
    if (d.kind !== 'cell' || seen.has(d.task_id)) continue;
    const value = d.clusters.find((c) => !c.agrees_with_gold)?.value;
    if (value == null) continue;
    cli(['rule', d.id, '--decision', 'accept_system', '--value', value]);
    seen.add(d.task_id);
    ruled.push(d);
    if (ruled.length === 3) break;
  }
  expect(ruled).toHaveLength(3);
  ({ bridge, browser, page } = await openApp(db, { engineer: 'mia', env: { ATLAS_ADJUDICATOR_ENGINEER: 'mia' } }));
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
  dir?.remove();
});

describe('tagged revisions in the browser', () => {
  it('exports from the Export view and shows the score preview table and the delta chart', async () => {
    await page.getByRole('tab', { name: /Export/ }).click();
    patchPath = join(dir.path, 'atlas-v1.1.patch.json');
    await page.getByPlaceholder('v1.1', { exact: true }).fill('v1.1');
    await page.locator('#export-out').fill(patchPath);
    await page.locator('#export-dataset').fill(dataset);
    await page
      .getByRole('button', { name: /^Export/ })
      .last()
      .click();

    const table = page.getByRole('table', { name: 'Score preview per system' });
    await table.waitFor({ timeout: 20_000 });
    await page.locator('.delta-chart canvas').first().waitFor({ timeout: 20_000 });
    const patch = JSON.parse(readFileSync(patchPath, 'utf8')) as GoldPatch;
    expect(patch.operations).toHaveLength(3);

    // Figure for figure what `rescore --json` says.
    const expected = JSON.parse(cli(['rescore', '--patch', patchPath, '--json'])) as RescoreResult;
    const rows = table.locator('tbody tr.score-row');
    await expect.poll(() => rows.count()).toBe(expected.systems.length);
    for (const [i, s] of expected.systems.entries()) {
      const cells = (await rows.nth(i).locator('th, td').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
      expect(cells[0]).toContain(s.system);
      expect(cells[1]).toContain(`${s.before.rank} → ${s.after.rank}`);
      expect(cells[2]).toBe(`${f1(s.before.discovery_f1)}→${f1(s.after.discovery_f1)}`);
      expect(cells[3]).toBe(`${f1(s.before.item_f1)}→${f1(s.after.item_f1)}`);
      expect(cells[4]).toBe(`${f1(s.before.row_f1)}→${f1(s.after.row_f1)}`);
      const delta = s.after.row_f1 - s.before.row_f1;
      expect(cells[5]).toBe(Math.abs(delta) < 5e-4 ? '0.000' : `${delta > 0 ? '+' : '−'}${Math.abs(delta).toFixed(3)}`);
      expect(cells[6]).toBe(s.grader ? f1(s.grader.row_f1) : '—');
      expect(cells[7]).toBe(String(s.needs_regrade.length));
      expect(cells[8]).toBe(String(s.differing_tasks.length));
    }
    expect(await page.locator('.preview-figures').textContent()).toContain(
      `${expected.touched_tasks.length}${expected.touched_tasks.length === 1 ? 'task touched' : 'tasks touched'}`,
    );
  });

  it('lists every operation of the patch in the review, decrypted on screen only, and filters them', async () => {
    await page.getByRole('button', { name: /Review patch/ }).click();
    const ops = page.getByRole('table', { name: 'Operations' });
    await ops.waitFor({ timeout: 20_000 });
    await expect.poll(() => ops.locator('tbody tr').count()).toBe(3);
    const text = (await ops.textContent()) ?? '';
    const bytes = readFileSync(patchPath, 'utf8');
    for (const d of ruled) {
      expect(text).toContain(d.task_id);
      // The entity shows on screen; the encrypted patch file never names it.
      expect(text).toContain(d.entity);
      expect(bytes).not.toContain(d.entity);
    }
    await page.getByRole('searchbox', { name: 'Filter operations' }).fill(ruled[0]!.entity);
    await expect.poll(() => ops.locator('tbody tr').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Filter operations' }).fill('');
    await page.locator('.review-filters select').first().selectOption(ruled[1]!.task_id);
    await expect.poll(() => ops.locator('tbody tr').count()).toBe(1);
    await page.locator('.review-filters select').first().selectOption('');
    await expect.poll(() => ops.locator('tbody tr').count()).toBe(3);
  });

  it('applies the patch as a job whose progress ends “done”, with its sha256 and changelog', async () => {
    await page.getByRole('button', { name: /Apply/ }).first().click();
    mkdirSync(join(dir.path, 'out'), { recursive: true });
    const out = join(dir.path, 'out', 'atlas-test.v1.1.jsonl');
    await page.locator('#apply-out').fill(out);
    // Clicked three times: as the apply starts (held), and as its job runs (its first poll held). The later
    // clicks land on a disabled Apply patch, never on Cancel, and start nothing.
    const start = await holdRoute(page, '**/api/applyPatch');
    const poll = await holdRoute(page, '**/api/getJob');
    try {
      const box = (await page.getByRole('button', { name: 'Apply patch' }).boundingBox())!;
      const clickApply = () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await clickApply();
      await expect.poll(() => start.calls).toBe(1);
      await clickApply();
      start.release();
      await page.locator('.apply-form').getByRole('button', { name: 'Cancel', exact: true }).waitFor();
      await clickApply();
      poll.release();
    } finally {
      await start.dispose();
      await poll.dispose();
    }
    await expect
      .poll(
        async () =>
          (await page
            .locator('.job-state')
            .textContent()
            .catch(() => '')) ?? '',
        { timeout: 20_000 },
      )
      .toBe('done');
    expect(start.calls).toBe(1);
    const summary = page.getByLabel('Revised dataset written');
    await summary.waitFor();
    const text = (await summary.textContent()) ?? '';
    expect(text).toContain(out);
    expect(text).toContain(sha256(out));
    expect(text).toContain('value corrected × 3');
    const tasks = readFileSync(dataset, 'utf8').split('\n').filter(Boolean).length;
    expect(text).toContain(`3 of ${tasks}`);
    expect(readFileSync(join(dir.path, 'out', 'CHANGELOG.md'), 'utf8')).toContain('v1.1');
  });

  it('shows the revision in the history table', async () => {
    await page.getByRole('button', { name: /History/ }).click();
    const table = page.getByRole('table', { name: 'Revisions' });
    await table.waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    const cells = (await table.locator('tbody tr').first().locator('th, td').allTextContents()).map((t) => t.trim());
    expect(cells[0]).toBe('v1.1');
    expect(cells[1]).toContain('v1.0');
    // Rulings up to (the patch's created_at), then Exported: two times.
    expect(cells[2]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/u);
    expect(cells[3]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/u);
    expect(cells[4]).toBe('mia');
    expect(cells[5]).toBe('3');
    expect(cells[6]).toBe(`${sha256(patchPath).slice(0, 12)}…`);
    expect(cells[7]).toBe('1 dataset');
  });

  it('refuses to apply to the wrong dataset and lists every mismatching operation', async () => {
    await page.getByRole('button', { name: /Apply/ }).first().click();
    await page.locator('#apply-dataset').fill(otherDataset);
    const out = join(dir.path, 'out', 'wrong.jsonl');
    await page.locator('#apply-out').fill(out);
    // The changelog beside it exists (the apply before wrote it): the app asks before replacing it.
    const changelog = join(dir.path, 'out', 'CHANGELOG.md');
    const before = readFileSync(changelog);
    const ask = page.getByRole('alertdialog', { name: 'Replace existing files' });
    await page.getByRole('button', { name: 'Apply patch' }).click();
    await ask.waitFor();
    expect(await ask.textContent()).toContain(changelog);
    // The safe answer has the focus, so Enter keeps the files.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Keep them');
    await page.keyboard.press('Enter');
    await expect.poll(() => ask.count()).toBe(0);
    // Kept: no apply ran (it would have been refused, and said so).
    expect(await page.getByRole('alert').filter({ hasText: 'Patch refused' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Apply patch' }).click();
    await ask.getByRole('button', { name: 'Replace and apply' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Patch refused' });
    await refused.waitFor({ timeout: 20_000 });
    expect(await refused.textContent()).toContain('not the patch’s base');
    // The patch names its base's gold too (base_gold_sha256): the refusal says the file is not the base in another format either.
    expect(await refused.textContent()).toContain(
      'Nor is it the base in another format (JSONL or Parquet): its tasks’ gold differs from the base’s.',
    );
    const rows = refused.locator('tbody tr');
    const mismatching = await rows.count();
    expect(mismatching).toBeGreaterThan(0);
    const text = (await refused.textContent()) ?? '';
    // Every mismatch the command line names is on screen.
    const cliRun = await runCli([
      'apply',
      '--dataset',
      otherDataset,
      '--patch',
      patchPath,
      '--out',
      join(dir.path, 'out', 'wrong-cli.jsonl'),
      '--db',
      db,
    ]);
    expect(cliRun.code).not.toBe(0);
    const named = [...cliRun.stderr.matchAll(/#(\d+) \w+ task "([^"]+)"/g)];
    expect(named).toHaveLength(mismatching);
    for (const [, index, task] of named) {
      expect(text).toContain(`#${index}`);
      expect(text).toContain(task!);
    }
    expect(existsSync(out)).toBe(false);
    expect(readFileSync(changelog)).toEqual(before);
  });
});
