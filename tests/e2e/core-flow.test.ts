// The whole core flow in the real bundle, in headless Chromium, against the
// loopback bridge on a real store: import → queue → panel → rule → export.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generateWorkspace } from '../../demo/generate';
import type { GoldPatch } from '../../shared/patch';
import type { Bridge, LaunchedBrowser } from './support';
import { BIN, ensureRendererBuilt, openApp, runCli, tempDir } from './support';

const HOSTILE_VALUE = '<img src=x onerror="window.__pwned=1">';
let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
let dir: string;
let db: string;

interface DisputeLine {
  id: string;
  kind: string;
  task_id: string;
  gold_row: number | null;
  entity: string;
  column: string | null;
  status: string;
}

// The CLI is quick; a synchronous call keeps the polling assertions readable.
function runCliSync(args: string[]): string {
  return execFileSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
}

function disputes(filter: string[] = []): DisputeLine[] {
  return runCliSync(['disputes', '--db', db, '--json', ...filter])
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as DisputeLine);
}

async function selectedEntity(): Promise<string> {
  return (await page.locator('.dispute-entity').first().textContent()) ?? '';
}

/** The dispute in the panel, by what its header shows. */
async function shownDispute(): Promise<string> {
  return (await page.locator('.dispute-head').first().textContent()) ?? '';
}

function headOf(d: DisputeLine): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escape(d.entity)}.*${escape(d.column ?? '')}.*${escape(d.task_id)}`, 's');
}

beforeAll(async () => {
  ensureRendererBuilt();
  dir = tempDir().path;
  db = join(dir, 'store.sqlite');
  const workspace = await generateWorkspace(join(dir, 'ws'), {
    seed: 11,
    tasks: 5,
    systems: 4,
    maxRows: 6,
    maxColumns: 4,
  });
  // Three systems agree on a hostile value with an unsafe source: it must render as text, and the link inert.
  const zelda = workspace.taskIds.find((id) => id.includes('zelda'))!;
  const hostile = ['h1', 'h2', 'h3'].map((system) =>
    JSON.stringify({
      task_id: zelda,
      system,
      gold_row: 0,
      entity: 'The Legend of Zelda: Ocarina of Time 3D',
      response_entity: 'Ocarina of Time 3D',
      column: 'Lead developer headquarters city',
      gold: 'Tokyo',
      response: HOSTILE_VALUE,
      verdict: 'incorrect',
      method: 'deterministic',
      sources: ['javascript:window.__pwned=2', 'https://example.org/source'],
      reasoning: null,
    }),
  );
  writeFileSync(join(dir, 'hostile.cells.jsonl'), `${hostile.join('\n')}\n`);
  const imported = await runCli([
    'import',
    '--db',
    db,
    '--json',
    workspace.dataset,
    workspace.runsDir,
    join(dir, 'hostile.cells.jsonl'),
  ]);
  expect(imported.code, imported.stderr).toBe(0);
  ({ bridge, browser, page } = await openApp(db, { engineer: 'mia' }));
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

describe('core flow in the browser', () => {
  it('shows the queue in priority order and the panel follows the keyboard', async () => {
    const expected = disputes();
    await page.locator('.dispute-entity').first().waitFor();
    expect(await selectedEntity()).toBe(expected[0]!.entity);
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect.poll(selectedEntity).toBe(expected[2]!.entity);
    await page.keyboard.press('k');
    await expect.poll(selectedEntity).toBe(expected[1]!.entity);
  });

  it('rules with the keyboard: decision, cluster, Enter saves and moves to the next open dispute', async () => {
    const before = disputes();
    const target = (await selectedEntity()) === before[1]!.entity ? before[1]! : before[0]!;
    await page.keyboard.press('2'); // accept system value
    await page.keyboard.press('a'); // the first cluster
    await page.keyboard.press('Enter');
    await expect.poll(() => disputes().find((d) => d.id === target.id)!.status).toBe('resolved');
    await expect.poll(selectedEntity).not.toBe(target.entity);
    const shown = JSON.parse(runCliSync(['show', target.id, '--db', db, '--json'])) as {
      rulings: { engineer: string; decision: string }[];
    };
    expect(shown.rulings).toEqual([expect.objectContaining({ engineer: 'mia', decision: 'accept_system' })]);
  });

  it('renders a hostile cell value as text and a javascript: source as inert', async () => {
    await page.locator('input[type="search"], input[placeholder^="Search"]').first().click();
    await page.keyboard.type('onerror');
    await page.keyboard.press('Enter');
    await expect.poll(selectedEntity).toBe('The Legend of Zelda: Ocarina of Time 3D');
    await expect.poll(async () => (await page.locator('aside.panel').textContent()) ?? '').toContain(HOSTILE_VALUE);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    // The systems' sources are under the comparison.
    await page.locator('aside.panel .section-toggle', { hasText: 'Systems' }).click();
    await page.locator('aside.panel .system-cell').first().waitFor();
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(await page.getByText(/unsafe/i).count()).toBeGreaterThan(0);
  });

  it('exports the settled rulings as an encrypted gold patch from the Export view', async () => {
    await page.getByRole('tab', { name: /Export/ }).click();
    const out = join(dir, 'v1.1.patch.json');
    await page.getByPlaceholder('v1.1', { exact: true }).fill('v1.1');
    await page.locator('#export-out').fill(out);
    await page
      .getByRole('button', { name: /^Export/ })
      .last()
      .click();
    await expect
      .poll(() => {
        try {
          return (JSON.parse(readFileSync(out, 'utf8')) as GoldPatch).operations.length;
        } catch {
          return -1;
        }
      })
      .toBe(1);
    const patch = JSON.parse(readFileSync(out, 'utf8')) as GoldPatch;
    expect(patch.format).toBe('atlas-gold-patch/1');
    expect(patch.revision).toBe('v1.1');
    expect(patch.encrypted).toBe(true);
    expect(patch.operations[0]!.op).toBe('set_cell');
    expect(patch.operations[0]!.rulings[0]!.engineer).toBe('mia');
  });

  it('after ruling, moving on and coming back shows the new ruling, never a cached copy', async () => {
    await page.getByRole('tab', { name: /^Queue/ }).click();
    await page.locator('#queue-search').fill('');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    const open = disputes().filter((d) => d.status === 'open' && d.kind === 'cell');
    const [target, neighbour] = [open[0]!, open[1]!];
    const row = (d: DisputeLine) => page.locator(`.ag-grid-scrolling-container .ag-row[row-id="${d.id}"]`);
    // Shown once (so held in the panel's cache), then left and shown again.
    await row(target).click();
    await expect.poll(shownDispute).toMatch(headOf(target));
    await row(neighbour).click();
    await expect.poll(shownDispute).toMatch(headOf(neighbour));
    await row(target).click();
    await expect.poll(shownDispute).toMatch(headOf(target));
    expect(await page.locator('.history .engineer').count()).toBe(0);

    await page.keyboard.press('2');
    await page.keyboard.press('a');
    await page.keyboard.press('Enter');
    await expect.poll(() => disputes().find((d) => d.id === target.id)!.status).not.toBe('open');
    await expect.poll(shownDispute).not.toMatch(headOf(target));

    await row(target).click();
    await expect.poll(shownDispute).toMatch(headOf(target));
    await expect.poll(() => page.locator('.history .engineer').allTextContents()).toEqual(['mia']);
  });

  it('numbers gold rows from 1 in the panel, and rules add_alias with the row only (the alias shown, not typed)', async () => {
    const row = (d: DisputeLine) => page.locator(`.ag-grid-scrolling-container .ag-row[row-id="${d.id}"]`);
    const cell = disputes(['--kind', 'cell', '--status', 'open'])[0]!;
    await row(cell).click();
    await expect.poll(shownDispute).toMatch(headOf(cell));
    await expect
      .poll(() => page.locator('section', { hasText: 'Gold' }).first().textContent())
      .toContain(`row #${cell.gold_row! + 1} · `);

    const missing = disputes(['--kind', 'missing_row', '--status', 'open'])[0]!;
    const kind = page.locator('label.filter-select', { hasText: 'Kind' }).locator('select');
    await kind.selectOption('missing_row');
    await row(missing).click();
    await expect.poll(shownDispute).toMatch(headOf(missing));
    await page.keyboard.press('3'); // add as alias: the gold row picker takes the focus
    const form = page.getByRole('region', { name: 'Your ruling' });
    await expect.poll(() => form.locator('.value-editor').first().textContent()).toContain(`Alias${missing.entity}`);
    expect(await form.locator('input.value-input').count()).toBe(0);
    await page.keyboard.type('1');
    await expect.poll(() => form.locator('.row-picked').textContent()).toMatch(/^#1 /);
    await page.keyboard.press('Enter');
    await expect.poll(() => disputes().find((d) => d.id === missing.id)!.status).toBe('resolved');
    const shown = JSON.parse(runCliSync(['show', missing.id, '--db', db, '--json'])) as {
      rulings: { decision: string; row: number | null; value: string | null }[];
    };
    expect(shown.rulings).toEqual([expect.objectContaining({ decision: 'add_alias', row: 0, value: null })]);
    await kind.selectOption('');
  });
});
