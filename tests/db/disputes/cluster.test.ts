import { describe, expect, it } from 'vitest';
import { clusterValues, goldKeys } from '../../../db/disputes/cluster';

describe('clusters (design.md §5)', () => {
  it('groups values that only normalisation makes equal, disagreeing clusters first, biggest first', () => {
    const clusters = clusterValues(
      'number',
      [
        { system: 's1', response: '25,000', verdict: 'correct' },
        { system: 's2', response: '25000', verdict: 'correct' },
        { system: 's3', response: '26,250', verdict: 'incorrect' },
        { system: 's4', response: '26250', verdict: 'incorrect' },
        { system: 's5', response: '26250 JPY', verdict: 'incorrect' },
        { system: 's6', response: '   ', verdict: 'missing' },
      ],
      goldKeys('number', '25000', []),
    );
    expect(clusters.map((cluster) => [cluster.systems, cluster.agreesWithGold])).toEqual([
      [['s3', 's4', 's5'], false],
      [['s1', 's2'], true],
    ]);
    expect(clusters[0]!.value).toBe('26,250');
  });

  it('puts a smaller disagreeing cluster before a bigger agreeing one', () => {
    const clusters = clusterValues(
      'number',
      [
        { system: 's1', response: '94', verdict: 'correct' },
        { system: 's2', response: '94', verdict: 'correct' },
        { system: 's3', response: '94', verdict: 'correct' },
        { system: 's4', response: '93', verdict: 'incorrect' },
      ],
      goldKeys('number', '94', []),
    );
    expect(clusters.map((cluster) => cluster.value)).toEqual(['93', '94']);
  });

  it('counts an accepted alternative as agreeing with gold', () => {
    const clusters = clusterValues(
      'text',
      [{ system: 's1', response: 'Kyōto', verdict: 'incorrect' }],
      goldKeys('text', 'Kyoto', ['kyōto']),
    );
    expect(clusters[0]!.agreesWithGold).toBe(true);
  });
});

describe("a cluster's value", () => {
  it('is its preferred spelling: a tie goes to mixed case over all caps, whitespace tidied', () => {
    const [cluster] = clusterValues(
      'text',
      [
        { system: 's1', response: 'GALICIA', verdict: 'incorrect' },
        { system: 's2', response: '  Galicia ', verdict: 'incorrect' },
      ],
      goldKeys('text', 'Asturias', []),
    );
    expect(cluster!.value).toBe('Galicia');
    const [spaced] = clusterValues(
      'text',
      [{ system: 's1', response: 'Santa  Marta ', verdict: 'incorrect' }],
      goldKeys('text', 'Asturias', []),
    );
    expect(spaced!.value).toBe('Santa Marta');
  });
});
