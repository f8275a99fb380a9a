// What the UI audit found about keys, place and messages, in the real bundle:
// a ruling key pressed on an empty search lands on no dispute; switching
// views comes back to the dispute the engineer was on; Enter on an unlinked
// report says why nothing opens and puts the focus where it is linked; the
// ruling form says the engineer's counted ruling; save notices sit in the
// status bar, over no row; at 1024×768 the ruling form leaves the dispute
// readable.
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
/** The whole queue in its default order. */
let all: DisputeRow[];
/** Set ATLAS_E2E_SHOTS to a folder to keep screenshots. */
const shots = process.env.ATLAS_E2E_SHOTS;
const shot = async (name: string) => {
  if (shots) await page.screenshot({ path: join(shots, `place-and-hints-${name}.png`) });
};

const activeTab = async () => ((await page.locator('button.tab.tab-active').textContent()) ?? '').trim();
const selectedId = async () => (await highlightedRow(page)) ?? '';
const shownEntity = async () =>
  (
    (await page
      .locator('aside.panel[aria-busy="false"] .dispute-entity')
      .first()
      .textContent({ timeout: 2_000 })
      .catch(() => null)) ?? ''
  ).trim();
const entityOf = (id: string) => all.find((d) => d.id === id)?.entity.trim();
const mine = async (id: string) => (await bridge.api('getDispute', { id })).rulings.filter((r) => r.engineer === 'mia');

/** Types a search into the queue's box (or clears it) and goes back to the page. */
async function search(text: string): Promise<void> {
  await page.keyboard.press('/');
  await page.keyboard.press('ControlOrMeta+a');
  if (text === '') await page.keyboard.press('Backspace');
  else await page.keyboard.type(text);
  await page.keyboard.press('Escape');
}

/** Selects `id` with j, from where the selection is. */
async function walkTo(id: string): Promise<void> {
  for (let i = 0; i < 60 && (await selectedId()) !== id; i++) {
    const before = await selectedId();
    await page.keyboard.press('j');
    // One row a press: the highlight moves (a frame or two after the panel) before the next.
    await expect.poll(selectedId).not.toBe(before);
  }
  await expect.poll(selectedId).toBe(id);
  await expect.poll(shownEntity).toBe(entityOf(id));
}

beforeAll(async () => {
  ({ bridge, browser, page, dir } = await openAppOnWorkspace(
    'atlas-place-hints-',
    { seed: 7, tasks: 6, systems: 8, maxRows: 6, maxColumns: 4 },
    { engineer: 'mia' },
  ));
  all = (await bridge.api('listDisputes', { limit: 1000 })).rows;
  // A conflict far down the queue: Conflicts lists it, and only it.
  const conflict = all.find((d, i) => i >= 20 && d.kind === 'cell')!;
  await bridge.api('rule', { disputeId: conflict.id, decision: 'keep_gold', engineer: 'noah' });
  await bridge.api('rule', { disputeId: conflict.id, decision: 'mark_blank', engineer: 'bob' });
  // Two reports: #103 says nothing the parser can use (unlinked), #104 names a cell.
  const cell = all.filter((d) => d.kind === 'cell')[3]!;
  const issue = (number: number, title: string, body: string) => ({
    number,
    title,
    body,
    state: 'open',
    user: { login: 'u' },
    labels: [],
    created_at: '2026-01-02T03:04:05Z',
    html_url: `https://github.com/exa-ai/ATLAS/issues/${number}`,
  });
  const issues = [
    issue(103, 'Something is off somewhere', 'I think a number is wrong, not sure which.'),
    issue(
      104,
      'Wrong value',
      `Task: ${cell.task_id}\nRow: ${(cell.gold_row ?? 0) + 1}\nColumn: ${cell.column ?? ''}\nCorrect value: 5`,
    ),
  ];
  const file = join(dir, 'issues.json');
  writeFileSync(file, JSON.stringify(issues));
  const imported = await runCli(['import', '--db', (await bridge.api('getInfo', {})).store_path, file]);
  expect(imported.code, imported.stderr).toBe(0);
  all = (await bridge.api('listDisputes', { limit: 1000 })).rows;
  await page.reload();
  await page.locator('aside.panel[aria-busy="false"] .dispute-head').waitFor();
});

/** Each test starts on the Queue, no search, a dispute shown, focus on the page. */
beforeEach(async () => {
  if ((await activeTab()).startsWith('Queue') === false) await page.keyboard.press('Alt+1');
  await expect.poll(activeTab).toMatch(/^Queue/);
  const box = page.locator('#queue-search');
  if ((await box.inputValue()) !== '') {
    await box.fill('');
    await page.waitForTimeout(400);
  }
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.locator('.ag-grid-scrolling-container .ag-row-selected').first().waitFor();
  await page.locator('aside.panel[aria-busy="false"] .dispute-head').waitFor();
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

describe('a ruling key pressed while the queue selects no dispute', () => {
  it('is dropped: the dispute back after the search is cleared has nothing drafted, and Enter records nothing', async () => {
    const on = await selectedId();
    await search('qqqnomatch');
    await page.locator('aside.panel-empty', { hasText: 'Nothing to review here' }).waitFor();
    // A decision key, as if a dispute were there.
    await page.keyboard.press('5');
    await page.waitForTimeout(300);
    await search('');
    await expect.poll(selectedId).toBe(on);
    await expect.poll(shownEntity).toBe(entityOf(on));
    await page.waitForTimeout(300);
    expect(await page.locator('.ruling-form .chosen').count()).toBe(0);
    expect(await page.locator('.decision-bar .decision-chosen').count()).toBe(0);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(600);
    expect(await mine(on)).toEqual([]);
  });
});

describe('switching views', () => {
  it('comes back to the dispute the queue was on (row 8 → Alt+2 → Alt+1 is row 8 again)', async () => {
    for (let i = 0; i < 5; i++) await page.keyboard.press('PageUp');
    const row8 = all[7]!;
    await walkTo(row8.id);
    await page.keyboard.press('Alt+2');
    await expect.poll(activeTab).toMatch(/^Conflicts/);
    await expect.poll(selectedId).not.toBe(row8.id);
    await page.keyboard.press('Alt+1');
    await expect.poll(activeTab).toMatch(/^Queue/);
    await page.waitForTimeout(600);
    await expect.poll(selectedId).toBe(row8.id);
    await expect.poll(shownEntity).toBe(entityOf(row8.id));
    // The keys go on from there.
    await page.keyboard.press('j');
    await expect.poll(selectedId).toBe(all[8]!.id);
  });
});

describe('Enter on an unlinked report', () => {
  it('says it is not linked and puts the focus on the box that links it by id', async () => {
    await page.keyboard.press('Alt+3');
    await expect.poll(activeTab).toMatch(/^Reports/);
    await page.locator('.report-row').first().waitFor();
    for (
      let i = 0;
      i < 5 &&
      !(
        (await page
          .locator('.report-row-selected')
          .textContent()
          .catch(() => '')) ?? ''
      ).includes('103');
      i++
    )
      await page.keyboard.press('j');
    await expect
      .poll(async () => (await page.locator('.report-row-selected .num').first().textContent()) ?? '')
      .toBe('103');
    await page.keyboard.press('Enter');
    await page.locator('.notice', { hasText: 'Report #103 is not linked to a dispute' }).waitFor({ timeout: 5_000 });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('report-link-id');
    await shot('unlinked-report');
    expect(await activeTab()).toMatch(/^Reports/);
    // Esc gives the keys back to the list.
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  });
});

describe('after a save', () => {
  it('the notice sits in the status bar, over no grid row and no panel; the ruled dispute’s form names the counted ruling', async () => {
    // A cell dispute nobody has ruled on, a few rows down (so `k` steps back to it).
    const on = all.find((d, i) => i >= 3 && i < 20 && d.kind === 'cell' && d.status === 'open')!.id;
    for (let i = 0; i < 5; i++) await page.keyboard.press('PageUp');
    await walkTo(on);
    await expect
      .poll(async () => (await page.locator('.ruling-form .chosen-none').textContent()) ?? '')
      .toBe('no decision yet — press a number');
    await page.keyboard.press('5');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await mine(on)).map((r) => r.decision), { timeout: 10_000 }).toEqual(['mark_blank']);
    const notice = page.locator('.notice', { hasText: 'Saved' }).first();
    await notice.waitFor();
    await shot('saved-notice');
    const box = (await notice.boundingBox())!;
    const bar = (await page.locator('footer.status-bar').boundingBox())!;
    const grid = (await page.locator('.queue-grid').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(bar.y - 0.5);
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y + bar.height + 0.5);
    expect(box.y).toBeGreaterThanOrEqual(grid.y + grid.height - 0.5);
    // Back on the dispute just ruled: the form says the ruling that counts.
    await page.keyboard.press('k');
    await expect.poll(selectedId).toBe(on);
    await expect
      .poll(
        async () =>
          (await page
            .locator('aside.panel[aria-busy="false"] .ruling-form .chosen-none')
            .textContent()
            .catch(() => null)) ?? '',
      )
      .toBe('your ruling: Mark blank (counted) — press a number to change it');
    await shot('ruled-dispute');
  });
});

describe('a 1024×768 window', () => {
  it('keeps the dispute readable with Alias chosen: the evidence gets nearly half the panel', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.locator('label.filter-select', { hasText: 'Kind' }).locator('select').selectOption('missing_row');
    await page.keyboard.press('Escape');
    await page.locator('aside.panel[aria-busy="false"] .chip-kind', { hasText: 'missing row' }).waitFor();
    await page.keyboard.press('3'); // add as alias
    await page.locator('.row-list').waitFor();
    await page.keyboard.press('Escape');
    await shot('alias-1024x768');
    const { scroll, panel } = await page.evaluate(() => ({
      scroll: document.querySelector('.panel-scroll')!.getBoundingClientRect().height,
      panel: document.querySelector('aside.panel')!.getBoundingClientRect().height,
    }));
    expect(scroll / panel).toBeGreaterThan(0.45);
    // The gold rows stay in reach, the list scrolls.
    expect(await page.locator('.row-list .row-option').first().isVisible()).toBe(true);
  });
});
