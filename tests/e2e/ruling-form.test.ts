// The ruling form driven by the keyboard, in the real bundle in headless
// Chromium: a decision key never hands the engineer's next letter to a text
// field holding a prefilled value (Add row's entity), New value takes the
// cursor with nothing selected, evidence typed in the box belongs to its
// dispute and is added (or refused) on save, Enter on an empty Evidence box
// and Ctrl+Enter there save, and after every save the draft is cleared and
// focus is back on the page, whether or not a next open dispute exists.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DisputeDetail, DisputeRow } from '../../shared/api-types';
import { clusterLetter } from '../../shared/clusters';
import { tidySpelling } from '../../shared/spelling';
import type { Bridge, LaunchedBrowser } from './support';
import { highlightedRow, openAppOnWorkspace, shownDispute } from './support';

let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
/** Disputes a test has used: each test rules fresh ones. */
const used = new Set<string>();

beforeAll(async () => {
  ({ bridge, browser, page } = await openAppOnWorkspace(
    'atlas-ruling-form-',
    { seed: 11, tasks: 6, systems: 4, maxRows: 6, maxColumns: 4 },
    { engineer: 'mia' },
  ));
});

// Each test starts from the page, whatever the one before left focused.
beforeEach(async () => {
  await releaseFocus();
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

const form = () => page.getByRole('region', { name: 'Your ruling' });
const valueInput = () => form().locator('input.value-input');
const evidenceInput = () => form().getByPlaceholder(/^https:/);

/** What has the focus: "body", or the tag and classes of the element. */
const focused = () =>
  page.evaluate(() => {
    const a = document.activeElement;
    if (a == null || a === document.body) return 'body';
    return `${a.tagName.toLowerCase()}${a.id ? `#${a.id}` : ''}.${[...a.classList].join('.')}`;
  });

/** The value field's selection: [start, end, length]. */
const selection = () =>
  valueInput().evaluate((el) => {
    const input = el as HTMLInputElement;
    return [input.selectionStart, input.selectionEnd, input.value.length];
  });

const selectedId = () => highlightedRow(page);

const shownId = () => shownDispute(page);

async function mine(id: string) {
  const detail = await bridge.api('getDispute', { id });
  return detail.rulings.filter((r) => r.engineer === 'mia');
}

/** An open dispute no test has used, of this kind, passing `also`. */
async function fresh(
  kind: DisputeRow['kind'],
  also: (d: DisputeDetail) => boolean = () => true,
): Promise<DisputeDetail> {
  const { rows } = await bridge.api('listDisputes', { filter: { kind }, limit: 1000 });
  for (const row of rows) {
    if (used.has(row.id) || row.status !== 'open' || row.my_decision != null) continue;
    const detail = await bridge.api('getDispute', { id: row.id });
    if (also(detail)) {
      used.add(row.id);
      return detail;
    }
  }
  throw new Error(`no fresh open ${kind} dispute`);
}

/** `/`, the dispute's id, Esc: the queue shows that one dispute, the panel shows it, focus is on the page. */
async function showOnly(id: string): Promise<void> {
  await page.keyboard.press('/');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(id);
  await expect.poll(() => page.locator('.ag-grid-scrolling-container .ag-row').count()).toBe(1);
  await page.keyboard.press('Escape');
  await expect.poll(shownId).toBe(id);
  await releaseFocus();
}

/** Focus back on the page, whatever a test before left focused (a stale focus request is tested on its own). */
async function releaseFocus(): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** `/` and a search that lists several disputes, then j until `id` is selected and shown; focus on the page. */
async function showAmong(id: string, query: string): Promise<void> {
  await page.keyboard.press('/');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(query);
  const row = page.locator(`.ag-grid-scrolling-container .ag-row[row-id="${id}"]`);
  await row.waitFor();
  await expect.poll(() => page.locator('.ag-grid-scrolling-container .ag-row').count()).toBeGreaterThan(1);
  await page.keyboard.press('Escape');
  await expect.poll(shownId).not.toBeNull();
  for (let i = 0; i < 50 && (await shownId()) !== id; i++) {
    const before = await shownId();
    await page.keyboard.press('j');
    await expect.poll(async () => ![before, null].includes(await shownId())).toBe(true);
  }
  await expect.poll(shownId).toBe(id);
  await expect.poll(selectedId).toBe(id);
  await releaseFocus();
}

/** Opens the evidence box with `e`, types `text` there without adding it, and leaves the box with Esc. */
async function typeEvidenceLeft(text: string): Promise<void> {
  await page.keyboard.press('e');
  await expect.poll(focused).toMatch(/^input/);
  await page.keyboard.type(text);
  await page.keyboard.press('Escape');
}

async function showAll(): Promise<void> {
  await page.keyboard.press('/');
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await expect.poll(() => page.locator('.ag-grid-scrolling-container .ag-row').count()).toBeGreaterThan(1);
  await page.keyboard.press('Escape');
}

/** The distinct trimmed spellings systems gave in a cluster. */
const spellingsOf = (cluster: DisputeDetail['clusters'][number]): string[] => [
  ...new Set(cluster.cells.map((c) => c.response.trim()).filter((t) => t !== '')),
];

describe('a cluster written several ways', () => {
  it("shows its spellings under Accept; the cluster's letter again takes the next, and the ruling carries it", async () => {
    // Not a choice column: there the column's own option leads (tests/renderer/lib/cluster-spellings.test.ts).
    const detail = await fresh(
      'cell',
      (d) =>
        d.column_rule?.type !== 'choice' && d.clusters.some((c) => !c.agrees_with_gold && spellingsOf(c).length >= 2),
    );
    const index = detail.clusters.findIndex((c) => !c.agrees_with_gold && spellingsOf(c).length >= 2);
    const cluster = detail.clusters[index]!;
    const letter = 'abcdfghilmnpqstvwxyz'[index]!;
    await showOnly(detail.dispute.id);
    await page.keyboard.press(letter);
    const choice = form().getByRole('group', { name: 'Spelling written to gold' });
    await expect.poll(() => choice.getByRole('button').count()).toBe(spellingsOf(cluster).length);
    expect(await valueInput().inputValue()).toBe(cluster.value);
    await expect.poll(() => choice.getByRole('button', { pressed: true }).textContent()).toContain(cluster.value);
    await page.keyboard.press(letter);
    const next = await valueInput().inputValue();
    expect(next).not.toBe(cluster.value);
    expect(spellingsOf(cluster)).toContain(next);
    await expect.poll(() => choice.getByRole('button', { pressed: true }).textContent()).toContain(next);
    expect(await focused()).toBe('body');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await mine(detail.dispute.id)).map((r) => [r.decision, r.value]))
      .toEqual([['accept_system', next]]);
  });
});

describe('decision keys and the value field', () => {
  it('Add row: a letter after 2 picks a system, never replaces the entity; 2 again edits it, caret at the end', async () => {
    // Systems' spellings are proposed tidied; the first proposal is the system that wrote the dispute's own name.
    const detail = await fresh(
      'missing_row',
      (d) => new Set(d.missing_row_systems.map((s) => tidySpelling(s.entity))).size >= 2,
    );
    const names = detail.missing_row_systems.map((s) => tidySpelling(s.entity));
    const start = Math.max(0, names.indexOf(detail.dispute.entity));
    const other = names.findIndex((name) => name !== names[start]);
    const [first, second] = [names[start]!, names[other]!];
    await showOnly(detail.dispute.id);

    await page.keyboard.press('2');
    await expect.poll(() => valueInput().inputValue()).toBe(first);
    // The prefilled entity is shown, not focused: the next letter is still a key.
    expect(await focused()).toBe('body');
    await page.keyboard.press(clusterLetter(other)!);
    await expect.poll(() => valueInput().inputValue()).toBe(second);
    expect(await focused()).toBe('body');

    // The decision key again puts the cursor at the end of the entity, nothing selected.
    await page.keyboard.press('2');
    await expect.poll(focused).toMatch(/^input\..*value-input/);
    const length = second.length;
    expect(await selection()).toEqual([length, length, length]);
    await page.keyboard.type(' (2019)');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await mine(detail.dispute.id)).map((r) => [r.decision, r.value]))
      .toEqual([['add_row', `${second} (2019)`]]);
  });

  it('New value: takes the cursor, starts empty after an accepted cluster, and 4 again keeps what was typed', async () => {
    const detail = await fresh('cell', (d) => d.clusters.length >= 2);
    await showOnly(detail.dispute.id);

    await page.keyboard.press('2'); // accept: the value is a cluster's
    await expect.poll(() => valueInput().inputValue()).not.toBe('');
    await page.keyboard.press('4');
    await expect.poll(focused).toMatch(/^input\..*value-input/);
    expect(await valueInput().inputValue()).toBe('');
    await page.keyboard.type('1997');
    await page.keyboard.press('Escape');
    expect(await focused()).toBe('body');
    await page.keyboard.press('4');
    await expect.poll(focused).toMatch(/^input\..*value-input/);
    expect(await selection()).toEqual([4, 4, 4]);
    await page.keyboard.type('8');
    expect(await valueInput().inputValue()).toBe('19978');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await mine(detail.dispute.id)).map((r) => [r.decision, r.value]))
      .toEqual([['new_value', '19978']]);
  });
});

describe('after a save', () => {
  it('with no next open dispute in the view: the draft is cleared and focus is back on the page', async () => {
    const detail = await fresh('cell');
    await showOnly(detail.dispute.id);
    await page.keyboard.press('4');
    await expect.poll(focused).toMatch(/^input\..*value-input/);
    await page.keyboard.type('1997');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await mine(detail.dispute.id)).length).toBe(1);
    await expect.poll(focused).toBe('body');
    await expect.poll(() => form().locator('.chosen-none').count()).toBe(1);
    expect(await valueInput().count()).toBe(0);
    // The next keys are keys again: `/` searches, it does not type into the value.
    await page.keyboard.press('/');
    expect(await focused()).toMatch(/^input#queue-search/);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect((await mine(detail.dispute.id)).map((r) => [r.decision, r.value])).toEqual([['new_value', '1997']]);
  });

  it('Ctrl+Enter from the rationale moves on with focus on the page, not in the next rationale', async () => {
    // A dispute of a task with other open disputes: the save has a next one to move to.
    const { rows } = await bridge.api('listDisputes', { filter: {}, limit: 1000 });
    const openOf = (task: string) =>
      rows.filter((r) => r.task_id === task && r.status === 'open' && r.my_decision == null && !used.has(r.id));
    const target = rows.find(
      (r) =>
        r.kind === 'cell' &&
        !used.has(r.id) &&
        r.status === 'open' &&
        r.my_decision == null &&
        openOf(r.task_id).length >= 2,
    )!;
    used.add(target.id);
    await showAmong(target.id, target.task_id);
    await page.keyboard.press('1');
    await page.keyboard.press('r');
    await expect.poll(focused).toMatch(/^textarea/);
    await page.keyboard.type('checked the source');
    await page.keyboard.press('Control+Enter');
    await expect.poll(async () => (await mine(target.id)).map((r) => r.rationale)).toEqual(['checked the source']);
    await expect.poll(async () => [target.id, null].includes(await shownId())).toBe(false);
    expect(await focused()).toBe('body');
    expect(await form().locator('textarea').inputValue()).toBe('');
  });
});

describe('the Evidence box', () => {
  const url = 'https://example.org/evidence/1';

  it('belongs to its dispute: what was typed there does not follow to the next one', async () => {
    await showAll();
    const id = (await shownId())!;
    // Long enough for the neighbours to be fetched ahead, as while reading: `j` then shows the next one at once.
    await page.waitForTimeout(1000);
    await typeEvidenceLeft(url);
    await page.keyboard.press('j');
    await expect.poll(shownId).not.toBe(id);
    expect(await evidenceInput().inputValue()).toBe('');
  });

  it('a link still in the box when saving is added to the ruling', async () => {
    const detail = await fresh('cell');
    await showOnly(detail.dispute.id);
    await page.keyboard.press('1');
    await typeEvidenceLeft(url);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await mine(detail.dispute.id)).map((r) => r.evidence)).toEqual([[url]]);
    // The store has the ruling a moment before the app has its answer and clears the draft.
    await expect.poll(() => evidenceInput().inputValue()).toBe('');
  });

  it('text in the box that is no http(s) link stops the save, saying why', async () => {
    const detail = await fresh('cell');
    await showOnly(detail.dispute.id);
    await page.keyboard.press('1');
    await typeEvidenceLeft('see the wiki');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await form().getByRole('alert').allTextContents()).join(' ')).toMatch(/Evidence/);
    await page.waitForTimeout(500);
    expect(await mine(detail.dispute.id)).toEqual([]);
    expect(await evidenceInput().inputValue()).toBe('see the wiki');
  });

  it('Enter on the empty box saves, as in the value field', async () => {
    const detail = await fresh('cell');
    await showOnly(detail.dispute.id);
    await page.keyboard.press('1');
    await page.keyboard.press('e');
    // The box takes focus once the panel has drawn it, a frame after the key.
    await expect.poll(focused).toMatch(/^input/);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await mine(detail.dispute.id)).map((r) => r.decision)).toEqual(['keep_gold']);
    await expect.poll(focused).toBe('body');
  });

  it('Enter with a link adds it; Ctrl+Enter saves, with the link still typed', async () => {
    const detail = await fresh('cell');
    await showOnly(detail.dispute.id);
    await page.keyboard.press('1');
    await page.keyboard.press('e');
    await expect.poll(focused).toMatch(/^input/);
    await page.keyboard.type(url);
    await page.keyboard.press('Enter'); // adds it, does not save
    await expect.poll(() => form().locator('.evidence-list li').count()).toBe(1);
    expect(await mine(detail.dispute.id)).toEqual([]);
    const second = 'https://example.org/evidence/2';
    await page.keyboard.type(second);
    await page.keyboard.press('Control+Enter');
    await expect.poll(async () => (await mine(detail.dispute.id)).map((r) => r.evidence)).toEqual([[url, second]]);
  });
});

describe('focus requests', () => {
  it('do not follow to another dispute: `e` on one, Esc, and the next one shown leaves the focus on the page', async () => {
    const [first, second] = [await fresh('cell'), await fresh('cell')];
    await showOnly(first.dispute.id);
    await page.keyboard.press('e');
    await expect.poll(focused).toMatch(/^input/);
    await page.keyboard.press('Escape');
    await page.keyboard.press('/');
    await page.keyboard.press('Control+a');
    await page.keyboard.type(second.dispute.id);
    await page.keyboard.press('Escape');
    await expect.poll(shownId).toBe(second.dispute.id);
    await page.waitForTimeout(300);
    expect(await focused()).toBe('body');
  });
});

describe('the saved notice under a policy of 2 agreeing engineers', () => {
  it('names the dispute and says it waits for another engineer (1 of 2 agreeing)', async () => {
    await bridge.api('setPolicy', { required: 2 });
    await page.reload();
    await page.locator('.ag-grid-scrolling-container .ag-row').first().waitFor();
    const detail = await fresh('cell');
    await showOnly(detail.dispute.id);
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    const notice = page.locator('.notice', { hasText: 'Saved' });
    await expect.poll(() => notice.count()).toBe(1);
    const text = (await notice.textContent()) ?? '';
    expect(text).toContain('1 of 2 agreeing');
    expect(text).toContain(detail.dispute.entity);
    expect(text).toContain(detail.dispute.column!);
    expect(text).toMatch(/another engineer/);
  });
});
