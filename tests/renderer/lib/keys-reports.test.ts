// The Reports tab's own keys: j/k and arrows move through its list, Enter
// opens the report's dispute; nothing else acts there, and typing wins.
import { describe, expect, it } from 'vitest';
import { KEY_MAP, resolveKey, type KeyContext } from '../../../renderer/src/lib/keys';

const plain = { ctrlKey: false, metaKey: false, altKey: false };
const reports: KeyContext = { typing: false, enterSaves: false, overlay: false, reviewing: false, list: true };

describe('Reports tab keys', () => {
  it('moves through the list and opens the dispute', () => {
    expect(resolveKey({ key: 'j', ...plain }, reports)).toEqual({ type: 'move', delta: 1 });
    expect(resolveKey({ key: 'ArrowDown', ...plain }, reports)).toEqual({ type: 'move', delta: 1 });
    expect(resolveKey({ key: 'k', ...plain }, reports)).toEqual({ type: 'move', delta: -1 });
    expect(resolveKey({ key: 'ArrowUp', ...plain }, reports)).toEqual({ type: 'move', delta: -1 });
    expect(resolveKey({ key: 'Enter', ...plain }, reports)).toEqual({ type: 'open' });
    expect(resolveKey({ key: '/', ...plain }, reports)).toEqual({ type: 'search' });
  });

  it('leaves ruling keys, typing and dialogs alone', () => {
    expect(resolveKey({ key: '1', ...plain }, reports)).toBeNull();
    expect(resolveKey({ key: 'a', ...plain }, reports)).toBeNull();
    expect(resolveKey({ key: 'j', ...plain }, { ...reports, typing: true })).toBeNull();
    expect(resolveKey({ key: 'Enter', ...plain }, { ...reports, typing: true })).toBeNull();
    expect(resolveKey({ key: 'j', ...plain }, { ...reports, overlay: true })).toBeNull();
    expect(resolveKey({ key: 'Enter', ...plain, ctrlKey: true }, reports)).toBeNull();
    // Views without a list (Stats, Export) keep j and Enter inert.
    expect(resolveKey({ key: 'j', ...plain }, { ...reports, list: false })).toBeNull();
  });

  it('are listed in the key map', () => {
    const group = KEY_MAP.find((g) => g.title === 'Reports');
    expect(group?.items.map((i) => i.keys)).toEqual([['j', '↓'], ['k', '↑'], ['Enter']]);
  });
});
