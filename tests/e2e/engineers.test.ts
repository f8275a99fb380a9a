// Several engineers in the real bundle, in headless Chromium, against the
// loopback bridge on a real store: blind review hides noah's ruling until mia
// rules; after mia disagrees, the Conflicts view lists the dispute and shows
// both rulings side by side; the Stats view draws its charts and kappa table;
// "needs my ruling" filters the queue; the policy is a setting.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Bridge, LaunchedBrowser, TempDir } from './support';
import { BIN, ensureRendererBuilt, openApp, runCli, tempDir } from './support';

interface DisputeLine {
  id: string;
  kind: string;
  entity: string;
  status: string;
}

/** `show --json`: the dispute detail as mia sees it. */
interface ShownDispute {
  dispute: { status: string };
  rulings: { engineer: string; decision: string; rationale: string | null }[];
}

let dir: TempDir;
let db: string;
let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
let target: DisputeLine;

function cli(args: string[]): string {
  return execFileSync(process.execPath, [BIN, ...args, '--db', db], {
    encoding: 'utf8',
    env: { ...process.env, ATLAS_ADJUDICATOR_ENGINEER: 'mia' },
  });
}

function disputes(filter: string[] = []): DisputeLine[] {
  return cli(['disputes', '--json', ...filter])
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as DisputeLine);
}

function shown(id: string): ShownDispute {
  return JSON.parse(cli(['show', id, '--json'])) as ShownDispute;
}

const panelText = async (): Promise<string> => (await page.locator('aside.panel').textContent()) ?? '';
const selectedEntity = async (): Promise<string> => (await page.locator('.dispute-entity').first().textContent()) ?? '';

beforeAll(async () => {
  ensureRendererBuilt();
  dir = tempDir('atlas-engineers-');
  db = dir.db();
  const demo = await runCli(['demo', '--db', db]);
  expect(demo.code, demo.stderr).toBe(0);
  const policy = await runCli(['policy', '--required', '2', '--blind', 'on', '--db', db]);
  expect(policy.code, policy.stderr).toBe(0);
  // The queue's first dispute (priority order): the panel shows it on load.
  target = disputes()[0]!;
  expect(target.kind).toBe('cell');
  const ruled = await runCli([
    'rule',
    target.id,
    '--decision',
    'keep_gold',
    '--engineer',
    'noah',
    '--rationale',
    'secret',
    '--db',
    db,
  ]);
  expect(ruled.code, ruled.stderr).toBe(0);
  ({ bridge, browser, page } = await openApp(db, { engineer: 'mia', env: { ATLAS_ADJUDICATOR_ENGINEER: 'mia' } }));
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
  dir?.remove();
});

describe('several engineers in the browser', () => {
  it('shows who is ruling and the policy in the header', async () => {
    await expect.poll(async () => (await page.locator('.engineer-badge').textContent()) ?? '').toContain('mia');
    expect(await page.locator('.app-header').textContent()).toContain('2 agreeing · blind');
  });

  it('hides noah’s ruling and rationale until mia has ruled (blind review)', async () => {
    await expect.poll(selectedEntity).toBe(target.entity);
    await expect.poll(panelText).toContain('Hidden until you rule');
    const text = await panelText();
    expect(text).not.toContain('noah');
    expect(text).not.toContain('secret');
    // Status is a fact of the store, visible under blind review: one ruling of two needed.
    expect(await page.locator('.dispute-meta .chip-status').textContent()).toBe('open');
  });

  it('after mia rules differently, the Conflicts view lists it with both rulings side by side', async () => {
    await page.locator('.dispute-entity').first().click();
    await page.keyboard.press('5'); // mark blank (keep gold is noah's)
    await expect.poll(async () => (await page.locator('.decision-chosen').textContent()) ?? '').toContain('Blank');
    await page.keyboard.press('Enter');
    await expect.poll(() => shown(target.id).dispute.status).toBe('conflict');
    expect(
      shown(target.id)
        .rulings.map((r) => r.engineer)
        .sort(),
    ).toEqual(['mia', 'noah']);

    await page.getByRole('tab', { name: /Conflicts/ }).click();
    await expect.poll(selectedEntity).toBe(target.entity);
    const table = page.locator('table.compare');
    await table.waitFor();
    const heads = await table.locator('thead th').allTextContents();
    expect(heads.join(' ')).toContain('mia');
    expect(heads.join(' ')).toContain('noah');
    const decisions = await table.locator('tbody tr').first().locator('td').allTextContents();
    expect(decisions).toEqual(expect.arrayContaining(['Mark blank', 'Keep gold']));
    // Now that mia has ruled, noah's rationale is shown too.
    expect(await table.textContent()).toContain('secret');
    expect(await panelText()).not.toContain('Hidden until you rule');
  });

  it('shows the full history oldest first, each ruling marked and carrying its engineer', async () => {
    const items = page.locator('.history .history-item');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.nth(0).locator('.engineer').textContent()).toBe('noah');
    expect(await items.nth(1).locator('.engineer').textContent()).toBe('mia');
    expect(await items.nth(0).locator('.ruling-state').textContent()).toBe('counted');
  });

  it('filters the queue to disputes that need my ruling', async () => {
    await page.getByRole('tab', { name: /Queue/ }).click();
    await page.locator('.dispute-entity').first().waitFor();
    await page.locator('.filter-bar').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('Shift+N');
    const toggle = page.getByRole('button', { name: 'Needs my ruling' });
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    const needed = disputes(['--needs', 'mia']).length;
    await expect
      .poll(async () => (await page.locator('.dispute-meta').textContent()) ?? '')
      .toContain(`of ${needed.toLocaleString('en-US')}`);
    expect(needed).toBeLessThan(disputes().length);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('draws the statistics: charts on canvas and the kappa table', async () => {
    await page.getByRole('tab', { name: /Stats/ }).click();
    await page.locator('.kappa-chart canvas').first().waitFor({ timeout: 20_000 });
    expect(await page.locator('.progress-chart canvas').count()).toBeGreaterThan(0);
    const pairs = page.getByRole('region', { name: 'Pairs' }).locator('table');
    await pairs.waitFor();
    const row = (await pairs.locator('tbody tr').first().textContent()) ?? '';
    expect(row).toContain('mia');
    expect(row).toContain('noah');
    // One shared dispute on which they disagree: 0% agreement, kappa 0.
    expect(row).toContain('0%');
    expect(await pairs.locator('tbody tr').first().locator('.coef').textContent()).toBe('0.00');
    expect(await page.locator('.stat-figures').textContent()).toContain('0%');
  });

  it('changes the team policy from Settings; every host sees it', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('radio', { name: '1' }).click();
    await dialog.getByRole('switch').uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await page.locator('.app-header').textContent()) ?? '').toMatch(/policy\s*1 ruling/);
    expect(cli(['policy'])).toContain('1 agreeing engineer settle');
    expect(cli(['policy'])).toContain('blind review off');
  });
});
