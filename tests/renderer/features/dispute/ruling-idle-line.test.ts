// The ruling form with nothing drafted says what the engineer's ruling on the
// dispute is now, not "no decision yet", once they have ruled.
import { describe, expect, it } from 'vitest';
import { idleRulingLine, rulingText } from '../../../../renderer/src/features/dispute/ruling-states';

describe('the ruling form’s idle line', () => {
  it('names the counted ruling, and that a number changes it', () => {
    expect(idleRulingLine({ decision: 'mark_blank', value: null })).toBe(
      'your ruling: Mark blank (counted) — press a number to change it',
    );
    expect(idleRulingLine({ decision: 'new_value', value: '1997' })).toBe(
      'your ruling: New value · 1997 (counted) — press a number to change it',
    );
  });

  it('says there is no decision yet when the engineer has none counted', () => {
    expect(idleRulingLine(null)).toBe('no decision yet — press a number');
  });

  it('shows a value on one line', () => {
    expect(rulingText({ decision: 'accept_system', value: 'a\nb' })).not.toContain('\n');
  });
});
