// Enter with a button focused: pressed, or kept for the view (save the
// ruling, open the report)? lib/keys.ts enterPressesButton, the one rule
// useGlobalKeys applies.
import { describe, expect, it } from 'vitest';
import { enterPressesButton, type FocusedButton } from '../../renderer/src/lib/keys';

const clicked: FocusedButton = { overlay: false, decisionPending: false, rulingButton: false, keyboardFocused: false };

describe('enterPressesButton', () => {
  it('leaves Enter to the view after a mouse click on any chrome button (a tab, ▸, Show all, Import…)', () => {
    expect(enterPressesButton(clicked)).toBe(false);
  });

  it('saves with a decision pending, whatever button has focus, even one reached by Tab', () => {
    expect(enterPressesButton({ ...clicked, decisionPending: true })).toBe(false);
    expect(enterPressesButton({ ...clicked, decisionPending: true, keyboardFocused: true })).toBe(false);
  });

  it('never lets a button of the ruling itself (decision, cluster, Agree) swallow the save', () => {
    expect(enterPressesButton({ ...clicked, rulingButton: true, keyboardFocused: true })).toBe(false);
  });

  it('presses a button the engineer reached with the keyboard when nothing is pending', () => {
    expect(enterPressesButton({ ...clicked, keyboardFocused: true })).toBe(true);
  });

  it('leaves a dialog its own buttons', () => {
    expect(enterPressesButton({ ...clicked, overlay: true, decisionPending: true })).toBe(true);
  });
});
