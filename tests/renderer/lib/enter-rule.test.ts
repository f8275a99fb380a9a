// Enter with a button focused: pressed, or kept for the view (save the
// ruling, open the report)? And may a save key save from where the focus is?
// lib/keys.ts enterPressesButton and saveAllowedFrom, the rules useGlobalKeys applies.
import { describe, expect, it } from 'vitest';
import {
  enterPressesButton,
  saveAllowedFrom,
  type FocusedButton,
  type SaveFocus,
} from '../../../renderer/src/lib/keys';

const clicked: FocusedButton = { overlay: false, rulingButton: false, keyboardFocused: false };

describe('enterPressesButton', () => {
  it('leaves Enter to the view after a mouse click on any chrome button (a tab, ▸, Show all, Import…)', () => {
    expect(enterPressesButton(clicked)).toBe(false);
  });

  it('presses a button reached by Tab even with a decision chosen: the filter bar’s Clear never saves', () => {
    expect(enterPressesButton({ ...clicked, keyboardFocused: true })).toBe(true);
  });

  it('never lets a button of the ruling itself (decision, cluster, Agree) swallow the save', () => {
    expect(enterPressesButton({ ...clicked, rulingButton: true, keyboardFocused: true })).toBe(false);
  });

  it('presses a button the engineer reached with the keyboard when nothing is pending', () => {
    expect(enterPressesButton({ ...clicked, keyboardFocused: true })).toBe(true);
  });

  it('leaves a dialog its own buttons', () => {
    expect(enterPressesButton({ ...clicked, overlay: true, rulingButton: true })).toBe(true);
  });
});

describe('saveAllowedFrom: Enter saves only from the ruling form or the page', () => {
  const at: SaveFocus = { page: false, ruling: false, typing: false, grid: false, keyboardFocused: true };

  it('saves from the page and from the ruling form (its fields, its decisions, a cluster’s letter)', () => {
    expect(saveAllowedFrom({ ...at, page: true, keyboardFocused: false })).toBe(true);
    expect(saveAllowedFrom({ ...at, ruling: true })).toBe(true);
    expect(saveAllowedFrom({ ...at, ruling: true, typing: true })).toBe(true);
  });

  it('never from a control outside the form reached with the keyboard: a link, a tab, the filter bar', () => {
    expect(saveAllowedFrom(at)).toBe(false);
  });

  it('never from a field outside the form (the search box), even with Ctrl+Enter', () => {
    expect(saveAllowedFrom({ ...at, typing: true })).toBe(false);
    expect(saveAllowedFrom({ ...at, typing: true, keyboardFocused: false })).toBe(false);
  });

  it('never from the grid’s own controls, clicked or tabbed to', () => {
    expect(saveAllowedFrom({ ...at, grid: true })).toBe(false);
    expect(saveAllowedFrom({ ...at, grid: true, keyboardFocused: false })).toBe(false);
  });

  it('from a button clicked with the mouse, which shows no focus: the keyboard is on the page', () => {
    expect(saveAllowedFrom({ ...at, keyboardFocused: false })).toBe(true);
  });
});
