// Accept prefills the cluster's value in the format the column's gold uses
// (an ISO date, an integer year); the systems' own spellings are a visible,
// non-default choice sent with keepSpelling. A decision key's own pick is
// picked again by its letter, not moved on to the next spelling.
import { describe, expect, it } from 'vitest';
import type { ClusterDetail, DisputeDetail, SystemCellView } from '../../../shared/api-types';
import { buildRuleInput, chooseDecision, emptyDraft, pickTarget } from '../../../renderer/src/lib/draft';
import { decisionKeyIndex } from '../../../renderer/src/lib/keys';
import type { Decision } from '../../../shared/domain';
import { writtenSpellings } from '../../../renderer/src/lib/gold-spelling';
import { cellDetail, missingRowDetail, row } from '../fixtures';

function cell(system: string, response: string): SystemCellView {
  return {
    system,
    run: `${system}@1`,
    response_entity: null,
    response,
    verdict: 'incorrect',
    method: 'deterministic',
    reasoning: null,
    sources: [],
    aligned_by: 'name',
    graded_against: null,
  };
}

function spelled(
  value: string,
  key: string,
  responses: [system: string, response: string][],
  agrees = false,
): ClusterDetail {
  return {
    key,
    value,
    systems: responses.map(([system]) => system),
    agrees_with_gold: agrees,
    cells: responses.map(([system, response]) => cell(system, response)),
  };
}

const dates: DisputeDetail = cellDetail({
  dispute: row({ column: 'Opening date', gold: { state: 'value', value: '2005-06-24' } }),
  column_rule: { type: 'date', tolerance_days: 3 },
  gold: { state: 'value', value: '2005-06-24', alternatives: [], sources: [] },
  columns: [
    { name: 'Venue', rule: { type: 'entity' }, gold_values: ['Greywick Beacon'] },
    {
      name: 'Opening date',
      rule: { type: 'date', tolerance_days: 3 },
      gold_values: ['2005-06-24', '1998-01-02', '2011-12-30'],
    },
    { name: 'Founding year', rule: { type: 'number', tolerance: 0 }, gold_values: ['1984', '2001'] },
  ],
  entity_column: 'Venue',
  clusters: [
    spelled('November 9, 2005', '2005-11-09', [
      ['a', 'November 9, 2005'],
      ['b', 'November 9, 2005'],
      ['c', '9 November 2005'],
    ]),
    spelled('2005-06-24', '2005-06-24', [['d', '2005-06-24']], true),
  ],
});

/** The decision key's index of `decision` here, whatever the key map gives it. */
const keyOf = (_detail: DisputeDetail, decision: Decision): number => decisionKeyIndex(decision);

describe("Accept prefills gold's format", () => {
  it("offers gold's format first, then each system spelling as spelled", () => {
    expect(writtenSpellings(dates, 0)).toEqual([
      { text: '2005-11-09', accepted: 'November 9, 2005', gold: true, count: 0 },
      { text: 'November 9, 2005', accepted: 'November 9, 2005', gold: false, count: 2 },
      { text: '9 November 2005', accepted: '9 November 2005', gold: false, count: 1 },
    ]);
  });

  it("a letter prefills the ISO date; saving sends the spelling accepted, which the service writes in gold's format", () => {
    const draft = pickTarget(emptyDraft('d-1'), dates, 0);
    expect(draft).toMatchObject({
      decision: 'accept_system',
      picked: 0,
      value: '2005-11-09',
      accepted: 'November 9, 2005',
      keepSpelling: false,
    });
    expect(buildRuleInput(draft, dates)).toEqual({
      ok: true,
      input: { disputeId: 'd-1', decision: 'accept_system', value: 'November 9, 2005', rationale: null, evidence: [] },
    });
  });

  it("the letter again chooses a system's spelling on purpose: sent with keepSpelling, and round again to gold's format", () => {
    const raw = pickTarget(pickTarget(emptyDraft('d-1'), dates, 0), dates, 0);
    expect(raw).toMatchObject({ value: 'November 9, 2005', keepSpelling: true });
    expect(buildRuleInput(raw, dates)).toEqual({
      ok: true,
      input: {
        disputeId: 'd-1',
        decision: 'accept_system',
        value: 'November 9, 2005',
        keepSpelling: true,
        rationale: null,
        evidence: [],
      },
    });
    const third = pickTarget(raw, dates, 0);
    expect(third).toMatchObject({ value: '9 November 2005', keepSpelling: true });
    expect(pickTarget(third, dates, 0)).toMatchObject({ value: '2005-11-09', keepSpelling: false });
  });

  it("Both's key then a picks cluster a's value in gold's format; a again moves on", () => {
    const both = chooseDecision(emptyDraft('d-1'), dates, keyOf(dates, 'accept_both'));
    expect(both).toMatchObject({ decision: 'accept_both', picked: 0, value: '2005-11-09', keepSpelling: false });
    const a = pickTarget(both, dates, 0);
    expect(a).toMatchObject({ decision: 'accept_both', picked: 0, value: '2005-11-09', keepSpelling: false });
    expect(pickTarget(a, dates, 0)).toMatchObject({ value: 'November 9, 2005', keepSpelling: true });
    // The same for 2 (Accept).
    expect(pickTarget(chooseDecision(emptyDraft('d-1'), dates, keyOf(dates, 'accept_system')), dates, 0)).toMatchObject(
      { value: '2005-11-09', keepSpelling: false },
    );
  });

  it('a year written 1997.0 is prefilled 1997 in a column of integers', () => {
    const years = cellDetail({
      ...dates,
      dispute: row({ column: 'Founding year', gold: { state: 'value', value: '1984' } }),
      column_rule: { type: 'number', tolerance: 0 },
      clusters: [
        spelled('1997.0', '1997', [
          ['a', '1997.0'],
          ['b', '1997.0'],
        ]),
      ],
    });
    expect(pickTarget(emptyDraft('d-1'), years, 0)).toMatchObject({
      value: '1997',
      accepted: '1997.0',
      keepSpelling: false,
    });
  });

  it('a value typed over the prefill is sent as typed', () => {
    const typed = { ...pickTarget(emptyDraft('d-1'), dates, 0), value: '2005-11-10' };
    expect(buildRuleInput(typed, dates)).toMatchObject({ ok: false });
    const both = { ...chooseDecision(emptyDraft('d-1'), dates, keyOf(dates, 'accept_both')), value: '2005-11-10' };
    expect(buildRuleInput(both, dates)).toMatchObject({ ok: true, input: { value: '2005-11-10' } });
  });
});

describe("Add row's values from a system", () => {
  it("are prefilled in each column's gold format and sent as the system gave them", () => {
    const base = missingRowDetail();
    const detail: DisputeDetail = {
      ...base,
      entity_column: 'Venue',
      columns: dates.columns,
      missing_row_systems: [
        {
          system: 'kite',
          entity: 'Lanternfield',
          values: [
            { column: 'Opening date', value: 'November 9, 2005', sources: [] },
            { column: 'Founding year', value: '1997.0', sources: [] },
          ],
          sources: [],
        },
      ],
    };
    const draft = chooseDecision(emptyDraft('d-2'), detail, keyOf(detail, 'add_row'));
    expect(draft.values).toEqual({ 'Opening date': '2005-11-09', 'Founding year': '1997' });
    const built = buildRuleInput(draft, detail);
    expect(built).toMatchObject({
      ok: true,
      input: { decision: 'add_row', values: { 'Opening date': 'November 9, 2005', 'Founding year': '1997.0' } },
    });
  });
});
