// Moving between views and back to the page from the keyboard, in the real
// bundle: Alt+1 … Alt+5 show the tabs' views; a tab pressed with Tab+Enter
// hands the keyboard back to the page (on Reports, `j Enter` then opens the
// report); Esc releases a focused button; Shift+<letter> agrees with that
// position of a conflict; and a new filter (a search cleared, "needs my
// ruling" off) keeps the dispute the engineer was on, scrolled into view.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DisputeRow } from '../../shared/api-types';
import type { Bridge, LaunchedBrowser } from './support';
import { highlightedRow, openAppOnWorkspace, runCli } from './support';

let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
let dir: string;
/** noah keeps gold, bob marks it blank, mia (the app's engineer) has not ruled. */
let conflict: DisputeRow;
/** Set ATLAS_E2E_SHOTS to a folder to keep screenshots of the key map, a conflict and the kept selection. */
const shots = process.env.ATLAS_E2E_SHOTS;
const shot = async (name: string) => {
  if (shots) await page.screenshot({ path: join(shots, `view-keys-${name}.png`) });
};
/** The default order of the whole queue. */
let all: DisputeRow[];

const activeTab = async () => ((await page.locator('button.tab.tab-active').textContent()) ?? '').trim();
const activeText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
const activeIsPage = () => page.evaluate(() => document.activeElement === document.body);
const selectedId = async () => (await highlightedRow(page)) ?? '';
const rowCount = () => page.locator('.ag-grid-scrolling-container .ag-row').count();

/** The selected row is painted inside the grid's viewport (scrolled to), and the panel shows that dispute. */
async function shownInView(id: string): Promise<boolean> {
  const row = page.locator(`.ag-grid-scrolling-container .ag-row-selected[row-id="${id}"]`).first();
  if ((await row.count()) === 0) return false;
  const box = await row.boundingBox({ timeout: 2_000 });
  // The grid's scrolling box, below its header row.
  const viewport = await page.locator('.ag-grid-viewport').first().boundingBox({ timeout: 2_000 });
  const header = await page.locator('.ag-header').first().boundingBox({ timeout: 2_000 });
  if (!box || !viewport || !header) return false;
  const inside = box.y >= header.y + header.height - 1 && box.y + box.height <= viewport.y + viewport.height + 1;
  const entity = (await page.locator('aside.panel .dispute-entity').first().textContent()) ?? '';
  return inside && entity.trim() === all.find((d) => d.id === id)?.entity.trim();
}

/** Types a search into the queue's box (or clears it) and goes back to the page. */
async function search(text: string): Promise<void> {
  await page.keyboard.press('/');
  await page.keyboard.press('ControlOrMeta+a');
  if (text === '') await page.keyboard.press('Backspace');
  else await page.keyboard.type(text);
  await page.keyboard.press('Escape');
}

/** Selects `id` with j, from the first row of the listing shown. */
async function walkTo(id: string): Promise<void> {
  for (let i = 0; i < 60 && (await selectedId()) !== id; i++) {
    const before = await selectedId();
    await page.keyboard.press('j');
    // One row a press: the highlight moves (a frame or two after the panel) before the next.
    await expect.poll(selectedId).not.toBe(before);
  }
  await expect.poll(selectedId).toBe(id);
}

beforeAll(async () => {
  ({ bridge, browser, page, dir } = await openAppOnWorkspace(
    'atlas-view-keys-',
    { seed: 11, tasks: 16, systems: 4, maxRows: 8, maxColumns: 4 },
    { engineer: 'mia' },
  ));
  all = (await bridge.api('listDisputes', { limit: 1000 })).rows;
  // A conflict between noah and bob, far enough down that the Queue's first row is another dispute
  // and that the panel has not fetched it ahead (a detail fetched before these rulings would show for a while).
  conflict = all.find((d, i) => i >= 10 && d.kind === 'cell')!;
  await bridge.api('rule', { disputeId: conflict.id, decision: 'keep_gold', engineer: 'noah' });
  await bridge.api('rule', { disputeId: conflict.id, decision: 'mark_blank', engineer: 'bob' });
  all = (await bridge.api('listDisputes', { limit: 1000 })).rows;
  // Two reports on Reports.
  const issues = [0, 1].map((i) => {
    const d = all.filter((x) => x.kind === 'cell')[i + 6]!;
    return {
      number: 300 + i,
      title: `Wrong value ${i}`,
      body: `Task: ${d.task_id}\nRow: ${(d.gold_row ?? 0) + 1}\nColumn: ${d.column ?? ''}\nCorrect value: ${i}`,
      state: 'open',
      user: { login: 'u' },
      labels: [],
      created_at: '2026-01-02T03:04:05Z',
      html_url: `https://github.com/exa-ai/ATLAS/issues/${300 + i}`,
    };
  });
  const out = join(dir, 'issues.json');
  writeFileSync(out, JSON.stringify(issues));
  const imported = await runCli(['import', '--db', (await bridge.api('getInfo', {})).store_path, out]);
  expect(imported.code, imported.stderr).toBe(0);
});

/** Each test starts on the Queue, no dialog open, no filter, a dispute selected, focus on the page. */
beforeEach(async () => {
  if ((await page.getByRole('dialog').count()) > 0) await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  await page.getByRole('tab', { name: /Queue/ }).click();
  const needs = page.getByRole('button', { name: 'Needs my ruling' });
  if ((await needs.getAttribute('aria-pressed')) === 'true') await needs.click();
  const box = page.locator('#queue-search');
  if ((await box.inputValue()) !== '') {
    await box.fill('');
    await page.waitForTimeout(400);
  }
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.locator('.ag-grid-scrolling-container .ag-row-selected').first().waitFor();
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

describe('view keys', () => {
  it('Alt+1 … Alt+5 show Queue, Conflicts, Reports, Stats and Export, and back', async () => {
    expect(await activeTab()).toMatch(/^Queue/);
    const order: [string, RegExp][] = [
      ['Alt+2', /^Conflicts/],
      ['Alt+3', /^Reports/],
      ['Alt+4', /^Stats/],
      ['Alt+5', /^Export/],
      ['Alt+1', /^Queue/],
    ];
    for (const [key, tab] of order) {
      await page.keyboard.press(key);
      await expect.poll(activeTab, { message: key }).toMatch(tab);
    }
  });

  it('the key map lists them, and the agree key', async () => {
    await page.keyboard.press('?');
    const map = page.getByRole('dialog', { name: 'Keys' });
    await map.waitFor();
    await shot('keymap');
    const text = (await map.textContent()) ?? '';
    await page.keyboard.press('Escape');
    expect(text).toContain('Switch view: Queue, Conflicts, Reports, Stats, Export');
    expect(text).toContain('In a conflict, agree with position A, B');
  });
});

describe('focus goes back to the page', () => {
  it('after Tab+Enter on the Reports tab, j Enter opens the selected report in the queue', async () => {
    await page.locator('.brand').click();
    for (let i = 0; i < 12 && !/^Reports/.test(await activeText()); i++) await page.keyboard.press('Tab');
    expect(await activeText()).toMatch(/^Reports/);
    await page.keyboard.press('Enter');
    await expect.poll(activeTab).toMatch(/^Reports/);
    await page.locator('.report-row').first().waitFor();
    await page.keyboard.press('j');
    await expect.poll(() => page.locator('.report-row-selected').count()).toBe(1);
    await page.keyboard.press('Enter');
    await expect.poll(activeTab).toMatch(/^Queue/);
  });

  it('Esc releases a button reached with Tab: Enter no longer presses it', async () => {
    await page.locator('.brand').click();
    for (let i = 0; i < 40 && (await activeText()) !== 'Import…'; i++) await page.keyboard.press('Tab');
    expect(await activeText()).toBe('Import…');
    await page.keyboard.press('Escape');
    expect(await activeIsPage()).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

describe('agree from the keyboard in a conflict', () => {
  it('Shift+B takes bob’s position (shown on his Agree button), Enter saves it', async () => {
    await page.getByRole('tab', { name: /Conflicts/ }).click();
    await expect.poll(selectedId).toBe(conflict.id);
    const agree = page.getByRole('button', { name: /^Agree with bob/ });
    await agree.waitFor();
    await page.locator('table.compare').scrollIntoViewIfNeeded();
    await shot('conflict');
    await page.keyboard.press('Shift+B');
    await expect
      .poll(() => page.evaluate(() => document.querySelector('.decision-chosen')?.textContent ?? ''))
      .toContain('Blank');
    // The buttons say which key is theirs.
    expect(await agree.locator('kbd').allTextContents()).toEqual(['B']);
    expect(
      await page
        .getByRole('button', { name: /^Agree with noah/ })
        .locator('kbd')
        .allTextContents(),
    ).toEqual(['A']);
    await page.keyboard.press('Enter');
    await expect
      .poll(
        async () =>
          (await bridge.api('getDispute', { id: conflict.id })).rulings.find((r) => r.engineer === 'mia')?.decision,
        { timeout: 10_000 },
      )
      .toBe('mark_blank');
  });
});

describe('a new filter keeps the dispute selected', () => {
  it('clearing a search keeps the dispute reached in it, scrolled into view', async () => {
    // A dispute far down the queue, a few rows down the listing of a search for its task.
    let kept: DisputeRow | undefined;
    let found: DisputeRow[] = [];
    for (const d of all.filter((x, i) => i >= 60 && x.status === 'open')) {
      const listed = (await bridge.api('listDisputes', { filter: { search: d.task_id }, limit: 100 })).rows;
      const at = listed.findIndex((x) => x.id === d.id);
      if (at >= 2 && at <= 10) {
        kept = d;
        found = listed;
        break;
      }
    }
    if (!kept) throw new Error('no dispute far down with a few of its task before it');
    await search(kept.task_id);
    await expect.poll(selectedId).toBe(found[0]!.id);
    await walkTo(kept.id);
    await search('');
    await expect.poll(rowCount).toBeGreaterThan(found.length);
    await page.waitForTimeout(600);
    await expect.poll(selectedId).toBe(kept.id);
    await expect.poll(() => shownInView(kept.id)).toBe(true);
    await shot('kept-after-search');
    // The keys go on from it.
    await page.keyboard.press('j');
    await expect.poll(selectedId).toBe(all[all.findIndex((d) => d.id === kept.id) + 1]!.id);
  });

  it('Shift+N on and off keeps the dispute selected', async () => {
    const needs = (await bridge.api('listDisputes', { filter: { needs: 'mia' }, limit: 1000 })).rows;
    // Some rows down both listings, so row 1 of either is another dispute.
    const target = all.find((d, i) => i >= 8 && needs.findIndex((x) => x.id === d.id) >= 8)!;
    for (let i = 0; i < 10; i++) await page.keyboard.press('PageUp');
    await walkTo(target.id);
    await page.keyboard.press('Shift+N');
    await expect
      .poll(() => page.getByRole('button', { name: 'Needs my ruling' }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(rowCount).toBeGreaterThan(0);
    await page.waitForTimeout(600);
    await expect.poll(selectedId).toBe(target.id);
    await expect.poll(() => shownInView(target.id)).toBe(true);
    await page.keyboard.press('j');
    const next = needs[needs.findIndex((x) => x.id === target.id) + 1]!.id;
    await expect.poll(selectedId).toBe(next);
    await page.keyboard.press('Shift+N');
    await expect
      .poll(() => page.getByRole('button', { name: 'Needs my ruling' }).getAttribute('aria-pressed'))
      .toBe('false');
    await page.waitForTimeout(600);
    await expect.poll(selectedId).toBe(next);
    await expect.poll(() => shownInView(next)).toBe(true);
  });

  it('a filter without the dispute starts from its first row, as before', async () => {
    const on = await selectedId();
    let listed: DisputeRow[] = [];
    for (const d of all) {
      listed = (await bridge.api('listDisputes', { filter: { search: d.task_id }, limit: 100 })).rows;
      if (listed.length > 1 && !listed.some((x) => x.id === on)) break;
    }
    await search(listed[0]!.task_id);
    await expect.poll(selectedId).toBe(listed[0]!.id);
  });
});
