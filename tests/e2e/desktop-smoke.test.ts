// The desktop app itself, in Electron, through playwright-core's
// _electron.launch: a first launch on an empty store (the demo is loaded, the
// engineer's name asked), one dispute ruled with the keyboard, a patch
// exported over an existing file after the "replace?" prompt, quit, and the
// store read back. It launches the built app (dist/renderer, dist-electron,
// better-sqlite3 built for Electron, as `npm start` prepares them) with the
// installed Electron binary. Where that binary cannot be had (it downloads on
// first use), the whole file reports itself skipped with the reason.
// docs/desktop.md says how to run it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { _electron } from 'playwright-core';
import type { ElectronApplication, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildElectron, ensureElectronSqlite } from '../../scripts/build-electron';
import { resolveElectronBinary } from '../../scripts/start';
import { ensureRendererBuilt, REPO_ROOT, tempDir } from './support';
import type { TempDir } from './support';

const binary = resolveElectronBinary(REPO_ROOT, 120_000);
const skipReason =
  binary === null
    ? "Electron's binary is not installed and could not be downloaded (npx electron --version fails)"
    : null;
if (skipReason) console.log(`SKIPPED desktop smoke test (tests/e2e/desktop-smoke.test.ts): ${skipReason}`);

let dir: TempDir;

/** A read-only look at the app's store, from this Node process (its own build of better-sqlite3). */
function query<T>(sql: string): T[] {
  const db = new Database(join(dir.path, 'home', 'atlas.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

const rulings = () =>
  query<{ engineer: string; decision: string }>('SELECT engineer, decision FROM rulings ORDER BY seq');
let app: ElectronApplication | null = null;
let page: Page;

describe.skipIf(skipReason !== null)(
  `the desktop app in Electron${skipReason ? ` — SKIPPED: ${skipReason}` : ''}`,
  () => {
    beforeAll(async () => {
      ensureRendererBuilt();
      await buildElectron(REPO_ROOT);
      const native = ensureElectronSqlite(REPO_ROOT);
      if (!native.ok) throw new Error(`better-sqlite3 could not be built for Electron: ${native.reason}`);
      dir = tempDir('atlas-desktop-smoke-');
      const env = { ...process.env, ATLAS_ADJUDICATOR_HOME: join(dir.path, 'home') } as Record<string, string>;
      delete env.ATLAS_ADJUDICATOR_DB;
      delete env.ATLAS_ADJUDICATOR_ENGINEER;
      delete env.ELECTRON_RUN_AS_NODE;
      app = await _electron.launch({ executablePath: binary!, args: [REPO_ROOT], env, timeout: 60_000 });
      page = await app.firstWindow();
    }, 300_000);

    afterAll(async () => {
      await app?.close().catch(() => undefined);
      dir?.remove();
    });

    it('opens a titled window on the demo and asks who is ruling', async () => {
      expect(await app!.evaluate(({ app: electronApp }) => electronApp.getName())).toBe('ATLAS Adjudicator');
      expect(await page.title()).toBe('ATLAS Adjudicator');
      await page.locator('.ag-grid-scrolling-container .ag-row').first().waitFor({ timeout: 60_000 });
      const ask = page.getByRole('dialog', { name: 'Who is ruling?' });
      await ask.waitFor({ timeout: 20_000 });
      const name = ask.getByLabel('Your name');
      await name.fill('Smoke Tester');
      await name.press('Enter');
      await ask.waitFor({ state: 'detached' });
    });

    it('rules the selected dispute with the keyboard', async () => {
      await page.keyboard.press('2'); // accept the system's value
      await page.keyboard.press('a'); // the first cluster
      await page.keyboard.press('Enter');
      // Read beside the running app (WAL): the ruling is in the store under the confirmed name.
      await expect
        .poll(() => rulings().map((r) => `${r.engineer} ${r.decision}`), { timeout: 20_000 })
        .toEqual(['Smoke Tester accept_system']);
    });

    it('exports a patch over an existing file once the "replace?" prompt is answered', async () => {
      const out = join(dir.path, 'notes.json');
      writeFileSync(out, '{"mine": true}\n');
      await page.getByRole('tab', { name: /Export/ }).click();
      await page
        .locator('.release-nav')
        .getByRole('button', { name: /Export patch/ })
        .click();
      await page.getByPlaceholder('v1.1', { exact: true }).fill('v1.1');
      await page.locator('#export-out').fill(out);
      await page
        .getByRole('button', { name: /^Export/ })
        .last()
        .click();
      // The refusal's kind crossed the contextBridge: the app asks instead of failing.
      const ask = page.getByRole('alertdialog', { name: 'Replace existing file' });
      await ask.waitFor({ timeout: 30_000 });
      await ask.getByRole('button', { name: 'Replace and export' }).click();
      await expect
        .poll(() => readFileSync(out, 'utf8'), { timeout: 30_000 })
        .toContain('"format": "atlas-gold-patch/1"');
    });

    it('quits, leaving the ruling, the name and the revision in the store', async () => {
      await app!.close();
      app = null;
      const dbPath = join(dir.path, 'home', 'atlas.sqlite');
      expect(existsSync(dbPath)).toBe(true);
      expect(rulings().map((r) => r.engineer)).toEqual(['Smoke Tester']);
      expect(query<{ tag: string }>('SELECT tag FROM revisions').map((r) => r.tag)).toEqual(['v1.1']);
      const settings = JSON.parse(readFileSync(join(dir.path, 'home', 'settings.json'), 'utf8')) as {
        engineer?: string;
      };
      expect(settings.engineer).toBe('Smoke Tester');
    });
  },
);
