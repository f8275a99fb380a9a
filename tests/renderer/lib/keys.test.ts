import { describe, expect, it } from 'vitest';
import {
  CLUSTER_KEYS,
  KEY_MAP,
  clusterKey,
  decisionKey,
  resolveKey,
  type KeyContext,
} from '../../../renderer/src/lib/keys';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});
const reviewing: KeyContext = { typing: false, enterSaves: false, overlay: false, reviewing: true };

describe('cluster keys', () => {
  it('skip the command letters so every cluster keeps its own key', () => {
    for (const command of ['e', 'j', 'k', 'o', 'r', 'u']) expect(CLUSTER_KEYS).not.toContain(command);
    expect(CLUSTER_KEYS.slice(0, 5)).toEqual(['a', 'b', 'c', 'd', 'f']);
    expect(clusterKey(4)).toBe('f');
    expect(clusterKey(99)).toBeNull();
  });
  it('decision keys are 1–9 then 0', () => {
    expect(decisionKey(0)).toBe('1');
    expect(decisionKey(9)).toBe('0');
    expect(decisionKey(10)).toBeNull();
  });
});

describe('resolveKey', () => {
  it('reads an upper-case letter without Shift (Caps Lock) as the letter, never as its Shift key', () => {
    const caps = (k: string) => ({ ...key(k), shiftKey: false });
    expect(resolveKey(caps('N'), reviewing)).toEqual(resolveKey(key('n'), reviewing));
    expect(resolveKey(caps('N'), reviewing)).not.toEqual({ type: 'needs-me' });
    expect(resolveKey(caps('J'), reviewing)).toEqual({ type: 'move', delta: 1 });
    expect(resolveKey(caps('A'), reviewing)).toEqual({ type: 'cluster', index: 0 });
    expect(resolveKey({ ...key('N'), shiftKey: true }, reviewing)).toEqual({ type: 'needs-me' });
  });

  it('maps the review keys', () => {
    expect(resolveKey(key('j'), reviewing)).toEqual({ type: 'move', delta: 1 });
    expect(resolveKey(key('ArrowDown'), reviewing)).toEqual({ type: 'move', delta: 1 });
    expect(resolveKey(key('k'), reviewing)).toEqual({ type: 'move', delta: -1 });
    expect(resolveKey(key('ArrowUp'), reviewing)).toEqual({ type: 'move', delta: -1 });
    expect(resolveKey(key('Enter'), reviewing)).toEqual({ type: 'save' });
    expect(resolveKey(key('u'), reviewing)).toEqual({ type: 'retract' });
    expect(resolveKey(key('/'), reviewing)).toEqual({ type: 'search' });
    expect(resolveKey(key('o'), reviewing)).toEqual({ type: 'open-source' });
    expect(resolveKey(key('e'), reviewing)).toEqual({ type: 'evidence' });
    expect(resolveKey(key('r'), reviewing)).toEqual({ type: 'rationale' });
    expect(resolveKey(key('?'), reviewing)).toEqual({ type: 'help' });
    expect(resolveKey(key('3'), reviewing)).toEqual({ type: 'decision', index: 2 });
    expect(resolveKey(key('0'), reviewing)).toEqual({ type: 'decision', index: 9 });
    expect(resolveKey(key('a'), reviewing)).toEqual({ type: 'cluster', index: 0 });
    expect(resolveKey(key('f'), reviewing)).toEqual({ type: 'cluster', index: 4 });
  });

  it('focuses search with / and moves in the queue even before a dispute has loaded; ruling keys wait for one', () => {
    const loading = { ...reviewing, reviewing: false, queue: true };
    expect(resolveKey(key('/'), loading)).toEqual({ type: 'search' });
    expect(resolveKey(key('j'), loading)).toEqual({ type: 'move', delta: 1 });
    expect(resolveKey(key('ArrowUp'), loading)).toEqual({ type: 'move', delta: -1 });
    expect(resolveKey(key('PageDown'), loading)).toEqual({ type: 'move', delta: 20 });
    for (const k of ['1', 'a', 'Enter', 'u', 'o', 'r', 'e']) expect(resolveKey(key(k), loading)).toBeNull();
  });

  it('leaves keys typed in a field to the field', () => {
    const typing = { ...reviewing, typing: true };
    for (const k of ['j', 'k', '1', 'a', 'u', '/', '?', 'Enter', 'ArrowDown'])
      expect(resolveKey(key(k), typing)).toBeNull();
    expect(resolveKey(key('Escape'), typing)).toEqual({ type: 'escape' });
  });

  it('saves from a single-line ruling field on Enter, and from any field on Ctrl/Cmd+Enter', () => {
    expect(resolveKey(key('Enter'), { ...reviewing, typing: true, enterSaves: true })).toEqual({ type: 'save' });
    expect(resolveKey(key('Enter', { ctrlKey: true }), { ...reviewing, typing: true })).toEqual({ type: 'save' });
    expect(resolveKey(key('Enter', { metaKey: true }), { ...reviewing, typing: true })).toEqual({ type: 'save' });
  });

  it('gives an open overlay the keyboard except Escape and ?', () => {
    const overlay = { ...reviewing, overlay: true };
    expect(resolveKey(key('j'), overlay)).toBeNull();
    expect(resolveKey(key('Enter'), overlay)).toBeNull();
    expect(resolveKey(key('Escape'), overlay)).toEqual({ type: 'close' });
    expect(resolveKey(key('?'), overlay)).toEqual({ type: 'help' });
  });

  it('closes a dialog with one Escape, from its text field too; elsewhere Escape leaves the field', () => {
    // Leaving the dialog's field first would put the focus on the page behind the dialog.
    expect(resolveKey(key('Escape'), { ...reviewing, overlay: true, typing: true })).toEqual({ type: 'close' });
    expect(resolveKey(key('Escape'), { ...reviewing, overlay: true, typing: true, enterSaves: true })).toEqual({
      type: 'close',
    });
    expect(resolveKey(key('Escape'), { ...reviewing, typing: true })).toEqual({ type: 'escape' });
    expect(resolveKey(key('Escape'), { ...reviewing, reviewing: false, typing: true })).toEqual({ type: 'escape' });
  });

  it('leaves browser shortcuts alone', () => {
    expect(resolveKey(key('k', { ctrlKey: true }), reviewing)).toBeNull();
    expect(resolveKey(key('1', { altKey: true }), reviewing)).toBeNull();
  });

  it('does not act on review keys outside the review views', () => {
    const elsewhere = { ...reviewing, reviewing: false };
    expect(resolveKey(key('j'), elsewhere)).toBeNull();
    expect(resolveKey(key('Enter'), elsewhere)).toBeNull();
    expect(resolveKey(key('?'), elsewhere)).toEqual({ type: 'help' });
  });

  it('every key the resolver knows is in the key map', () => {
    const listed = new Set(KEY_MAP.flatMap((g) => g.items.flatMap((i) => i.keys)));
    for (const k of ['j', 'k', '/', 'e', 'r', 'u', 'o', 'Enter', '?', 'Esc', 'PgDn', 'PgUp'])
      expect(listed).toContain(k);
  });
});
