// The queue's cells are drawn as plain DOM (renderer/src/features/queue/cells.ts),
// in the real bundle: an entity that systems returned with markup in it shows
// as that text, in the Entity cell and its tooltip, and no element of it is
// ever made (no image loads, no handler runs).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateWorkspace } from '../../demo/generate';
import type { Bridge, LaunchedBrowser } from './support';
import { ensureRendererBuilt, openApp, runCli, tempDir } from './support';

const HOSTILE_ENTITY = '<img src=x onerror="window.__pwned=1"> Works';

let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
let disputeId: string;

beforeAll(async () => {
  ensureRendererBuilt();
  const dir = tempDir().path;
  const db = join(dir, 'store.sqlite');
  const workspace = await generateWorkspace(join(dir, 'ws'), { seed: 11, tasks: 5, systems: 4, maxRows: 6 });
  const task = workspace.taskIds.find((id) => id.includes('zelda'))!;
  // Three systems return a row gold lacks, named with markup: a missing-row dispute with that entity.
  const lines = ['h1', 'h2', 'h3'].map((system) =>
    JSON.stringify({
      task_id: task,
      system,
      gold_row: null,
      entity: null,
      response_entity: HOSTILE_ENTITY,
      column: 'Lead developer headquarters city',
      gold: null,
      response: 'Kyoto',
      verdict: 'incorrect',
      method: 'deterministic',
      sources: [],
      reasoning: null,
    }),
  );
  writeFileSync(join(dir, 'hostile.cells.jsonl'), `${lines.join('\n')}\n`);
  const imported = await runCli([
    'import',
    '--db',
    db,
    workspace.dataset,
    workspace.runsDir,
    join(dir, 'hostile.cells.jsonl'),
  ]);
  expect(imported.code, imported.stderr).toBe(0);
  const listed = await runCli(['disputes', '--db', db, '--json', '--kind', 'missing_row']);
  const hostile = listed.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { id: string; entity: string })
    .find((d) => d.entity === HOSTILE_ENTITY);
  disputeId = hostile!.id;
  ({ bridge, browser, page } = await openApp(db, { engineer: 'mia' }));
  await page.setViewportSize({ width: 1440, height: 900 });
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

describe('queue cells', () => {
  it('show an entity with markup as its text, making no element of it', async () => {
    const entityCell = page.locator(`.ag-grid-scrolling-container .ag-row[row-id="${disputeId}"] [col-id="entity"]`);
    await entityCell.waitFor({ timeout: 20_000 });
    expect(await entityCell.textContent()).toBe(HOSTILE_ENTITY);
    expect(await page.locator('.ag-grid-scrolling-container img').count()).toBe(0);
    await entityCell.hover();
    await expect
      .poll(async () => page.locator('.ag-tooltip').first().textContent(), { timeout: 5000 })
      .toBe(HOSTILE_ENTITY);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});
