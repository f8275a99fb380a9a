// Nothing reaches gold that the engineer did not mean, on the demo workspace
// where a first session wrote three wrong things into gold:
// - a gold-row search that matches no row chooses nothing, and Enter says why
//   rather than save an alias to the row its first letter had picked;
// - key 1 changes nothing in every kind of dispute (reject row on a missing
//   row), so the README's `1 Enter 1 Enter` never adds a gold row; a key that
//   is no decision there says so and drops the keys typed right after it;
// - Enter on a control outside the ruling form (the filter bar's Clear, a
//   tab, the grid's header) never saves;
// - Add row lists every value it adds with the system it came from, and a
//   value cleared there is not written;
// - the gold operation is shown before saving and echoed by the notice after.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DisputeDetail, DisputeRow } from '../../shared/api-types';
import { tidySpelling } from '../../shared/spelling';
import type { Bridge, LaunchedBrowser, TempDir } from './support';
import { ensureRendererBuilt, highlightedRow, openApp, runCli, shownDispute, tempDir } from './support';

let dir: TempDir;
let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;

beforeAll(async () => {
  ensureRendererBuilt();
  dir = tempDir('atlas-ruling-safety-');
  const db = dir.db();
  const demo = await runCli(['demo', '--db', db]);
  expect(demo.code, demo.stderr).toBe(0);
  ({ bridge, browser, page } = await openApp(db, { engineer: 'mia', env: { ATLAS_ADJUDICATOR_ENGINEER: 'mia' } }));
});

beforeEach(async () => {
  await releaseFocus();
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
  dir?.remove();
});

const form = () => page.getByRole('region', { name: 'Your ruling' });
const kindSelect = () => page.locator('label.filter-select', { hasText: 'Kind' }).locator('select');
const noticesText = async () => (await page.locator('.notices').textContent()) ?? '';

async function releaseFocus(): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

const selectedId = () => highlightedRow(page);

/** The dispute a ruling key acts on: the panel's (the grid's highlight follows it a frame later). */
const shownId = () => shownDispute(page);

async function mine(id: string) {
  const detail = await bridge.api('getDispute', { id });
  return detail.rulings.filter((r) => r.engineer === 'mia');
}

async function find(kind: DisputeRow['kind'], entity: string): Promise<DisputeDetail> {
  const { rows } = await bridge.api('listDisputes', { filter: { kind, search: entity }, limit: 100 });
  const row = rows.find((r) => r.entity === entity);
  if (!row) throw new Error(`no ${kind} dispute on ${entity}`);
  return bridge.api('getDispute', { id: row.id });
}

/** `/` and the dispute's id, Esc: the queue lists that one dispute, the panel shows it, focus on the page. */
async function showOnly(id: string): Promise<void> {
  await page.keyboard.press('/');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(id);
  await expect.poll(() => page.locator('.ag-grid-scrolling-container .ag-row').count()).toBe(1);
  await page.keyboard.press('Escape');
  await expect.poll(shownId).toBe(id);
  await releaseFocus();
}

/** Clears the search and the filters, then lists one kind of dispute. */
async function listKind(kind: DisputeRow['kind'] | ''): Promise<void> {
  await page.keyboard.press('/');
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Escape');
  await kindSelect().selectOption(kind);
  await releaseFocus();
  // The panel goes on showing the last dispute while the new listing is searched for it: wait for one of this
  // kind, shown and highlighted in the grid (which follows the panel a frame later).
  if (kind !== '') await page.locator(`aside.panel[aria-busy="false"] .dispute-head .kind-${kind}`).waitFor();
  await expect
    .poll(async () => {
      const shown = await shownId();
      return shown !== null && shown === (await selectedId());
    })
    .toBe(true);
}

interface Focused {
  text: string;
  role: string | null;
  label: string | null;
}

/** Tab (from the top of the page, unless `from` here) until the focused element is `wanted`. */
async function tabTo(wanted: (focused: Focused) => boolean, from: 'top' | 'here' = 'top'): Promise<void> {
  // Tab goes on from where the focus last was: a click on the app's name starts it from the top.
  if (from === 'top') await page.locator('.brand').click();
  const seen: string[] = [];
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      return {
        text: el?.textContent?.trim() ?? '',
        role: el?.getAttribute('role') ?? null,
        label: el?.getAttribute('aria-label') ?? null,
      };
    });
    if (wanted(focused)) return;
    seen.push(`${focused.role ?? ''}:${focused.label ?? focused.text.slice(0, 20)}`);
  }
  throw new Error(`Tab never reached the control: ${seen.join(' | ')}`);
}

/** mia's decisions on every missing row, in listing order. */
async function missingRowDecisions(): Promise<string[]> {
  const { rows } = await bridge.api('listDisputes', { filter: { kind: 'missing_row' }, limit: 1000 });
  const decisions: string[] = [];
  for (const row of rows) decisions.push(...(await mine(row.id)).map((r) => r.decision));
  return decisions.sort();
}

describe('a gold-row search that matches no row', () => {
  it('chooses nothing, and Enter saves nothing but says why', async () => {
    const dispute = await find('missing_row', 'Lanternfield Sound Lines');
    await showOnly(dispute.dispute.id);
    await form().getByRole('radio', { name: /Alias/ }).click();
    const search = form().getByRole('combobox');
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Lanternfield');
    await expect
      .poll(async () => (await form().locator('.row-list').textContent()) ?? '')
      .toContain('No gold row matches');
    expect(await form().locator('[role="option"][aria-selected="true"]').count()).toBe(0);
    expect(await form().locator('.row-picked').textContent()).toMatch(/no row chosen/);
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await form().getByRole('alert').textContent()) ?? '')
      .toMatch(/No gold row matches “Lanternfield”.*nothing is saved/);
    expect(await mine(dispute.dispute.id)).toEqual([]);
    // A search that matches again chooses its first row.
    await search.fill('1');
    await expect.poll(() => form().locator('[role="option"][aria-selected="true"]').count()).toBe(1);
    await search.fill('');
    expect(await form().locator('[role="option"][aria-selected="true"]').count()).toBe(0);
    await page.keyboard.press('Escape');
  });
});

describe('Add row', () => {
  it('lists every value it adds with its system, and a value cleared there is not written', async () => {
    const dispute = await find('missing_row', 'Greywick Beacon');
    await showOnly(dispute.dispute.id);
    await form()
      .getByRole('radio', { name: /Add row/ })
      .click();
    await releaseFocus();
    // The system the form picks: the one that wrote the name as the dispute has it.
    const system =
      dispute.missing_row_systems.find((s) => tidySpelling(s.entity) === dispute.dispute.entity) ??
      dispute.missing_row_systems[0]!;
    const filled = system.values.filter((v) => v.value.trim() !== '');
    expect(filled.length).toBeGreaterThan(2);
    const cells = form().getByRole('group', { name: 'Cells the new row gets' });
    for (const value of filled) {
      const cell = cells.locator('.row-value', { has: page.getByText(value.column, { exact: true }) });
      expect(await cell.locator('input').inputValue(), value.column).toBe(value.value);
      expect(await cell.textContent(), value.column).toContain(system.system);
    }
    // Clear the second value with the keyboard: Tab to its ✕, Enter.
    const cleared = filled[1]!;
    await page.keyboard.press('2'); // Add row's key again: edit the entity
    await tabTo(({ label }) => label === `Clear ${cleared.column}`, 'here');
    await page.keyboard.press('Enter');
    const clearedCell = cells.locator('.row-value', { has: page.getByText(cleared.column, { exact: true }) });
    expect(await clearedCell.locator('input').inputValue()).toBe('');
    expect(await clearedCell.textContent()).toContain('cleared: not written');
    // The operation shown: the row, and how many of the cells listed are written.
    const preview = (await form().locator('.gold-write').textContent()) ?? '';
    expect(preview).toContain('add_row "Greywick Beacon"');
    expect(preview).toContain(`with ${filled.length - 1} cells, listed below`);
    await page.keyboard.press('Control+Enter');
    await expect.poll(async () => (await mine(dispute.dispute.id)).length).toBe(1);
    const [ruling] = await mine(dispute.dispute.id);
    expect(ruling!.decision).toBe('add_row');
    expect(Object.keys(ruling!.values ?? {})).not.toContain(cleared.column);
    expect(ruling!.values?.[filled[0]!.column]).toBe(filled[0]!.value);
    // The notice says the operation, every cell written and none cleared.
    await expect.poll(noticesText).toContain(`add_row "Greywick Beacon": `);
    const notice = await noticesText();
    expect(notice).toContain(`"${filled[0]!.column}": "${filled[0]!.value}" (from ${system.system})`);
    expect(notice).not.toContain(`"${cleared.column}"`);
  });
});

describe('one meaning per key', () => {
  it('key 1 on a missing row is Reject row, so `1 Enter 1 Enter` adds no gold row', async () => {
    await listKind('missing_row');
    expect(await form().getByRole('radio').first().textContent()).toBe('1Reject row');
    const before = await missingRowDecisions();
    // One pair at a time: whether keys typed ahead of a slow save are kept is typing-ahead.test.ts's matter.
    for (const saved of [['reject_row'], ['reject_row', 'reject_row']]) {
      await page.keyboard.press('1', { delay: 0 });
      await page.keyboard.press('Enter', { delay: 0 });
      await expect.poll(missingRowDecisions, { timeout: 10_000 }).toEqual([...before, ...saved].sort());
    }
  });

  it('a key that is no decision here says so and drops the keys typed after it (`4 u k o` on a missing row)', async () => {
    await listKind('missing_row');
    // The third missing row, which mia has ruled on: `u` would retract it, `k` move up, `o` open a source.
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect.poll(async () => (await shownId()) != null).toBe(true);
    const id = (await shownId())!;
    await bridge.api('rule', { disputeId: id, decision: 'add_row', engineer: 'mia' });
    const ruled = (await mine(id)).map((r) => r.decision);
    expect(ruled.at(-1)).toBe('add_row');
    const pages = browser.context.pages().length;
    for (const key of ['4', 'u', 'k', 'o']) await page.keyboard.press(key, { delay: 0 });
    await expect.poll(noticesText).toMatch(/Key 4 is no decision on a missing row/);
    expect(await noticesText()).toMatch(/keys typed right after it are dropped/);
    // Nothing of it ran: the ruling stands, the selection stayed, no link opened.
    await page.waitForTimeout(300);
    expect((await mine(id)).map((r) => r.decision)).toEqual(ruled);
    expect(await selectedId()).toBe(id);
    expect(browser.context.pages().length).toBe(pages);
    expect(await noticesText()).not.toMatch(/Retracted|No source to open/);
    // After a pause the keys act again.
    await page.waitForTimeout(1000);
    await page.keyboard.press('k');
    await expect.poll(selectedId).not.toBe(id);
  });
});

describe('Enter on a control outside the ruling form', () => {
  it('presses the filter bar’s Clear and saves nothing', async () => {
    await listKind('cell');
    const id = (await shownId())!;
    await page.keyboard.press('1');
    await expect.poll(async () => (await form().locator('.chosen').textContent()) ?? '').toBe('Keep gold');
    await tabTo(({ text }) => text === 'Clear');
    await page.keyboard.press('Enter');
    await expect.poll(() => kindSelect().inputValue()).toBe('');
    await page.waitForTimeout(300);
    expect(await mine(id)).toEqual([]);
  });

  it('on a tab, and on the grid’s column header, saves nothing', async () => {
    await listKind('cell');
    const id = (await shownId())!;
    await page.keyboard.press('1');
    await tabTo(({ role }) => role === 'tab');
    await page.keyboard.press('Enter');
    await page.keyboard.press('1');
    await tabTo(({ role }) => role === 'columnheader');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    expect(await mine(id)).toEqual([]);
    // From the page, the same Enter saves (the header's Enter sorted the queue: the dispute selected now).
    await releaseFocus();
    await expect.poll(async () => (await shownId()) != null).toBe(true);
    const now = (await shownId())!;
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await mine(now)).map((r) => r.decision)).toEqual(['keep_gold']);
  });
});

describe('the gold operation', () => {
  it('is shown before saving and echoed by the notice after', async () => {
    const dispute = await find('cell', 'Lanternfield Light');
    const opening = (
      await bridge.api('listDisputes', { filter: { kind: 'cell', search: 'Lanternfield Light' }, limit: 100 })
    ).rows.find((r) => r.column === 'Opening date')!;
    await showOnly(opening.id);
    expect(dispute.dispute.task_id).toBe(opening.task_id);
    await page.keyboard.press('2');
    const preview = form().locator('.gold-operation');
    // The issue's own example: gold row 3 as people count it, the value in gold's ISO format.
    await expect
      .poll(async () => (await preview.textContent()) ?? '')
      .toBe('set_cell row 3 "Opening date": "2005-06-24" → "2005-11-09"');
    const text = (await preview.textContent())!;
    await page.keyboard.press('Enter');
    await expect.poll(noticesText).toContain(text);
    expect((await mine(opening.id)).map((r) => r.decision)).toEqual(['accept_system']);
  });
});
