// CHANGELOG.md for a revision (design.md §7.2): per task, each operation's row
// number, column, kind and linked issues. It is meant to be published next to
// the dataset, so it carries no gold value, entity name, alias, evidence URL
// or question text: only what the patch already shows in the clear.
import type { GoldPatch, PatchOpKind, PatchOperation } from '../../shared/patch';

const DESCRIPTIONS: Record<PatchOpKind, string> = {
  set_cell: 'value corrected',
  add_alternative: 'alternative answer accepted',
  set_blank: 'marked blank (no data exists)',
  set_ungraded: 'marked ungraded (excluded from scoring)',
  add_row: 'row added',
  remove_row: 'row removed',
  add_alias: 'alias added',
};

const KIND_ORDER: PatchOpKind[] = [
  'set_cell',
  'add_alternative',
  'set_blank',
  'set_ungraded',
  'add_alias',
  'add_row',
  'remove_row',
];

export interface ChangelogOptions {
  /** sha256 of the patch file. */
  patchSha256?: string;
  /** sha256 of the revised dataset. */
  datasetSha256?: string;
  /** Indexes of operations apply found moot (on a row the patch removes): listed as such, not as changes. */
  superseded?: readonly number[];
  /** sha256 of the file applied to, when it is the base in its other format (the same gold, other bytes). */
  appliedTo?: string;
}

/** Text for a Markdown table cell: pipes escaped, line breaks flattened. */
function cell(text: string): string {
  return text
    .replace(/\\/gu, '\\\\')
    .replace(/\|/gu, '\\|')
    .replace(/[\r\n]+/gu, ' ');
}

/** An inline code span that holds any text (a fence longer than any backtick run inside). */
function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/gu)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text.replace(/[\r\n]+/gu, ' ')}${pad}${fence}`;
}

/** Code-point order: the same on every machine, unlike localeCompare. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function issuesOf(op: PatchOperation): string {
  return op.issues.length === 0
    ? ''
    : [...new Set(op.issues)]
        .sort((a, b) => a - b)
        .map((n) => `Fixes #${n}`)
        .join(', ');
}

export function renderChangelog(patch: GoldPatch, options: ChangelogOptions = {}): string {
  const ops = patch.operations;
  const moot = new Set((options.superseded ?? []).map((index) => ops[index]));
  // Grouped once: filtering every operation per task was quadratic (10,000 operations on 1,500 tasks).
  const opsByTask = new Map<string, PatchOperation[]>();
  const countByKind = new Map<PatchOpKind, number>();
  for (const op of ops) {
    const list = opsByTask.get(op.task_id);
    if (list) list.push(op);
    else opsByTask.set(op.task_id, [op]);
    // A moot operation changes nothing: counted apart, not as a correction.
    if (!moot.has(op)) countByKind.set(op.op, (countByKind.get(op.op) ?? 0) + 1);
  }
  const tasks = [...opsByTask.keys()].sort();
  const lines: string[] = [];
  lines.push(`# ATLAS ${patch.revision}`, '');
  lines.push(`Gold revision ${code(patch.revision)} of ${patch.dataset}, on top of ${code(patch.base_revision)}.`, '');
  if (patch.base_sha256) lines.push(`- Base dataset sha256: ${code(patch.base_sha256)}`);
  if (options.appliedTo)
    lines.push(`- Applied to the base dataset in another format (the same gold): sha256 ${code(options.appliedTo)}`);
  if (options.datasetSha256) lines.push(`- Revised dataset sha256: ${code(options.datasetSha256)}`);
  if (options.patchSha256) lines.push(`- Patch sha256: ${code(options.patchSha256)}`);
  lines.push(
    `- ${ops.length} operation${ops.length === 1 ? '' : 's'} on ${tasks.length} task${tasks.length === 1 ? '' : 's'}`,
  );
  if (patch.created_at) lines.push(`- Latest ruling: ${patch.created_at}`);
  lines.push('');

  if (ops.length > 0) {
    lines.push('| operation | count |', '| --- | ---: |');
    for (const kind of KIND_ORDER) {
      const count = countByKind.get(kind) ?? 0;
      if (count > 0) lines.push(`| ${DESCRIPTIONS[kind]} (${kind}) | ${count} |`);
    }
    if (moot.size > 0) lines.push(`| none: on a row the patch removes (moot) | ${moot.size} |`);
    lines.push('');
  }

  lines.push('## Changes', '');
  lines.push(
    'Rows are numbered from 1 as in the base revision (row 1 is its first gold row); an added row takes the next free number.',
    '',
  );
  if (ops.length === 0) lines.push('No gold changes.', '');
  for (const task of tasks) {
    lines.push(`### Task ${code(task)}`, '', '| row | column | change | issues |', '| ---: | --- | --- | --- |');
    const taskOps = opsByTask.get(task)!.sort((a, b) => a.row - b.row || compare(a.column ?? '', b.column ?? ''));
    for (const op of taskOps) {
      // People read this page (and reporters count rows from 1); the patch's `row` stays the 0-based index.
      const change = moot.has(op)
        ? `none: the row is removed (${op.op} was moot)`
        : `${DESCRIPTIONS[op.op]} (${op.op})`;
      lines.push(
        `| ${op.row + 1} | ${op.column === null ? '(whole row)' : cell(op.column)} | ${change} | ${issuesOf(op)} |`,
      );
    }
    lines.push('');
  }

  const allIssues = [...new Set(ops.flatMap((op) => op.issues))].sort((a, b) => a - b);
  if (allIssues.length > 0) {
    lines.push('## Reports fixed', '', allIssues.map((n) => `Fixes #${n}`).join('\n'), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
