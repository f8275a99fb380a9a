// A cluster groups values equal under the column's rule ("GALICIA", "Galicia");
// accepting writes the spelling picked, and the cluster's letter again moves
// to its next spelling.
import { describe, expect, it } from 'vitest';
import type { ClusterDetail, SystemCellView } from '../../../shared/api-types';
import {
  buildRuleInput,
  chooseDecision,
  clusterSpellings,
  emptyDraft,
  pickTarget,
} from '../../../renderer/src/lib/draft';
import { cellDetail, missingRowDetail } from '../fixtures';

function cell(system: string, response: string): SystemCellView {
  return {
    system,
    run: `${system}@1`,
    response_entity: null,
    response,
    verdict: 'incorrect',
    method: 'llm_judge',
    reasoning: null,
    sources: [],
    aligned_by: 'name',
    graded_against: null,
  };
}

function spelled(value: string, responses: [system: string, response: string][], agrees = false): ClusterDetail {
  return {
    key: value.toLowerCase(),
    value,
    systems: responses.map(([system]) => system),
    agrees_with_gold: agrees,
    cells: responses.map(([system, response]) => cell(system, response)),
  };
}

const detail = cellDetail({
  column_rule: { type: 'text' },
  gold: { state: 'value', value: 'Asturias', alternatives: [], sources: [] },
  clusters: [
    spelled('GALICIA', [
      ['a', 'GALICIA'],
      ['b', 'Galicia'],
      ['c', ' GALICIA '],
      ['d', 'Galicia'],
      ['e', 'GALICIA'],
    ]),
    spelled('Leon', [['f', 'Leon']]),
    spelled('Asturias', [['g', 'Asturias']], true),
  ],
});

describe('clusterSpellings', () => {
  it('lists each spelling once, most given first, trimmed', () => {
    expect(clusterSpellings(detail, 0)).toEqual([
      { text: 'GALICIA', count: 3 },
      { text: 'Galicia', count: 2 },
    ]);
    expect(clusterSpellings(detail, 1)).toEqual([{ text: 'Leon', count: 1 }]);
  });

  it("leads a tie with the cluster's own value, as the service chose it", () => {
    const tied = cellDetail({
      clusters: [
        spelled('Galicia', [
          ['a', 'GALICIA'],
          ['b', 'Galicia'],
        ]),
      ],
    });
    expect(clusterSpellings(tied, 0).map((s) => s.text)).toEqual(['Galicia', 'GALICIA']);
  });

  it('has none for a missing row (letters pick systems there) or a letter with no cluster', () => {
    expect(clusterSpellings(missingRowDetail(), 0)).toEqual([]);
    expect(clusterSpellings(detail, 7)).toEqual([]);
  });
});

describe("the cluster's letter again", () => {
  it('under Accept, moves to the next spelling and back round; the ruling carries it', () => {
    const first = pickTarget(emptyDraft('d-1'), detail, 0);
    expect(first).toMatchObject({ decision: 'accept_system', picked: 0, value: 'GALICIA' });
    const second = pickTarget(first, detail, 0);
    expect(second.value).toBe('Galicia');
    expect(pickTarget(second, detail, 0).value).toBe('GALICIA');
    // Another spelling than the leading one is a system's kept on purpose: written as spelled.
    expect(buildRuleInput(second, detail)).toEqual({
      ok: true,
      input: {
        disputeId: 'd-1',
        decision: 'accept_system',
        value: 'Galicia',
        keepSpelling: true,
        rationale: null,
        evidence: [],
      },
    });
  });

  it('under Both too; another letter picks that cluster at its leading spelling', () => {
    const both = chooseDecision(emptyDraft('d-1'), detail, 2);
    expect(both).toMatchObject({ decision: 'accept_both', picked: 0, value: 'GALICIA' });
    const other = pickTarget(pickTarget(both, detail, 0), detail, 1);
    expect(other).toMatchObject({ decision: 'accept_both', picked: 1, value: 'Leon' });
  });

  it('does not overwrite a value typed by hand, nor cycle under New value', () => {
    const typed = { ...pickTarget(emptyDraft('d-1'), detail, 0), value: 'Galiza' };
    expect(pickTarget(typed, detail, 0).value).toBe('GALICIA');
    const fresh = chooseDecision(emptyDraft('d-1'), detail, 3);
    expect(fresh.decision).toBe('new_value');
    const picked = pickTarget(fresh, detail, 0);
    expect(pickTarget(picked, detail, 0)).toMatchObject({ decision: 'new_value', value: 'GALICIA' });
  });

  it('a cluster of one spelling stays as it is', () => {
    const leon = pickTarget(emptyDraft('d-1'), detail, 1);
    expect(pickTarget(leon, detail, 1)).toEqual(leon);
  });
});

describe('a choice column', () => {
  const choice = cellDetail({
    column_rule: { type: 'choice', options: ['Independent', 'Cooperative', 'Family-owned'] },
    gold: { state: 'value', value: 'Independent', alternatives: [], sources: [] },
    clusters: [
      spelled('COOPERATIVE', [
        ['a', 'COOPERATIVE'],
        ['b', 'COOPERATIVE'],
        ['c', 'cooperative'],
      ]),
      spelled('Family-owned', [
        ['d', 'Family-owned'],
        ['e', 'FAMILY-OWNED'],
      ]),
      spelled('Municipal', [['f', 'Municipal']]),
    ],
  });

  it("leads with the column's own option, even when no system wrote it exactly so", () => {
    expect(clusterSpellings(choice, 0)).toEqual([
      { text: 'Cooperative', count: 0, option: true },
      { text: 'COOPERATIVE', count: 2 },
      { text: 'cooperative', count: 1 },
    ]);
    expect(clusterSpellings(choice, 1)[0]).toEqual({ text: 'Family-owned', count: 1, option: true });
    // A value that is no option (the systems were wrong about the choices) has none to lead.
    expect(clusterSpellings(choice, 2)).toEqual([{ text: 'Municipal', count: 1 }]);
  });

  it("so accepting the cluster writes the option, and its letter again the systems' spellings", () => {
    const accepted = pickTarget(emptyDraft('d-1'), choice, 0);
    expect(accepted.value).toBe('Cooperative');
    expect(pickTarget(accepted, choice, 0).value).toBe('COOPERATIVE');
    expect(chooseDecision(emptyDraft('d-1'), choice, 1)).toMatchObject({
      decision: 'accept_system',
      picked: 0,
      value: 'Cooperative',
    });
  });
});
