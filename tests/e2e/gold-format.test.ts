// Accept writes a system's value in the format the column's gold uses, in the
// real bundle in headless Chromium: a spelled-out date accepted into an ISO
// column is stored and exported as the ISO date, a year written 1997.0 as
// 1997, and a system's own spelling is written only when chosen on purpose.
// What the store and the patch hold is checked, not only the screen.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DisputeDetail } from '../../shared/api-types';
import { clusterLetter } from '../../shared/clusters';
import { decisionsForDispute } from '../../shared/domain';
import type { Decision } from '../../shared/domain';
import type { GoldPatch } from '../../shared/patch';
import type { Bridge, LaunchedBrowser } from './support';
import { openAppOnWorkspace, shownDispute } from './support';

let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
let dir: string;
/** Set ATLAS_E2E_SHOTS to a folder to keep screenshots of the spelling choice. */
const shots = process.env.ATLAS_E2E_SHOTS;

beforeAll(async () => {
  // Enough tasks for date columns some systems spell out in words, and a year some write 1997.0.
  ({ bridge, browser, page, dir } = await openAppOnWorkspace(
    'atlas-gold-format-',
    { seed: 7, tasks: 12, systems: 5, maxRows: 8, maxColumns: 9 },
    { engineer: 'mia' },
  ));
});
beforeEach(async () => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
});
afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

const form = () => page.getByRole('region', { name: 'Your ruling' });
const valueInput = () => form().locator('input.value-input');
const spellingChoice = () => form().getByRole('group', { name: 'Spelling written to gold' });
const shownId = () => shownDispute(page);

/** `/`, the dispute's id, Esc: the queue shows that one dispute, the panel shows it, focus is on the page. */
async function showOnly(id: string): Promise<void> {
  await page.keyboard.press('/');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(id);
  await expect.poll(() => page.locator('.ag-grid-scrolling-container .ag-row').count()).toBe(1);
  await page.keyboard.press('Escape');
  await expect.poll(shownId).toBe(id);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

const mine = async (id: string) =>
  (await bridge.api('getDispute', { id })).rulings.filter((r) => r.engineer === 'mia' && r.counted);
const decisionKey = (detail: DisputeDetail, decision: Decision): string =>
  String(decisionsForDispute(detail.dispute).indexOf(decision) + 1);

interface Spelled {
  detail: DisputeDetail;
  /** The letter of the cluster a system spelled so. */
  letter: string;
  raw: string;
}

/**
 * Cell disputes whose column is of `type`, with a cluster against gold whose
 * value (the spelling most systems gave, which Accept used to prefill as it
 * was) looks like `pattern`.
 */
async function spelledLike(type: string, pattern: RegExp): Promise<Spelled[]> {
  const { rows } = await bridge.api('listDisputes', { filter: { kind: 'cell' }, limit: 1000 });
  const found: Spelled[] = [];
  for (const row of rows) {
    const detail = await bridge.api('getDispute', { id: row.id });
    if (detail.column_rule?.type !== type || detail.gold.value === null) continue;
    const index = detail.clusters.findIndex((c) => !c.agrees_with_gold && pattern.test(c.value));
    if (index < 0 || clusterLetter(index) === null) continue;
    found.push({ detail, letter: clusterLetter(index)!, raw: detail.clusters[index]!.value });
  }
  if (found.length === 0)
    throw new Error(`the workspace has no ${type} dispute with a cluster spelled like ${pattern}`);
  return found;
}

const LONG_DATE = /^[A-Z][a-z]+ \d{1,2}, \d{4}$/u;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const isoOf = (long: string): string => {
  const [, month, day, year] = /^([A-Za-z]+) (\d+), (\d{4})$/u.exec(long)!;
  return `${year}-${String(MONTHS.indexOf(month!) + 1).padStart(2, '0')}-${day!.padStart(2, '0')}`;
};

async function exportedOperation(disputeId: string, revision: string) {
  const out = join(dir, `${revision}.patch.json`);
  await bridge.runJob('exportPatch', { revision, out, plaintext: true });
  return (JSON.parse(readFileSync(out, 'utf8')) as GoldPatch).operations.find((op) => op.dispute_id === disputeId);
}

describe("accepting a system's value writes gold's format", () => {
  it('a spelled-out date accepted into an ISO column is stored and exported as the ISO date', async () => {
    const { detail, letter, raw } = (await spelledLike('date', LONG_DATE))[0]!;
    expect(detail.gold.value).toMatch(/^\d{4}-\d{2}-\d{2}$/u);
    await showOnly(detail.dispute.id);
    await page.keyboard.press(letter);
    await expect.poll(() => valueInput().inputValue()).toBe(isoOf(raw));
    // Gold's format is the spelling chosen; the system's is there, not chosen.
    await expect
      .poll(() => spellingChoice().getByRole('button', { pressed: true }).textContent())
      .toBe(`${isoOf(raw)}gold's format`);
    expect(await spellingChoice().getByRole('button', { pressed: false }).allTextContents()).toContainEqual(
      expect.stringContaining(raw),
    );
    for (const [width, height] of [
      [1440, 900],
      [1280, 720],
    ] as const) {
      await page.setViewportSize({ width, height });
      await form().scrollIntoViewIfNeeded();
      if (shots) await page.screenshot({ path: join(shots, `gold-format-${width}x${height}.png`) });
      await expect.poll(() => spellingChoice().isVisible()).toBe(true);
    }
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await mine(detail.dispute.id)).map((r) => [r.decision, r.value, r.accepted]))
      .toEqual([['accept_system', isoOf(raw), raw]]);
    expect((await exportedOperation(detail.dispute.id, 'v1.1'))?.to).toEqual({ value: isoOf(raw) });
  });

  it('a number written 1997.0 is written as an integer in a column of integers', async () => {
    const { detail, letter, raw } = (await spelledLike('number', /^\d+\.0$/u))[0]!;
    await showOnly(detail.dispute.id);
    await page.keyboard.press(letter);
    await expect.poll(() => valueInput().inputValue()).toBe(raw.replace(/\.0$/u, ''));
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await mine(detail.dispute.id)).map((r) => [r.value, r.accepted]))
      .toEqual([[raw.replace(/\.0$/u, ''), raw]]);
    expect((await exportedOperation(detail.dispute.id, 'v1.2'))?.to).toEqual({ value: raw.replace(/\.0$/u, '') });
  });

  it("a system's own spelling, chosen on purpose with the letter again, is written as spelled", async () => {
    const { detail, letter, raw } = (await spelledLike('date', LONG_DATE)).at(-1)!;
    await showOnly(detail.dispute.id);
    await page.keyboard.press(letter);
    await expect.poll(() => valueInput().inputValue()).toBe(isoOf(raw));
    // The systems' spellings follow gold's format: the letter again walks them until this one.
    for (let i = 0; i < 6 && (await valueInput().inputValue()) !== raw; i++) await page.keyboard.press(letter);
    expect(await valueInput().inputValue()).toBe(raw);
    await expect
      .poll(() => spellingChoice().getByRole('button', { pressed: true }).textContent())
      .toMatch(new RegExp(`^${raw}as spelled`, 'u'));
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await mine(detail.dispute.id)).map((r) => [r.value, r.accepted]))
      .toEqual([[raw, null]]);
    expect((await exportedOperation(detail.dispute.id, 'v1.3'))?.to).toEqual({ value: raw });
  });

  it("Both's key, then the cluster's letter, takes that cluster's value in gold's format, not its next spelling", async () => {
    const { detail, letter, raw } = (await spelledLike('date', LONG_DATE))[0]!;
    await showOnly(detail.dispute.id);
    await page.keyboard.press(decisionKey(detail, 'accept_both'));
    await page.keyboard.press(letter);
    await expect.poll(() => valueInput().inputValue()).toBe(isoOf(raw));
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await mine(detail.dispute.id)).map((r) => [r.decision, r.value]))
      .toEqual([['accept_both', isoOf(raw)]]);
  });
});
