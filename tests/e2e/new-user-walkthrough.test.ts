// What a new user's walk-through found, in the real bundle in headless
// Chromium on a real store (two exported tags, three engineers, blind review):
// - one Esc closes the Import and Settings dialogs, from their text boxes, and
//   the focus never falls to the page behind an open dialog;
// - the header keeps "browser mode" whole at 1440 and 1024 px, and the store
//   path whole in the page and its tooltip;
// - the Import dialog names GitHub issue JSON, and its report says "Nothing
//   skipped." at most once, listing issue files' skipped entries with the rest;
// - the α band on Stats is coloured as the legend colours that band;
// - Conflicts says when the Queue's filters hide every conflict, and clears them;
// - blind review says once that others' rulings are hidden, never "no rulings";
// - the revision history says what its times are: rulings up to, exported;
// - raising the policy's number warns that disputes reopen.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Decision } from '../../shared/domain';
import { generateWorkspace } from '../../demo/generate';
import { agreementBand } from '../../renderer/src/lib/coefficients';
import type { Bridge, LaunchedBrowser, TempDir } from './support';
import { ensureRendererBuilt, openApp, runCli, tempDir } from './support';

let dir: TempDir;
let db: string;
let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
/** noah has ruled, mia (the app's engineer) has not: open, hidden from mia. */
let blindId: string;
/** noah and ann disagree, mia has not ruled: a conflict, hidden from mia. */
let blindConflictId: string;

const activeInDialog = () => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') != null);
const activeIsPage = () => page.evaluate(() => document.activeElement === document.body);
const kindSelect = () => page.locator('label.filter-select', { hasText: 'Kind' }).locator('select');

beforeAll(async () => {
  ensureRendererBuilt();
  dir = tempDir('atlas-walkthrough-e2e-');
  // A store path as long as a real one, so the header has to shorten it.
  const deep = join(
    dir.path,
    'home',
    'engineer',
    'projects',
    'atlas-benchmark',
    'adjudication',
    'shared-team-stores',
    '2026-q4',
  );
  mkdirSync(deep, { recursive: true });
  db = join(deep, 'atlas-adjudicator-team-store.sqlite');
  const workspace = await generateWorkspace(join(dir.path, 'ws'), {
    seed: 11,
    tasks: 8,
    systems: 4,
    maxRows: 6,
    maxColumns: 4,
  });
  const imported = await runCli(['import', '--db', db, '--json', workspace.dataset, workspace.runsDir]);
  expect(imported.code, imported.stderr).toBe(0);
  ({ bridge, browser, page } = await openApp(db, { engineer: 'mia', env: { ATLAS_ADJUDICATOR_ENGINEER: 'mia' } }));

  await bridge.api('setPolicy', { required: 2, blind: true });
  const cells = (await bridge.api('listDisputes', { filter: { kind: 'cell' }, limit: 100 })).rows;
  expect(cells.length).toBeGreaterThanOrEqual(15);
  const rule = (disputeId: string, decision: Decision, engineer: string) =>
    bridge.api('rule', { disputeId, decision, engineer });
  // noah and mia on 12 disputes, agreeing on 7: Krippendorff's α is "slight".
  const plan: [Decision, Decision][] = [
    ['keep_gold', 'keep_gold'],
    ['keep_gold', 'keep_gold'],
    ['keep_gold', 'keep_gold'],
    ['keep_gold', 'keep_gold'],
    ['keep_gold', 'keep_gold'],
    ['keep_gold', 'keep_gold'],
    ['keep_gold', 'mark_blank'],
    ['mark_blank', 'keep_gold'],
    ['mark_blank', 'mark_blank'],
    ['keep_gold', 'mark_ungraded'],
    ['mark_ungraded', 'keep_gold'],
    ['keep_gold', 'mark_blank'],
  ];
  for (const [i, [noah, mia]] of plan.entries()) {
    await rule(cells[i + 1]!.id, noah, 'noah');
    await rule(cells[i + 1]!.id, mia, 'mia');
  }
  blindId = cells[0]!.id;
  await rule(blindId, 'keep_gold', 'noah');
  blindConflictId = cells[14]!.id;
  await rule(blindConflictId, 'keep_gold', 'noah');
  await rule(blindConflictId, 'mark_blank', 'ann');
  // Two tags from the same rulings: the same patch time, exported apart.
  await bridge.runJob('exportPatch', { revision: 'v1.1', out: join(dir.path, 'v1.1.patch.json') });
  await new Promise((resolve) => setTimeout(resolve, 20));
  await bridge.runJob('exportPatch', { revision: 'v1.2', out: join(dir.path, 'v1.2.patch.json') });
  await page.reload();
  await page.locator('.ag-grid-scrolling-container .ag-row').first().waitFor({ timeout: 20_000 });
});

// Each test starts on the page, whatever the one before left open.
afterEach(async () => {
  for (let i = 0; i < 3 && (await page.getByRole('dialog').count()) > 0; i++) {
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).first().click();
  }
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
  dir?.remove();
});

describe('the header', () => {
  async function facts() {
    return page.evaluate(() => {
      const badge = document.querySelector<HTMLElement>('.meta-browser')!;
      const store = document.querySelector<HTMLElement>('.meta-store')!;
      const header = document.querySelector<HTMLElement>('.app-header')!;
      const box = badge.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return {
        badge: badge.textContent,
        badgeWhole: badge.scrollWidth <= badge.clientWidth + 0.5 && box.left >= 0 && box.right <= window.innerWidth,
        badgeOnTop: hit === badge,
        headerFits: header.scrollWidth <= header.clientWidth + 0.5,
        storeTitle: store.title,
        storeText: store.textContent,
        storeShown: store.getBoundingClientRect().width > 20,
        folderShown: (store.querySelector<HTMLElement>('.path-dir')?.offsetWidth ?? 0) > 0,
      };
    });
  }

  for (const width of [1440, 1024]) {
    it(`keeps “browser mode” whole at ${width} px, and the store path whole in the page and its tooltip`, async () => {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(async () => (await facts()).badgeWhole).toBe(true);
      const f = await facts();
      // Below 1100 px the folder goes, so that "/.." never squeezes the file name.
      expect(f).toMatchObject({
        badge: 'browser mode',
        badgeOnTop: true,
        headerFits: true,
        storeShown: true,
        folderShown: width >= 1100,
      });
      expect(f.storeTitle).toBe(`Store: ${db}`);
      // Shortened on screen by CSS only: the text itself is the whole path.
      expect(f.storeText).toContain(db);
    });
  }

  afterAll(async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});

describe('Esc in a dialog', () => {
  it('closes the Import dialog in one press from its paths box, leaving the focus on the page', async () => {
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.getByRole('dialog', { name: 'Import' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await activeIsPage()).toBe(true);
    expect(await page.locator('body > [inert]').count()).toBe(0);
  });

  it('closes Settings in one press from the name field', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await activeIsPage()).toBe(true);
  });

  it('keeps the focus in an open dialog when its focused button is disabled or its field blurred', async () => {
    await page.getByRole('button', { name: 'Import…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import' });
    await dialog.locator('textarea').fill('/nonexistent/atlas-walkthrough');
    // The Import button is disabled as the import starts: Chromium drops its focus to the page.
    await dialog.getByRole('button', { name: 'Import 1 path' }).click();
    await dialog.locator('.error-box').waitFor({ timeout: 20_000 });
    await expect.poll(activeInDialog).toBe(true);
    await dialog.locator('textarea').focus();
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await expect.poll(activeInDialog).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('still only leaves a text field outside dialogs', async () => {
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('queue-search');
    await page.keyboard.press('Escape');
    await expect.poll(activeIsPage).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

describe('the Import dialog', () => {
  const issue = (number: number, state = 'OPEN') => ({
    number,
    title: `Gold typo ${number}`,
    body: 'Row 2, column "Year" should be 1999.',
    url: `https://github.com/exa-ai/ATLAS/issues/${number}`,
    author: { login: 'ken' },
    labels: [],
    state,
    createdAt: '2026-11-01T10:00:00Z',
  });

  async function importPaths(paths: string[]): Promise<string> {
    await page.getByRole('button', { name: 'Import…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import' });
    await dialog.locator('textarea').fill(paths.join('\n'));
    await dialog.getByRole('button', { name: `Import ${paths.length} path${paths.length === 1 ? '' : 's'}` }).click();
    const report = dialog.locator('.import-report').first();
    await report.waitFor({ timeout: 20_000 });
    return (await dialog.locator('.modal-body').textContent()) ?? '';
  }

  it('names GitHub issue JSON among what it imports', async () => {
    await page.getByRole('button', { name: 'Import…' }).click();
    const text =
      (await page.getByRole('dialog', { name: 'Import' }).locator('.modal-body > p').first().textContent()) ?? '';
    expect(text).toContain('GitHub issue JSON');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('lists an issue file’s skipped entry in its one skipped table', async () => {
    const file = join(dir.path, 'issues-with-a-bad-one.json');
    writeFileSync(file, JSON.stringify([issue(7), issue(8, 'weird')]));
    const text = await importPaths([file]);
    expect(text).toContain('Skipped (1)');
    expect(text).not.toContain('Nothing skipped.');
    const rows = page.getByRole('dialog', { name: 'Import' }).locator('.data-table tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(file);
    await page.keyboard.press('Escape');
  });

  it('says “Nothing skipped.” once when an issue file imports whole', async () => {
    const file = join(dir.path, 'issues.json');
    writeFileSync(file, JSON.stringify([issue(9)]));
    const text = await importPaths([file]);
    expect(text.split('Nothing skipped.').length - 1).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });
});

describe('Stats', () => {
  it('colours the α band as the legend and the tables colour that band', async () => {
    const alpha = (await bridge.api('getStats', {})).overall.alpha;
    expect(agreementBand(alpha)).toBe('slight');
    await page.getByRole('tab', { name: /Stats/ }).click();
    const note = page.locator('.stat-figures .stat-figure-note');
    await note.waitFor({ timeout: 20_000 });
    expect(await note.textContent()).toBe('slight');
    const colours = (selector: string) =>
      page.evaluate((cls) => {
        const probe = document.createElement('span');
        probe.className = cls;
        document.querySelector('.stat-figures')!.append(probe);
        const style = getComputedStyle(probe);
        const out = { color: style.color, background: style.backgroundColor };
        probe.remove();
        return out;
      }, selector);
    const shown = await note.evaluate((el) => ({
      color: getComputedStyle(el).color,
      background: getComputedStyle(el).backgroundColor,
    }));
    expect(shown).toEqual(await colours('coef band-slight'));
    expect(shown).not.toEqual(await colours('coef band-almost-perfect'));
  });
});

describe('Conflicts under the Queue’s filters', () => {
  it('says the filters hide every conflict, which, and clears them in one click', async () => {
    await page.getByRole('tab', { name: /^Queue/ }).click();
    await kindSelect().selectOption('missing_row');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: /^Conflicts/ }).click();
    const conflicts = (await bridge.api('getInfo', {})).counts.conflict;
    expect(conflicts).toBeGreaterThan(1);
    const empty = page.locator('.grid-empty');
    await expect
      .poll(async () => (await empty.textContent()) ?? '', { timeout: 10_000 })
      .toContain(`The filters hide all ${conflicts} conflicts.`);
    expect(await empty.textContent()).toContain('Kind: missing row');
    expect(await empty.textContent()).not.toMatch(/no conflicts/i);
    await empty.getByRole('button', { name: `Clear filters: show all ${conflicts} conflicts` }).click();
    await expect
      .poll(() => page.locator('.ag-grid-scrolling-container .ag-row').count(), { timeout: 10_000 })
      .toBe(conflicts);
    expect(await kindSelect().inputValue()).toBe('');
  });
});

describe('blind review', () => {
  async function showDispute(id: string): Promise<string> {
    await page.locator('#queue-search').fill(id);
    await page.locator('#queue-search').press('Enter');
    await expect
      .poll(async () => (await page.locator('aside.panel .dispute-meta').textContent()) ?? '', { timeout: 10_000 })
      .toContain('1 of 1');
    await page.locator('aside.panel[aria-busy="false"]').waitFor();
    return (await page.locator('aside.panel').textContent()) ?? '';
  }

  beforeAll(async () => {
    await page.getByRole('tab', { name: /^Queue/ }).click();
    await kindSelect().selectOption('');
    await page.keyboard.press('Escape');
  });

  afterAll(async () => {
    await page.locator('#queue-search').fill('');
    await page.locator('#queue-search').press('Enter');
    await page.keyboard.press('Escape');
  });

  it('says once that another engineer’s ruling is hidden until I rule, never “no rulings”', async () => {
    await page.getByRole('tab', { name: /^Queue/ }).click();
    const text = await showDispute(blindId);
    expect(text.match(/hidden until you rule/giu)?.length).toBe(1);
    const history = (await page.locator('aside.panel section[aria-label="History"]').textContent()) ?? '';
    expect(history).toContain('1 other engineer has already ruled on this dispute');
    expect(history).not.toMatch(/no rulings/iu);
    expect(text).not.toContain('noah');
  });

  it('says it once in a conflict too', async () => {
    await page.getByRole('tab', { name: /^Conflicts/ }).click();
    const text = await showDispute(blindConflictId);
    expect(text.match(/hidden until you rule/giu)?.length).toBe(1);
    expect(text).not.toMatch(/no rulings/iu);
    expect(text).not.toContain('noah');
    expect(text).not.toContain('ann');
  });
});

describe('the revision history', () => {
  it('shows when each tag was exported beside the time of its latest ruling, each labelled as such', async () => {
    await page.getByRole('tab', { name: /^Export/ }).click();
    await page.locator('.release-nav').getByRole('button', { name: 'History' }).click();
    const table = page.getByRole('table', { name: 'Revisions' });
    await table.locator('tbody tr').nth(1).waitFor({ timeout: 20_000 });
    const heads = (await table.locator('thead th').allTextContents()).map((h) => h.trim());
    expect(heads).toEqual(expect.arrayContaining(['Rulings up to', 'Exported']));
    expect(heads).not.toContain('Created');
    const revisions = await bridge.api('listRevisions', {});
    expect(revisions.map((r) => r.tag).sort()).toEqual(['v1.1', 'v1.2']);
    // The same rulings: the same patch time; exported apart.
    expect(revisions[0]!.created_at).toBe(revisions[1]!.created_at);
    expect(revisions[0]!.recorded_at).not.toBe(revisions[1]!.recorded_at);
    for (const r of revisions) {
      const row = table.locator('tbody tr', { has: page.locator('th', { hasText: r.tag }) });
      expect(await row.locator('time').evaluateAll((els) => els.map((el) => el.getAttribute('datetime')))).toEqual([
        r.created_at,
        r.recorded_at,
      ]);
    }
  });
});

describe('Settings', () => {
  it('warns, before saving, that raising the number reopens disputes settled by fewer engineers', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    // The exact count, from the service, before anything is saved.
    const { reopen } = await bridge.api('previewPolicy', { required: 3 });
    expect(reopen).toBeGreaterThan(0);
    await dialog.getByRole('radio', { name: '3', exact: true }).click();
    const warning = dialog.getByRole('alert');
    await expect
      .poll(async () => (await warning.textContent().catch(() => '')) ?? '')
      .toContain(`${reopen} dispute${reopen === 1 ? '' : 's'} will reopen.`);
    const text = (await warning.textContent()) ?? '';
    expect(text).toContain('resolved by fewer than 3 agreeing engineers go');
    expect(text).toContain('back to open until 3 engineers agree');
    // Back to the store's number: nothing to warn about.
    await dialog.getByRole('radio', { name: '2', exact: true }).click();
    await expect.poll(() => dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByRole('radio', { name: '1', exact: true }).click();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect((await bridge.api('getInfo', {})).policy).toEqual({ required: 2, blind: true });
  });
});
