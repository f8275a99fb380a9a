// Reports the parser cannot place, in the real bundle: one naming a column its
// task lacks stays unlinked with the reasons shown (never a whole-row report),
// and the engineer picks the column from the task's own columns with the
// keyboard; linking by hand offers the report's task's disputes first, and the
// queue's selection in another task only saying so.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generateWorkspace } from '../../demo/generate';
import { disputeId } from '../../shared/dispute-id';
import type { Bridge, LaunchedBrowser, TempDir } from './support';
import { BIN, ensureRendererBuilt, openApp, runCli, tempDir } from './support';

interface ReportLine {
  number: number;
  task_id: string | null;
  row: number | null;
  column: string | null;
  column_unresolved: string | null;
  dispute_id: string | null;
}

let dir: TempDir;
let db: string;
let zelda: string;
let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;

function reports(): ReportLine[] {
  return execFileSync(process.execPath, [BIN, 'reports', 'list', '--json', '--db', db], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReportLine);
}
const report = (n: number): ReportLine => reports().find((r) => r.number === n)!;

function ghIssue(number: number, title: string, body: string) {
  return {
    number,
    title,
    body,
    url: `https://github.com/exa-ai/ATLAS/issues/${number}`,
    author: { login: 'reporter' },
    labels: [{ name: 'gold-error' }],
    state: 'OPEN',
    createdAt: '2026-11-01T10:00:00Z',
  };
}

async function selectReport(n: number): Promise<void> {
  await page.getByRole('tab', { name: /Reports/ }).click();
  await page.locator('.report-row', { has: page.locator('td', { hasText: new RegExp(`^${n}$`) }) }).click();
  await expect
    .poll(async () => (await page.locator('.report-detail .report-number').first().textContent()) ?? '')
    .toBe(`#${n}`);
}

const linkText = async (): Promise<string> =>
  (await page.locator('.report-detail section', { hasText: 'Dispute' }).first().textContent()) ?? '';

beforeAll(async () => {
  ensureRendererBuilt();
  dir = tempDir('atlas-report-linking-');
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
  const issues = [
    ghIssue(
      201,
      'Wrong value for Ocarina of Time 3D',
      `### Task ID\n\n${zelda}\n\n### Row\n\nOcarina of Time 3D\n\n### Column\n\nBox art colour\n\n### Correct value\n\n95\n`,
    ),
    ghIssue(202, 'This task looks off', `Task: ${zelda}\n\nPlease double check this task.`),
  ];
  const issuesFile = join(dir.path, 'issues.json');
  writeFileSync(issuesFile, JSON.stringify(issues));
  const imported = await runCli(['import', '--db', db, '--json', workspace.dataset, workspace.runsDir]);
  expect(imported.code, imported.stderr).toBe(0);
  const reported = await runCli(['reports', 'import', issuesFile, '--db', db, '--json']);
  expect(reported.code, reported.stderr).toBe(0);
  ({ bridge, browser, page } = await openApp(db, { engineer: 'mia' }));
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
  dir?.remove();
});

describe('a report naming a column its task lacks', () => {
  it('stays unlinked, with the reasons shown, and is no whole-row report', async () => {
    expect(report(201)).toMatchObject({ task_id: zelda, row: 0, column: null, dispute_id: null });
    const rowReport = disputeId({ kind: 'report', task_id: zelda, gold_row: 0, column: null, entity_key: null });
    const listed = await bridge.api('listDisputes', { filter: { kind: 'report' }, offset: 0, limit: 100 });
    expect(listed.rows.map((r) => r.id)).not.toContain(rowReport);
    await selectReport(201);
    await expect.poll(linkText).toContain('unlinked');
    const reasons = page.getByLabel('Why it is not linked');
    await expect
      .poll(async () => (await reasons.textContent()) ?? '')
      .toContain(`“Box art colour” is none of the columns of ${zelda}`);
    expect(report(201)).toMatchObject({ column_unresolved: 'Box art colour' });
    const listed201 = page.locator('.report-row', { has: page.locator('td', { hasText: /^201$/ }) });
    expect(await listed201.locator('.report-column').textContent()).toBe('unresolved');
  });

  it('links to the column the engineer picks from the task’s own columns, by keyboard', async () => {
    // Enter on the Reports tab takes an unlinked report to its first way of linking: the column picker.
    await page.locator('body').click({ position: { x: 5, y: 880 } });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    const picker = page.getByLabel(/The report says “Box art colour”: which column/u);
    await expect.poll(() => picker.evaluate((el) => el === document.activeElement)).toBe(true);
    const options = await picker.locator('option').allTextContents();
    expect(options).toContain('Critic Metascore');
    expect(options).not.toContain('Box art colour');
    await picker.selectOption('Critic Metascore');
    await picker.press('Enter');
    await expect.poll(() => report(201).dispute_id).not.toBeNull();
    expect(report(201)).toMatchObject({ task_id: zelda, row: 0, column: 'Critic Metascore' });
    await expect.poll(linkText).toContain('Critic Metascore');
  });
});

describe('linking by hand', () => {
  it('offers the report’s task’s disputes first, and names another task’s queue selection as such', async () => {
    // The queue's selection: a dispute of another task.
    const listing = await bridge.api('listDisputes', { filter: {}, offset: 0, limit: 200 });
    const other = listing.rows.findIndex((r) => r.task_id !== zelda);
    await page.getByRole('tab', { name: /Queue/ }).click();
    await page.locator('body').click({ position: { x: 5, y: 880 } });
    for (let i = 0; i < other; i++) await page.keyboard.press('j');
    await expect
      .poll(async () => (await page.locator('.dispute-head').first().textContent()) ?? '')
      .toContain(listing.rows[other]!.task_id);

    await selectReport(202);
    const choose = page.getByLabel(`Link to a dispute of ${zelda}`);
    await choose.waitFor();
    const values = (
      await choose.locator('option').evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value))
    ).filter((v) => v !== '');
    const zeldaIds = new Set(listing.rows.filter((r) => r.task_id === zelda).map((r) => r.id));
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expect(zeldaIds.has(value)).toBe(true);
    // The queue's selection is not offered as if it were this report's.
    expect(await page.getByRole('button', { name: /^Link to selected dispute/u }).count()).toBe(0);
    expect(
      await page
        .getByRole('button', {
          name: new RegExp(
            `in another task \\(${listing.rows[other]!.task_id.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}\\)`,
            'u',
          ),
        })
        .count(),
    ).toBe(1);

    await choose.selectOption(values[0]!);
    await page.locator('.link-task-dispute').getByRole('button', { name: 'Link' }).click();
    await expect.poll(() => report(202).dispute_id).toBe(values[0]);
  });
});
