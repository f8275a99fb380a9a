// The Audit tab's own keys: j/k move through the audited cells, 1 2 3 give a
// verdict, r and e open its fields, s shows the systems, Enter (Ctrl+Enter
// from the rationale) saves; typing and dialogs win, and other views keep them inert.
import { describe, expect, it } from 'vitest';
import { KEY_MAP, resolveKey, type KeyContext } from '../../../renderer/src/lib/keys';

const plain = { ctrlKey: false, metaKey: false, altKey: false };
const audit: KeyContext = { typing: false, enterSaves: false, overlay: false, reviewing: false, audit: true, views: 6 };

describe('Audit tab keys', () => {
  it('move, verdicts, fields, reveal and save', () => {
    expect(resolveKey({ key: 'j', ...plain }, audit)).toEqual({ type: 'move', delta: 1 });
    expect(resolveKey({ key: 'ArrowUp', ...plain }, audit)).toEqual({ type: 'move', delta: -1 });
    expect(resolveKey({ key: '1', ...plain }, audit)).toEqual({ type: 'verdict', index: 0 });
    expect(resolveKey({ key: '2', ...plain }, audit)).toEqual({ type: 'verdict', index: 1 });
    expect(resolveKey({ key: '3', ...plain }, audit)).toEqual({ type: 'verdict', index: 2 });
    expect(resolveKey({ key: '4', ...plain }, audit)).toBeNull();
    expect(resolveKey({ key: 'r', ...plain }, audit)).toEqual({ type: 'rationale' });
    expect(resolveKey({ key: 'e', ...plain }, audit)).toEqual({ type: 'evidence' });
    expect(resolveKey({ key: 's', ...plain }, audit)).toEqual({ type: 'reveal' });
    expect(resolveKey({ key: 'Enter', ...plain }, audit)).toEqual({ type: 'save' });
    expect(resolveKey({ key: 'a', ...plain }, audit)).toBeNull();
  });

  it('typing: only Ctrl+Enter (or Enter in a field that saves) saves; dialogs own the keys', () => {
    expect(resolveKey({ key: '1', ...plain }, { ...audit, typing: true })).toBeNull();
    expect(resolveKey({ key: 'Enter', ...plain }, { ...audit, typing: true })).toBeNull();
    expect(resolveKey({ key: 'Enter', ...plain, ctrlKey: true }, { ...audit, typing: true })).toEqual({ type: 'save' });
    expect(resolveKey({ key: '1', ...plain }, { ...audit, overlay: true })).toBeNull();
    expect(resolveKey({ key: '6', code: 'Digit6', ...plain, altKey: true }, audit)).toEqual({ type: 'view', index: 5 });
  });

  it('mean nothing on a view without a cell under review', () => {
    const stats: KeyContext = { ...audit, audit: false };
    for (const key of ['1', 's', 'Enter', 'j']) expect(resolveKey({ key, ...plain }, stats)).toBeNull();
  });

  it('are listed in the key map, and Alt+6 shows the Audit tab', () => {
    const group = KEY_MAP.find((g) => g.title === 'Audit')!;
    expect(group.items.map((item) => item.keys.join(' '))).toEqual(['j ↓', 'k ↑', '1 2 3', 'r', 'e', 's', 'Enter']);
    expect(KEY_MAP.flatMap((g) => g.items).find((item) => item.keys[0] === 'Alt')!.what).toContain('Export, Audit');
  });
});
