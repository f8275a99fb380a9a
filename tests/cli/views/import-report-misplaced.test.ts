// The import report names counted rulings whose gold row now holds another
// entity, as a warning after the counts; --json keeps every one.
import { describe, expect, it } from 'vitest';
import { importReportJson, importReportText } from '../../../cli/views/import-report';
import type { ImportReport } from '../../../shared/api-types';

const base: ImportReport = {
  tasks: 1,
  systems: 0,
  cells: 0,
  disputes: 0,
  judges: 0,
  skipped: [],
  failed: [],
  files: 1,
};
const misplaced = (n: number): NonNullable<ImportReport['misplaced_rulings']> =>
  Array.from({ length: n }, (_, i) => ({
    dispute_id: `d-${i}`,
    engineer: 'mia',
    reason: `its gold row, row ${i + 2} of task atlas-0001, holds another entity than the one mia ruled on: that entity is gold row ${i + 1} now; rule the dispute again`,
  }));

describe('rulings an import found misplaced', () => {
  it('are listed under a warning, the first 10 then a count', () => {
    const one = importReportText({ ...base, misplaced_rulings: misplaced(1) });
    expect(one).toContain(
      '\nwarning: 1 counted ruling now names a gold row that holds another entity; export refuses it until ruled again:\n  dispute d-0 (mia): its gold row, row 2 of task atlas-0001',
    );
    const many = importReportText({ ...base, misplaced_rulings: misplaced(12) }).split('\n');
    expect(many).toContain(
      'warning: 12 counted rulings now name gold rows that hold another entity; export refuses them until ruled again:',
    );
    expect(many.filter((line) => line.startsWith('  dispute d-'))).toHaveLength(10);
    expect(many).toContain('  … and 2 more (--json lists every one)');
    expect(importReportJson({ ...base, misplaced_rulings: misplaced(12) }).misplaced_rulings).toHaveLength(12);
  });

  it('say nothing when there are none', () => {
    expect(importReportText(base)).not.toContain('warning');
    expect(importReportJson(base)).not.toHaveProperty('misplaced_rulings');
  });
});
