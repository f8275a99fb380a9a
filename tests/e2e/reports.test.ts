// GitHub reports end to end, in the real bundle in headless Chromium against
// the loopback bridge on a real store: import an issue list through the
// Import reports dialog → the Reports tab lists what was parsed → open the
// reported dispute in the queue → rule with the keyboard → export and apply
// with a changelog ("Fixes #N") → the draft reply quotes no gold → posting
// needs a token and a confirmation that shows exactly what goes out (a fake
// GitHub on 127.0.0.1 receives it). Hostile report bodies render inert.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generateWorkspace } from '../../demo/generate';
import type { Bridge, LaunchedBrowser, TempDir } from './support';
import { BIN, ensureRendererBuilt, openApp, runCli, tempDir } from './support';

interface ReportLine {
  number: number;
  task_id: string | null;
  row: number | null;
  column: string | null;
  dispute_id: string | null;
  confidence: number | null;
}

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

const HOSTILE_TITLE = 'Wind Waker HD rating <img src=x onerror="window.__pwned=1">';
// Gold values and names of the Zelda task the reply must never quote.
const GOLD_SECRETS = [/\b94\b/, /Ocarina of Time/, /Legend of Zelda/];

let dir: TempDir;
let db: string;
let zelda: string;
let dataset: string;
let issuesFile: string;
let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
let github: Server;
const received: Received[] = [];

function cli(args: string[]): string {
  return execFileSync(process.execPath, [BIN, ...args, '--db', db], {
    encoding: 'utf8',
    env: { ...process.env, ATLAS_ADJUDICATOR_ENGINEER: 'mia' },
  });
}

function reports(): ReportLine[] {
  return cli(['reports', 'list', '--json'])
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReportLine);
}

function ghIssue(number: number, title: string, body: string, login = 'reporter') {
  return {
    number,
    title,
    body,
    url: `https://github.com/exa-ai/ATLAS/issues/${number}`,
    author: { login },
    labels: [{ name: 'gold-error' }],
    state: 'OPEN',
    createdAt: '2026-11-01T10:00:00Z',
  };
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    return text;
  }
}

/** A fake GitHub on 127.0.0.1: records every request, answers comments and closes. */
async function startFakeGitHub(): Promise<string> {
  github = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      received.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body });
      res.setHeader('Content-Type', 'application/json');
      const comment = /^\/repos\/exa-ai\/ATLAS\/issues\/(\d+)\/comments$/.exec(req.url ?? '');
      if (req.method === 'POST' && comment) {
        res.statusCode = 201;
        res.end(
          JSON.stringify({ id: 1, html_url: `https://github.com/exa-ai/ATLAS/issues/${comment[1]}#issuecomment-1` }),
        );
        return;
      }
      if (req.method === 'PATCH' && /^\/repos\/exa-ai\/ATLAS\/issues\/\d+$/.test(req.url ?? '')) {
        res.statusCode = 200;
        res.end(JSON.stringify({ state: 'closed' }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ message: 'Not Found' }));
    })();
  });
  await new Promise<void>((resolve) => github.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(github.address() as AddressInfo).port}`;
}

const detailText = async (): Promise<string> => (await page.locator('.report-detail').textContent()) ?? '';
const panelText = async (): Promise<string> => (await page.locator('aside.panel').textContent()) ?? '';

async function selectReport(n: number): Promise<void> {
  await page.locator('.report-row', { has: page.locator('td', { hasText: new RegExp(`^${n}$`) }) }).click();
  await expect
    .poll(async () => (await page.locator('.report-detail .report-number').first().textContent()) ?? '')
    .toBe(`#${n}`);
}

beforeAll(async () => {
  ensureRendererBuilt();
  dir = tempDir('atlas-reports-e2e-');
  db = dir.db();
  const workspace = await generateWorkspace(join(dir.path, 'ws'), {
    seed: 7,
    tasks: 5,
    systems: 4,
    maxRows: 6,
    maxColumns: 4,
    includeZelda: true,
  });
  zelda = workspace.taskIds.find((id) => id.includes('zelda'))!;
  dataset = workspace.dataset;
  const issues = [
    ghIssue(
      101,
      'Ocarina of Time 3D metascore is wrong',
      `Task: ${zelda}\nRow: Ocarina of Time 3D\nColumn: Critic Metascore\nThe value should be 93.\nSource: https://www.metacritic.com/game/3ds/the-legend-of-zelda-ocarina-of-time-3d`,
      'kenji',
    ),
    ghIssue(
      102,
      'Skyward Sword HD founding year',
      `Task id: ${zelda}\nRow 4, column "Lead developer founding year" should be 1995.\nhttps://en.wikipedia.org/wiki/Tantalus_Media`,
      'alice',
    ),
    ghIssue(103, 'Something is off somewhere', 'I think one of the tables has a typo but I forgot which one.', 'bob'),
    ghIssue(
      104,
      HOSTILE_TITLE,
      `### Task id\n${zelda}\n\n### Row\n2\n\n### Column\nOriginal game's U.S. age rating\n\n### Proposed value\nE10+\n\n<img src=x onerror="window.__pwned=2">\n<script>window.__pwned=3</script>\n[click me](javascript:window.__pwned=4)\nSee https://example.org/\u202Egnp.exe and https://www.esrb.org/ratings/1234/`,
      'mallory',
    ),
  ];
  issuesFile = join(dir.path, 'issues.json');
  writeFileSync(issuesFile, JSON.stringify(issues));
  const imported = await runCli(['import', '--db', db, '--json', workspace.dataset, workspace.runsDir]);
  expect(imported.code, imported.stderr).toBe(0);
  const api = await startFakeGitHub();
  ({ bridge, browser, page } = await openApp(db, {
    engineer: 'mia',
    env: { ATLAS_ADJUDICATOR_ENGINEER: 'mia', ATLAS_ADJUDICATOR_GITHUB_API: api, GITHUB_TOKEN: undefined },
  }));
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
  await new Promise<void>((resolve) => (github ? github.close(() => resolve()) : resolve()));
  dir?.remove();
});

describe('GitHub reports in the browser', () => {
  it('imports an issue list through the Import reports dialog and shows what came in', async () => {
    await page.getByRole('tab', { name: /Reports/ }).click();
    await page.getByRole('button', { name: 'Import reports…' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Import GitHub reports' });
    await dialog.locator('textarea').fill(issuesFile);
    await dialog.getByRole('button', { name: /^Import 1 file/ }).click();
    const result = dialog.getByLabel('Reports imported');
    await result.waitFor({ timeout: 20_000 });
    const figures = async (name: string) =>
      (await result
        .locator('.figure', { hasText: new RegExp(`^\\d+${name}$`) })
        .locator('.figure-n')
        .textContent()) ?? '';
    expect(await figures('added')).toBe('4');
    expect(await figures('linked')).toBe('3');
    expect(await figures('unlinked')).toBe('1');
    expect(await figures('pull requests skipped')).toBe('0');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    // The store agrees with the screen.
    const listed = reports();
    expect(listed.map((r) => r.number)).toEqual([101, 102, 103, 104]);
    expect(listed.find((r) => r.number === 103)!.dispute_id).toBeNull();
  });

  it('lists every report with task, row (from 1), column and score, confidence and its link; “unlinked only” filters', async () => {
    const rows = page.locator('.report-row');
    await expect.poll(() => rows.count()).toBe(4);
    const first = (await rows.nth(0).locator('td').allTextContents()).map((t) => t.trim());
    expect(first[0]).toBe('101');
    expect(first[3]).toBe(zelda);
    expect(first[4]).toBe('#1');
    expect(first[5]).toContain('Critic Metascore');
    expect(first[5]).toContain('exact');
    expect(first[6]).toBe('100%');
    expect(first[7]).toBe('linked');
    const unparsed = (await rows.nth(2).locator('td').allTextContents()).map((t) => t.trim());
    expect(unparsed[3]).toBe('unparsed');
    expect(unparsed[7]).toBe('unlinked');

    await page.getByRole('button', { name: 'Unlinked only' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().locator('td').first().textContent()).toBe('103');
    await page.getByRole('button', { name: 'Unlinked only' }).click();
    await expect.poll(() => rows.count()).toBe(4);
  });

  it('shows an unlinked report in full too', async () => {
    await selectReport(103);
    await expect.poll(detailText).toContain('I think one of the tables has a typo but I forgot which one.');
  });

  it('renders a hostile report inert: no image, no javascript: link, bidi controls shown as visible markers', async () => {
    await selectReport(104);
    await expect.poll(detailText).toContain('<img src=x onerror="window.__pwned=2">');
    const detail = await detailText();
    expect(detail).toContain(HOSTILE_TITLE);
    expect(detail).toContain('<script>window.__pwned=3</script>');
    expect(detail).toContain('javascript:window.__pwned=4');
    // The right-to-left override is shown as a marker, not applied.
    const marks = page.locator('.report-detail .control-mark');
    expect(await marks.count()).toBeGreaterThan(0);
    expect(await marks.first().textContent()).toBe('⟨U+202E⟩');
    expect(await marks.first().isVisible()).toBe(true);
    expect(detail).not.toContain('\u202E');
    // The javascript: link and the one hiding a bidi control are listed as unsafe; the plain https one opens.
    const links = page.locator('.report-detail .report-urls li');
    expect(await links.filter({ hasText: 'UNSAFE' }).count()).toBe(2);
    expect(await links.filter({ has: page.getByRole('button', { name: 'Open' }) }).count()).toBe(1);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('script:not([src])').count()).toBe(0);
    expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(await page.locator('.report-detail a[href]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  it('renders the same report inert in the dispute panel, beside gold', async () => {
    await page.getByRole('button', { name: /Open in queue/ }).click();
    await expect
      .poll(async () => (await page.locator('.dispute-column').first().textContent()) ?? '')
      .toBe("Original game's U.S. age rating");
    await page.locator('aside.panel').getByRole('region', { name: 'Reports' }).waitFor();
    const text = await panelText();
    expect(text).toContain('#104');
    expect(text).toContain('<img src=x onerror="window.__pwned=2">');
    expect(text).toContain('mallory');
    expect(await page.locator('aside.panel .control-mark').count()).toBeGreaterThan(0);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('aside.panel a[href]').count()).toBe(0);
    // A report against a gold cell offers the usual decisions plus "Remove row".
    expect(await page.locator('.decision-bar').textContent()).toContain('Remove row');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  it('the queue filters “has report”', async () => {
    const toggle = page.getByRole('button', { name: 'Has report' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    const reported = cli(['disputes', '--json'])
      .split('\n')
      .filter(Boolean)
      .filter((line) => (JSON.parse(line) as { has_report: boolean }).has_report).length;
    expect(reported).toBe(3);
    await expect
      .poll(async () => (await page.locator('.dispute-meta').textContent()) ?? '')
      .toMatch(new RegExp(`of ${reported}(?!\\d)`));
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('opens the reported dispute from the Reports tab with the keyboard and rules on it with the keyboard', async () => {
    await page.getByRole('tab', { name: /Reports/ }).click();
    await selectReport(102);
    // k moves up to #101; Enter opens its dispute in the queue.
    await page.locator('.reports-toolbar').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('k');
    await expect
      .poll(async () => (await page.locator('.report-detail .report-number').first().textContent()) ?? '')
      .toBe('#101');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await page.locator('.dispute-column').first().textContent()) ?? '')
      .toBe('Critic Metascore');
    await expect.poll(panelText).toContain('#101');
    expect(await panelText()).toContain('proposes');
    const disputeId = reports().find((r) => r.number === 101)!.dispute_id!;

    // The cluster of systems that say 93, by its key letter.
    const cluster = page.locator('[data-testid="compare-line"]', {
      has: page.locator('.compare-value', { hasText: /^93$/ }),
    });
    const key = ((await cluster.locator('.cluster-key').textContent()) ?? '').trim();
    expect(key).toMatch(/^[a-z]$/);
    await page.keyboard.press('2'); // accept system value
    await page.keyboard.press(key);
    // The reporter's source is offered as evidence (it goes into gold's sources with the value); one click adds it.
    const metacritic = 'https://www.metacritic.com/game/3ds/the-legend-of-zelda-ocarina-of-time-3d';
    const offered = page.locator('.evidence-suggested li', { has: page.locator(`[data-source-url="${metacritic}"]`) });
    await expect.poll(() => offered.count()).toBe(1);
    expect(await offered.textContent()).toContain('#101');
    await offered.getByRole('button', { name: '+ Add' }).click();
    await expect
      .poll(() => page.locator(`.evidence-list:not(.evidence-suggested) [data-source-url="${metacritic}"]`).count())
      .toBe(1);
    expect(await page.locator('.evidence-suggested').count()).toBe(0);
    await page.keyboard.press('Control+Enter');
    await expect
      .poll(() => (JSON.parse(cli(['show', disputeId, '--json'])) as { dispute: { status: string } }).dispute.status)
      .toBe('resolved');
    const shown = JSON.parse(cli(['show', disputeId, '--json'])) as {
      rulings: { engineer: string; decision: string; value: string | null; evidence: string[] }[];
    };
    expect(shown.rulings).toEqual([
      expect.objectContaining({ engineer: 'mia', decision: 'accept_system', value: '93', evidence: [metacritic] }),
    ]);
  });

  it('exports the patch and applies it with a changelog from the Export view: “Fixes #101”, no gold value', async () => {
    await page.getByRole('tab', { name: /Export/ }).click();
    const patch = join(dir.path, 'v1.1.patch.json');
    await page.getByPlaceholder('v1.1', { exact: true }).fill('v1.1');
    await page.locator('#export-out').fill(patch);
    await page.locator('#export-dataset').fill(dataset);
    await page
      .getByRole('button', { name: /^Export/ })
      .last()
      .click();
    await page.locator('.score-table').waitFor({ timeout: 20_000 });
    const ops = (JSON.parse(readFileSync(patch, 'utf8')) as { operations: { issues: number[]; dispute_id: string }[] })
      .operations;
    expect(ops.find((op) => op.issues.includes(101))).toBeTruthy();

    await page.getByRole('button', { name: /Apply/ }).first().click();
    const out = join(dir.path, 'out', 'atlas-test.v1.1.jsonl');
    mkdirSync(join(dir.path, 'out'), { recursive: true });
    await page.locator('#apply-out').fill(out);
    const changelog = join(dir.path, 'out', 'CHANGELOG.md');
    expect(await page.locator('#apply-changelog').inputValue()).toBe(changelog);
    await page.getByRole('button', { name: 'Apply patch' }).click();
    await expect
      .poll(
        async () =>
          (await page
            .locator('.job-state')
            .textContent()
            .catch(() => '')) ?? '',
        { timeout: 20_000 },
      )
      .toBe('done');
    await page.getByLabel('Revised dataset written').waitFor();
    const text = readFileSync(changelog, 'utf8');
    expect(text).toContain('Fixes #101');
    for (const secret of [...GOLD_SECRETS, /Which/]) expect(text).not.toMatch(secret);
  });

  it('drafts the reply in the Reports tab: confirmed in v1.1, no gold value; Copy is offered, posting is not without a token', async () => {
    await page.getByRole('tab', { name: /Reports/ }).click();
    await selectReport(101);
    await page.getByRole('region', { name: 'Reply to the reporter' }).waitFor();
    const revision = page.locator('.reply-revision');
    await expect.poll(() => revision.inputValue()).toBe('v1.1');
    await page.getByRole('button', { name: 'Draft reply' }).click();
    const reply = page.getByLabel('Reply text');
    await reply.waitFor();
    const text = await reply.inputValue();
    expect(text).toContain('v1.1');
    for (const secret of GOLD_SECRETS) expect(text).not.toMatch(secret);
    expect(await page.locator('.outcome-chip').textContent()).toBe('confirmed');
    expect(await page.getByRole('button', { name: 'Copy' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /Post reply/ }).count()).toBe(0);
    expect(await detailText()).toContain('Posting needs a GitHub token');
  });

  it('keeps the token out of sight in Settings and posts only after a confirmation that shows exactly what goes out', async () => {
    await page.locator('.app-header').getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await expect.poll(async () => (await settings.textContent()) ?? '').toContain('No token set.');
    const tokenInput = settings.getByLabel('GitHub token');
    expect(await tokenInput.getAttribute('type')).toBe('password');
    await tokenInput.fill('ghp_e2e_secret_token');
    await settings.getByRole('button', { name: 'Use token' }).click();
    await expect
      .poll(async () => (await settings.textContent()) ?? '')
      .toContain('Token set, kept for this session only');
    expect(await tokenInput.inputValue()).toBe('');
    expect(await settings.textContent()).not.toContain('ghp_e2e_secret_token');
    await settings.getByRole('button', { name: 'Close' }).click();

    const text = await page.getByLabel('Reply text').inputValue();
    await page.getByRole('button', { name: 'Post reply…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Post to exa-ai/ATLAS#101?' });
    await confirm.waitFor();
    expect(await confirm.locator('.post-preview').textContent()).toBe(text);
    expect(await confirm.textContent()).toContain('The issue will be closed as completed.');
    expect(received).toHaveLength(0);
    await confirm.getByRole('button', { name: 'Post and close the issue' }).click();
    await expect.poll(() => received.length).toBe(2);
    const [comment, close] = received;
    expect(comment).toMatchObject({
      method: 'POST',
      url: '/repos/exa-ai/ATLAS/issues/101/comments',
      authorization: 'Bearer ghp_e2e_secret_token',
      body: { body: text.trim() },
    });
    expect(close).toMatchObject({
      method: 'PATCH',
      url: '/repos/exa-ai/ATLAS/issues/101',
      body: { state: 'closed', state_reason: 'completed' },
    });
    await expect
      .poll(
        async () =>
          (await page
            .locator('.report-row', { has: page.locator('td', { hasText: /^101$/ }) })
            .locator('.chip-issue')
            .textContent()) ?? '',
      )
      .toBe('closed');

    // Forget it again: nothing of it is left in the store file.
    await page.locator('.app-header').getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Forget' }).click();
    await expect
      .poll(async () => (await page.getByRole('dialog', { name: 'Settings' }).textContent()) ?? '')
      .toContain('No token set.');
    await page.keyboard.press('Escape');
    expect(readFileSync(db).includes('ghp_e2e_secret_token')).toBe(false);
  });

  it('fixes an unlinked report by hand (task, row, column, value), which links it; links by id and back to automatic', async () => {
    await selectReport(103);
    expect(await detailText()).toContain('unparsed');
    await page.getByRole('button', { name: 'Fix by hand…' }).click();
    const form = page.getByRole('form', { name: 'Fix report #103 by hand' });
    await form.locator('select').first().selectOption(zelda);
    // The task's gold rows and columns arrive as pickers; rows are numbered from 1.
    const rowPicker = form.locator('select').nth(1);
    await expect.poll(() => rowPicker.locator('option').count()).toBeGreaterThan(2);
    const second = (await rowPicker.locator('option').allTextContents()).find((t) => t.startsWith('#2 '))!;
    expect(second).toContain('Wind Waker HD');
    await rowPicker.selectOption({ label: second });
    await form.locator('select').nth(2).selectOption('Lead developer headquarters city');
    await form.getByPlaceholder('the value the reporter proposes').fill('Kyoto');
    await form.getByRole('button', { name: 'Save fixes' }).click();
    await expect.poll(() => reports().find((r) => r.number === 103)?.dispute_id ?? null).not.toBeNull();
    expect(reports().find((r) => r.number === 103)).toMatchObject({
      task_id: zelda,
      row: 1,
      column: 'Lead developer headquarters city',
    });
    await expect.poll(detailText).toContain('fixed by hand');
    expect(await detailText()).toContain('Kyoto');
    const row = page.locator('.report-row', { has: page.locator('td', { hasText: /^103$/ }) });
    await expect.poll(async () => (await row.locator('td').last().textContent()) ?? '').toBe('linked');

    // By hand, to #101's dispute, by its id; then back to automatic linking.
    const target = reports().find((r) => r.number === 101)!.dispute_id!;
    await page.getByLabel('Dispute id').fill(target);
    await page.locator('.link-by-id').getByRole('button', { name: 'Link', exact: true }).click();
    await expect.poll(() => reports().find((r) => r.number === 103)?.dispute_id).toBe(target);
    await expect.poll(async () => (await row.locator('td').last().textContent()) ?? '').toBe('by hand');
    await page.getByRole('button', { name: 'Back to automatic linking' }).click();
    await expect.poll(() => reports().find((r) => r.number === 103)?.dispute_id).not.toBe(target);
    await expect.poll(async () => (await row.locator('td').last().textContent()) ?? '').toBe('linked');
  });
});
