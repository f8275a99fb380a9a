// CHANGELOG.md (design.md §7.2): per task, row, column, change and linked issues.
import { describe, expect, it } from 'vitest';
import { renderChangelog } from '../../../db/revisions/changelog';
import type { GoldPatch, PatchOperation } from '../../../shared/patch';

const op = (o: Partial<PatchOperation> & Pick<PatchOperation, 'op' | 'task_id' | 'row'>): PatchOperation => ({
  entity: 'SECRET ENTITY',
  column: null,
  from: { value: 'SECRET OLD' },
  to: { value: 'SECRET NEW' },
  evidence: ['https://secret.example/'],
  rulings: [],
  issues: [],
  dispute_id: 'd-1',
  ...o,
});

const patch: GoldPatch = {
  format: 'atlas-gold-patch/1',
  dataset: 'exa-ai/ATLAS',
  base_revision: 'v1.0',
  base_sha256: 'a'.repeat(64),
  revision: 'v1.1',
  created_at: '2026-02-01T10:00:00.000Z',
  created_by: 'mia',
  encrypted: false,
  operations: [
    op({ op: 'set_cell', task_id: 'atlas/0002', row: 4, column: 'Critic | Metascore', issues: [123, 45] }),
    op({
      op: 'add_row',
      task_id: 'atlas/0001',
      row: 9,
      from: null,
      to: { entity: 'SECRET ENTITY', aliases: ['SECRET ALIAS'] },
    }),
    op({ op: 'set_blank', task_id: 'atlas/0002', row: 1, column: 'City', issues: [45] }),
    op({ op: 'add_alias', task_id: 'id with `backticks`', row: 0 }),
  ],
};

describe('renderChangelog', () => {
  const text = renderChangelog(patch, { patchSha256: 'b'.repeat(64), datasetSha256: 'c'.repeat(64) });

  it('lists each task with its rows, columns, changes and issues', () => {
    expect(text).toContain('# ATLAS v1.1');
    expect(text).toContain('- 4 operations on 3 tasks');
    expect(text).toContain(`- Revised dataset sha256: \`${'c'.repeat(64)}\``);
    const task2 = text.slice(text.indexOf('### Task `atlas/0002`'));
    // Rows count from 1 on this public page: patch rows 1, 4, 9 and 0 read 2, 5, 10 and 1.
    expect(text).toContain(
      'Rows are numbered from 1 as in the base revision (row 1 is its first gold row); an added row takes the next free number.',
    );
    expect(task2.indexOf('| 2 | City | marked blank (no data exists) (set_blank) | Fixes #45 |')).toBeGreaterThan(0);
    expect(task2).toContain('| 5 | Critic \\| Metascore | value corrected (set_cell) | Fixes #45, Fixes #123 |');
    expect(text).toContain('| 10 | (whole row) | row added (add_row) |  |');
    expect(text).toContain('| 1 | (whole row) | alias added (add_alias) |  |');
    expect(text).not.toMatch(/^\| 0 \|/mu);
    expect(text).toContain('### Task `` id with `backticks` ``');
    expect(text).toContain('## Reports fixed\n\nFixes #45\nFixes #123\n');
    // Tasks in order, each once.
    expect(text.indexOf('atlas/0001')).toBeLessThan(text.indexOf('atlas/0002'));
  });

  it('shows no value, entity, alias or evidence, even from a plaintext patch', () => {
    expect(text).not.toMatch(/SECRET|secret\.example/u);
  });

  it('is deterministic', () => {
    expect(renderChangelog(patch, { patchSha256: 'b'.repeat(64), datasetSha256: 'c'.repeat(64) })).toBe(text);
    expect(renderChangelog({ ...patch, operations: [] })).toContain('No gold changes.');
  });
});
