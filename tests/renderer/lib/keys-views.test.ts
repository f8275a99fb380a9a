// View keys (Alt+1 … Alt+5, the tabs in order) and the "Agree" key of a
// conflict (Shift+<position letter>): what resolveKey makes of them, and
// where they do nothing.
import { describe, expect, it } from 'vitest';
import { KEY_MAP, agreeKey, resolveKey, type KeyContext, type KeyInput } from '../../../renderer/src/lib/keys';

const press = (key: string, over: Partial<KeyInput> = {}): KeyInput => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...over,
});
const ctx = (over: Partial<KeyContext> = {}): KeyContext => ({
  typing: false,
  enterSaves: false,
  overlay: false,
  reviewing: true,
  queue: true,
  views: 5,
  ...over,
});

describe('Alt+1 … Alt+5: switch views', () => {
  it('shows the view at that place in the tab bar, in every view', () => {
    for (let i = 1; i <= 5; i++)
      expect(resolveKey(press(String(i), { altKey: true, code: `Digit${i}` }), ctx())).toEqual({
        type: 'view',
        index: i - 1,
      });
    expect(resolveKey(press('3', { altKey: true }), ctx({ reviewing: false, queue: false, list: true }))).toEqual({
      type: 'view',
      index: 2,
    });
    expect(resolveKey(press('5', { altKey: true }), ctx({ reviewing: false, queue: false }))).toEqual({
      type: 'view',
      index: 4,
    });
  });

  it('reads the physical key: Option+1 types “¡” on a Mac, Alt+& on AZERTY', () => {
    expect(resolveKey(press('¡', { altKey: true, code: 'Digit1' }), ctx())).toEqual({ type: 'view', index: 0 });
    expect(resolveKey(press('é', { altKey: true, code: 'Digit2' }), ctx())).toEqual({ type: 'view', index: 1 });
  });

  it('does nothing past the last view, with Ctrl or Cmd too, in a text field or under a dialog', () => {
    expect(resolveKey(press('6', { altKey: true, code: 'Digit6' }), ctx())).toBeNull();
    expect(resolveKey(press('0', { altKey: true, code: 'Digit0' }), ctx())).toBeNull();
    expect(resolveKey(press('1', { altKey: true, ctrlKey: true, code: 'Digit1' }), ctx())).toBeNull();
    expect(resolveKey(press('1', { altKey: true, metaKey: true, code: 'Digit1' }), ctx())).toBeNull();
    expect(resolveKey(press('1', { altKey: true, code: 'Digit1' }), ctx({ typing: true }))).toBeNull();
    expect(resolveKey(press('1', { altKey: true, code: 'Digit1' }), ctx({ overlay: true }))).toBeNull();
    // Other Alt chords stay the browser's and the OS's.
    expect(resolveKey(press('j', { altKey: true, code: 'KeyJ' }), ctx())).toBeNull();
  });

  it('leaves plain digits as decisions', () => {
    expect(resolveKey(press('2', { code: 'Digit2' }), ctx())).toEqual({ type: 'decision', index: 1 });
  });
});

describe('Shift+<letter>: agree with that position of a conflict', () => {
  it('maps A, B, … to positions 0, 1, … while reviewing', () => {
    expect(resolveKey(press('A'), ctx())).toEqual({ type: 'agree', group: 0 });
    expect(resolveKey(press('B'), ctx())).toEqual({ type: 'agree', group: 1 });
    expect(resolveKey(press('Z'), ctx())).toEqual({ type: 'agree', group: 25 });
  });

  it('keeps Shift+N for “needs my ruling”, lower case for clusters, and does nothing elsewhere', () => {
    expect(resolveKey(press('N'), ctx())).toEqual({ type: 'needs-me' });
    expect(resolveKey(press('b'), ctx())).toEqual({ type: 'cluster', index: 1 });
    expect(resolveKey(press('B'), ctx({ typing: true }))).toBeNull();
    expect(resolveKey(press('B'), ctx({ overlay: true }))).toBeNull();
    expect(resolveKey(press('B'), ctx({ reviewing: false, queue: false, list: true }))).toBeNull();
  });

  it('agreeKey names the key of a position; N and past Z have none', () => {
    expect(agreeKey(0)).toBe('A');
    expect(agreeKey(1)).toBe('B');
    expect(agreeKey(13)).toBeNull();
    expect(agreeKey(26)).toBeNull();
    expect(agreeKey(-1)).toBeNull();
  });
});

describe('the key map', () => {
  it('lists the view keys, the agree key, and Esc for any focused control', () => {
    const items = KEY_MAP.flatMap((g) => g.items);
    expect(items.find((i) => i.keys[0] === 'Alt')?.what).toMatch(/Queue, Conflicts, Reports, Stats, Export/);
    expect(items.find((i) => i.keys.join(' ') === 'Shift A B …')?.what).toMatch(/^In a conflict, agree with position/);
    expect(items.find((i) => i.keys[0] === 'Esc')?.what).toMatch(/focused button/);
  });
});
