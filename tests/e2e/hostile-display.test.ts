// Hostile text in the real bundle: every place that shows imported text —
// queue, filters, dispute panel (question, rule, gold, clusters, systems,
// reasoning, sources, judges, history, rulings side by side, gold-row
// picker), Reports, Stats and the release desk's review and history — shows
// bidi overrides and zero-width characters as visible ⟨U+XXXX⟩ marks. None
// may reach a text node or a tooltip raw, where it would reorder or hide
// what is shown around it.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVISIBLE_CONTROLS } from '../../shared/report-parse/text';
import type { Bridge, LaunchedBrowser } from './support';
import { ensureRendererBuilt, openApp, runCli, tempDir } from './support';
import { H, writeHostileStore } from './support/hostile-store';

let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
let dir: string;
let cellId: string;
let missingId: string;

/** Every text node and tooltip-like attribute on the page that still holds an invisible control. */
function rawControls(): Promise<string[]> {
  return page.evaluate((source) => {
    const bad = new RegExp(source, 'u');
    const found: string[] = [];
    const where = (el: Element | null) =>
      `<${el?.tagName.toLowerCase() ?? '?'} class="${el?.getAttribute('class') ?? ''}">`;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // ag-grid's live region for screen readers ends its own phrases with a zero-width space (so a repeat is announced): not data.
      if (node.parentElement?.closest('script, style, .ag-aria-description-container')) continue;
      if (bad.test(node.nodeValue ?? ''))
        found.push(`text in ${where(node.parentElement)}: ${JSON.stringify(node.nodeValue)}`);
    }
    for (const el of document.body.querySelectorAll('*')) {
      for (const attr of ['title', 'aria-label', 'placeholder', 'alt']) {
        const value = el.getAttribute(attr);
        if (value != null && bad.test(value)) found.push(`${attr} of ${where(el)}: ${JSON.stringify(value)}`);
      }
    }
    return found;
    // C0/C1 controls too (escape sequences), but not the line breaks and tabs text may hold.
  }, `${INVISIBLE_CONTROLS.source}|[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f]`);
}

async function marks(selector: string): Promise<number> {
  const text = (await page.locator(selector).first().textContent()) ?? '';
  return [...text.matchAll(/⟨U\+[0-9A-F]{4}⟩/gu)].length;
}

async function showDispute(id: string, kind: string): Promise<void> {
  await page.locator(`.ag-grid-scrolling-container .ag-row[row-id="${id}"]`).click();
  await expect.poll(async () => (await page.locator('aside.panel .chip-kind').textContent()) ?? '').toBe(kind);
}

beforeAll(async () => {
  ensureRendererBuilt();
  dir = tempDir('atlas-hostile-ui-').path;
  const db = join(dir, 'store.sqlite');
  const imported = await runCli(['import', '--db', db, '--json', ...writeHostileStore(join(dir, 'ws'))]);
  expect(imported.code, imported.stderr).toBe(0);
  ({ bridge, browser, page } = await openApp(db, { engineer: 'ana' }));
  const listing = await bridge.api('listDisputes', {});
  cellId = listing.rows.find((d) => d.kind === 'cell')!.id;
  missingId = listing.rows.find((d) => d.kind === 'missing_row')!.id;
  // Two engineers disagree on the cell (rulings side by side); the hostile one adds the missing row (a patch operation).
  await bridge.api('rule', {
    disputeId: cellId,
    decision: 'accept_system',
    value: H.responseA,
    rationale: H.rationale,
    evidence: ['https://example.org/e'],
    engineer: H.engineer,
  });
  await bridge.api('rule', {
    disputeId: cellId,
    decision: 'accept_system',
    value: H.responseB,
    rationale: 'plain',
    engineer: 'ana',
  });
  await bridge.api('rule', {
    disputeId: missingId,
    decision: 'add_row',
    value: H.missing,
    values: { [H.city]: H.responseA },
    rationale: H.rationale,
    engineer: H.engineer,
  });
  await page.reload();
  await page.locator('.ag-grid-scrolling-container .ag-row').first().waitFor({ timeout: 20_000 });
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

describe('hostile text on screen', () => {
  it('is marked in the queue, its tooltips and the filter choices', async () => {
    await expect.poll(() => marks('.ag-grid-scrolling-container')).toBeGreaterThan(3);
    expect(await rawControls()).toEqual([]);
  });

  it('is marked everywhere in the panel of a cell dispute, clusters and judges open', async () => {
    await showDispute(cellId, 'cell');
    await expect
      .poll(async () => (await page.locator('aside.panel').textContent()) ?? '')
      .toContain('Rulings disagree');
    // The sections first (the systems under the comparison among them), then each cluster's cells.
    for (const toggle of await page.locator('aside.panel .section-toggle[aria-expanded="false"]').all())
      await toggle.click();
    for (const toggle of await page.locator('.clusters button[aria-expanded="false"]').all()) await toggle.click();
    await page.locator('.system-cell .reasoning').first().waitFor();
    await page.locator('.judge .reasoning').first().waitFor();
    await page.keyboard.press('2');
    await page.locator('.ruling-form .outcome, .ruling-form .chosen').first().waitFor();
    // Question, rule, gold, alternatives, systems, response entity, reasoning, unsafe source, judge, engineers, rationale.
    expect(await marks('aside.panel')).toBeGreaterThan(20);
    expect(await page.locator('.question-text').textContent()).toContain('\n');
    expect(await rawControls()).toEqual([]);
  });

  it('is marked in a missing row and in the gold-row picker', async () => {
    await showDispute(missingId, 'missing row');
    await page.keyboard.press('3'); // add as alias
    await page.locator('.row-list .row-entity').first().waitFor();
    expect(await marks('.row-list')).toBeGreaterThan(1);
    expect(await rawControls()).toEqual([]);
  });

  it('is marked in the Reports tab', async () => {
    await page.getByRole('tab', { name: /Reports/ }).click();
    await page.locator('.report-row').first().click();
    await page.locator('.report-detail .report-body').waitFor();
    expect(await marks('.reports-page')).toBeGreaterThan(2);
    expect(await rawControls()).toEqual([]);
  });

  it('is marked in the Stats tab', async () => {
    await page.getByRole('tab', { name: /Stats/ }).click();
    await page.locator('.per-day-table').waitFor();
    expect(await marks('.per-day-table')).toBeGreaterThan(0);
    expect(await rawControls()).toEqual([]);
  });

  it('is marked in the release desk: the patch review and the revision history', async () => {
    const out = join(dir, 'v1.1.patch.json');
    await bridge.runJob('exportPatch', { revision: 'v1.1', out });
    await page.getByRole('tab', { name: /Export/ }).click();
    await page.getByRole('button', { name: /Review patch/ }).click();
    await page.locator('#release-patch').fill(out);
    await page.getByRole('button', { name: /Review operations/ }).click();
    await page.locator('.ops-table .op-entity').first().waitFor();
    expect(await marks('.ops-table')).toBeGreaterThan(2);
    expect(await rawControls()).toEqual([]);
    await page.getByRole('button', { name: /^History/ }).click();
    await page.locator('.history-table tbody tr').first().waitFor();
    expect(await rawControls()).toEqual([]);
  });
});
