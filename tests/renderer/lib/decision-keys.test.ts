// One meaning per key in every kind of dispute (lib/keys.ts DECISION_KEY):
// key 1 changes nothing everywhere, decisions that mean the same thing share
// a key, no dispute has two decisions on one key, and a key that is no
// decision in a dispute chooses nothing there.
import { describe, expect, it } from 'vitest';
import { DECISIONS_BY_KIND, ROW_REPORT_DECISIONS, type Decision } from '../../../shared/domain';
import { chooseDecision, decisionKeysText, decisionOnKey, emptyDraft } from '../../../renderer/src/lib/draft';
import { DECISION_KEY, DECISION_KEYS, decisionAtKey, decisionKeyIndex } from '../../../renderer/src/lib/keys';
import { cellDetail, missingRowDetail, row } from '../fixtures';

const kinds: [string, readonly Decision[]][] = [
  ...Object.entries(DECISIONS_BY_KIND),
  ['row report', ROW_REPORT_DECISIONS],
];
const key = (k: string) => DECISION_KEYS.indexOf(k);

describe('decision keys', () => {
  it('put the decision that changes nothing on 1 in every kind of dispute', () => {
    for (const [kind, decisions] of kinds) {
      const one = decisionAtKey(decisions, key('1'));
      expect(one, kind).not.toBeNull();
      expect(['keep_gold', 'reject_row'], kind).toContain(one);
    }
  });

  it('give no dispute two decisions on one key, and every decision a key', () => {
    for (const [kind, decisions] of kinds) {
      const keys = decisions.map((d) => DECISION_KEY[d]);
      expect(new Set(keys).size, kind).toBe(keys.length);
      for (const d of decisions) expect(decisionKeyIndex(d), d).toBeGreaterThanOrEqual(0);
    }
  });

  it('share a key between decisions that mean the same: take the systems’ (2), add theirs beside gold (3)', () => {
    expect(DECISION_KEY.accept_system).toBe(DECISION_KEY.add_row);
    expect(DECISION_KEY.accept_both).toBe(DECISION_KEY.add_alias);
    expect(DECISION_KEY.keep_gold).toBe(DECISION_KEY.reject_row);
    // A key means one decision in a kind, and the same decision in every kind that has it.
    expect(DECISION_KEY.remove_row).toBe('7');
    expect(decisionAtKey(DECISIONS_BY_KIND.report, key('7'))).toBe('remove_row');
    expect(decisionAtKey(ROW_REPORT_DECISIONS, key('7'))).toBe('remove_row');
  });

  it('on a missing row: 1 reject, 2 add row, 3 alias; 4 and beyond are no decision', () => {
    const detail = missingRowDetail();
    expect(decisionOnKey(detail, key('1'))).toBe('reject_row');
    expect(decisionOnKey(detail, key('2'))).toBe('add_row');
    expect(decisionOnKey(detail, key('3'))).toBe('add_alias');
    for (const k of ['4', '5', '6', '7', '8', '9', '0']) expect(decisionOnKey(detail, key(k)), k).toBeNull();
    const draft = emptyDraft('d-2');
    expect(chooseDecision(draft, detail, key('4'))).toBe(draft);
    expect(chooseDecision(draft, detail, key('1')).decision).toBe('reject_row');
    expect(decisionKeysText(detail)).toBe('1 Reject row · 2 Add row · 3 Add as alias');
  });

  it('on a cell: the cell decisions on 1–6, and 7 (remove row) is a report’s only', () => {
    const detail = cellDetail();
    expect(['1', '2', '3', '4', '5', '6'].map((k) => decisionOnKey(detail, key(k)))).toEqual(DECISIONS_BY_KIND.cell);
    expect(decisionOnKey(detail, key('7'))).toBeNull();
    expect(decisionOnKey(cellDetail({ dispute: row({ kind: 'report', column: 'Critic Metascore' }) }), key('7'))).toBe(
      'remove_row',
    );
    expect(decisionKeysText(cellDetail({ dispute: row({ kind: 'report', column: null }) }))).toBe(
      '1 Keep gold · 7 Remove gold row',
    );
  });
});
