// Keys beyond the queue: the release desk's steps on the Export view, and the
// panel's systems toggle.
import { describe, expect, it } from 'vitest';
import { KEY_MAP, SYSTEMS_KEY, resolveKey, stepKey, type KeyContext } from '../../../renderer/src/lib/keys';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; altKey: boolean; metaKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});
const desk: KeyContext = { typing: false, enterSaves: false, overlay: false, reviewing: false, views: 5, steps: 6 };
const reviewing: KeyContext = { typing: false, enterSaves: false, overlay: false, reviewing: true, views: 5 };

describe('release desk keys', () => {
  it('goes to steps 1 … 6 on the Export view, and to none past them', () => {
    for (let i = 0; i < 6; i++) expect(resolveKey(key(stepKey(i)!), desk)).toEqual({ type: 'step', index: i });
    expect(resolveKey(key('7'), desk)).toBeNull();
    expect(resolveKey(key('0'), desk)).toBeNull();
  });

  it('leaves digits to a text field, a dialog and the other views', () => {
    expect(resolveKey(key('1'), { ...desk, typing: true })).toBeNull();
    expect(resolveKey(key('1'), { ...desk, overlay: true })).toBeNull();
    expect(resolveKey(key('1'), { ...desk, steps: 0 })).toBeNull();
    expect(resolveKey(key('1', { altKey: true }), desk)).toEqual({ type: 'view', index: 0 });
  });
});

describe('the systems toggle', () => {
  it('is its own key in the queue and nothing elsewhere', () => {
    expect(resolveKey(key(SYSTEMS_KEY), reviewing)).toEqual({ type: 'systems' });
    expect(resolveKey(key(SYSTEMS_KEY), desk)).toBeNull();
    expect(resolveKey(key(SYSTEMS_KEY), { ...reviewing, typing: true })).toBeNull();
  });

  it('every new key is in the key map', () => {
    const listed = new Set(KEY_MAP.flatMap((g) => g.items.flatMap((i) => i.keys)));
    for (const k of [SYSTEMS_KEY, 'Tab', 'Space', 'Ctrl']) expect(listed).toContain(k);
  });
});
