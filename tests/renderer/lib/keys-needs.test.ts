import { describe, expect, it } from 'vitest';
import { resolveKey, type KeyContext } from '../../../renderer/src/lib/keys';

const plain = { ctrlKey: false, metaKey: false, altKey: false };
const ctx = (over: Partial<KeyContext> = {}): KeyContext => ({
  typing: false,
  enterSaves: false,
  overlay: false,
  reviewing: false,
  ...over,
});

describe('Shift+N: needs my ruling', () => {
  it('toggles in a queue view, even with nothing selected (an empty filtered listing)', () => {
    expect(resolveKey({ key: 'N', ...plain }, ctx({ reviewing: true, queue: true }))).toEqual({ type: 'needs-me' });
    expect(resolveKey({ key: 'N', ...plain }, ctx({ queue: true }))).toEqual({ type: 'needs-me' });
  });

  it('does nothing elsewhere, while typing, or under a dialog; plain n still picks a cluster', () => {
    expect(resolveKey({ key: 'N', ...plain }, ctx())).toBeNull();
    expect(resolveKey({ key: 'N', ...plain }, ctx({ queue: true, typing: true }))).toBeNull();
    expect(resolveKey({ key: 'N', ...plain }, ctx({ queue: true, overlay: true }))).toBeNull();
    expect(resolveKey({ key: 'n', ...plain }, ctx({ reviewing: true, queue: true }))).toMatchObject({
      type: 'cluster',
    });
  });
});
