// `show` names clusters by the app's letters and, where systems wrote a
// cluster's value more than one way, lists the spellings (the value `rule
// --value` records is whichever is given) and each system's own.
import { describe, expect, it } from 'vitest';
import type { ClusterDetail, SystemCellView } from '../../../shared/api-types';
import { disputeDetailText } from '../../../cli/views/dispute-detail';
import { cellDetail } from '../../renderer/fixtures';

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

function cluster(value: string, responses: [string, string][], agrees = false): ClusterDetail {
  return {
    key: value.toLowerCase(),
    value,
    systems: responses.map(([system]) => system),
    agrees_with_gold: agrees,
    cells: responses.map(([system, response]) => cell(system, response)),
  };
}

describe('show: clusters', () => {
  it("letters skip e (the app's command letters), as the panel's do", () => {
    const clusters = ['p', 'q', 'r', 's', 't', 'u'].map((value, i) => cluster(value, [[`sys-${i}`, value]]));
    const text = disputeDetailText(cellDetail({ column_rule: { type: 'text' }, clusters }));
    expect(text.match(/^ {2}\[([a-z])\]/gmu)?.map((line) => line.trim())).toEqual([
      '[a]',
      '[b]',
      '[c]',
      '[d]',
      '[f]',
      '[g]',
    ]);
  });

  it("lists a cluster's spellings with their counts, and each system's own", () => {
    const text = disputeDetailText(
      cellDetail({
        column_rule: { type: 'text' },
        clusters: [
          cluster('GALICIA', [
            ['alpha', 'GALICIA'],
            ['beta', 'Galicia'],
            ['gamma', 'GALICIA'],
          ]),
          cluster('Leon', [['delta', 'Leon']]),
        ],
      }),
    );
    expect(text).toContain(
      '  [a] GALICIA · 3 systems · contests gold\n      spellings: "GALICIA" ×2 · "Galicia" ×1\n      alpha: "GALICIA", incorrect by deterministic',
    );
    expect(text).toContain('      beta: "Galicia", incorrect by deterministic');
    // One spelling: nothing more to say.
    expect(text).toContain('  [b] Leon · 1 system · contests gold\n      delta: incorrect by deterministic');
  });

  it("a choice column's option leads its cluster's spellings", () => {
    const text = disputeDetailText(
      cellDetail({
        column_rule: { type: 'choice', options: ['Independent', 'Cooperative'] },
        clusters: [
          cluster('COOPERATIVE', [
            ['alpha', 'COOPERATIVE'],
            ['beta', 'COOPERATIVE'],
          ]),
        ],
      }),
    );
    expect(text).toContain(`spellings: "Cooperative" (the column's option) · "COOPERATIVE" ×2`);
  });
});
