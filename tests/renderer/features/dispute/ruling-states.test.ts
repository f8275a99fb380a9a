import { describe, expect, it } from 'vitest';
import type { RulingView } from '../../../../shared/api-types';
import { myCountedRuling, rulingStates } from '../../../../renderer/src/features/dispute/ruling-states';
import { rulingView } from '../../fixtures';

function ruling(over: Partial<RulingView>): RulingView {
  return rulingView({ created_at: '2025-01-01T00:00:00Z', counted: false, ...over });
}

describe('rulingStates', () => {
  const rulings = [
    ruling({ id: 'a', decision: 'accept_system', value: '93' }),
    ruling({ id: 'b', decision: 'retract', retracts: 'a' }),
    ruling({ id: 'c', decision: 'new_value', value: '95' }),
    ruling({ id: 'd', decision: 'keep_gold', counted: true }),
    ruling({ id: 'e', engineer: 'sam', decision: 'accept_system', value: '93', counted: true }),
  ];

  it('tells counted, superseded, retracted and retraction apart', () => {
    expect(Object.fromEntries(rulingStates(rulings))).toEqual({
      a: 'retracted',
      b: 'retraction',
      c: 'superseded',
      d: 'counted',
      e: 'counted',
    });
  });

  it('finds the engineer’s counted ruling', () => {
    expect(myCountedRuling(rulings, 'mia')?.id).toBe('d');
    expect(myCountedRuling(rulings, 'sam')?.id).toBe('e');
    expect(myCountedRuling(rulings, 'lee')).toBeNull();
    expect(myCountedRuling(rulings, undefined)).toBeNull();
  });
});

describe('rulingStates with a retraction merged from another engineer', () => {
  it('leaves a ruling standing when someone else "retracted" it: an engineer retracts only their own', () => {
    const rulings = [
      ruling({ id: 'a', engineer: 'bob', decision: 'keep_gold', counted: true }),
      ruling({ id: 'b', engineer: 'alice', decision: 'retract', retracts: 'a' }),
    ];
    expect(Object.fromEntries(rulingStates(rulings))).toEqual({ a: 'counted', b: 'retraction' });
  });
});
