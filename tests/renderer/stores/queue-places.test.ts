// Switching views keeps each view's place: the dispute the Queue was on when
// the engineer went to Conflicts is selected again on coming back, rather
// than the queue's first row.
import { beforeEach, describe, expect, it, vi } from 'vitest';
// The store imports the API client, which reads the preload's globals: their declaration comes into this program too.
import type {} from '../../../renderer/src/api/globals';

vi.mock('../../../renderer/src/api/client', () => ({
  api: {},
  errorMessage: (error: unknown) => String(error),
  onApiWrite: () => () => undefined,
}));

const { useQueueStore } = await import('../../../renderer/src/stores/queue-store');

const ALL = {};
const CONFLICTS = { status: 'conflict' as const };
const selection = () => ({ id: useQueueStore.getState().selectedId, index: useQueueStore.getState().selectedIndex });

beforeEach(() => {
  useQueueStore.setState({ preset: ALL, filter: {}, selectedId: null, selectedIndex: null, places: {} });
});

describe('a view’s place in the queue', () => {
  it('comes back with the view: Queue row 8 → Conflicts → Queue is row 8’s dispute again', () => {
    useQueueStore.getState().setSelection('d-row8', 7);
    useQueueStore.getState().setPreset(CONFLICTS);
    // Conflicts lists other disputes: its grid selects its first one.
    useQueueStore.getState().setSelection('d-conflict', 0);
    useQueueStore.getState().setPreset(ALL);
    // Found by id in the Queue's listing (the grid relocates it), not by a position that may have moved.
    expect(selection()).toEqual({ id: 'd-row8', index: null });
    expect(useQueueStore.getState().preset).toEqual(ALL);
  });

  it('each view keeps its own place', () => {
    useQueueStore.getState().setSelection('d-queue', 3);
    useQueueStore.getState().setPreset(CONFLICTS);
    useQueueStore.getState().setSelection('d-conflict-2', 1);
    useQueueStore.getState().setPreset(ALL);
    useQueueStore.getState().setPreset({ status: 'conflict' });
    expect(selection().id).toBe('d-conflict-2');
  });

  it('a view shown for the first time keeps the dispute selected (the grid keeps it when it lists it)', () => {
    useQueueStore.getState().setSelection('d-first', 2);
    useQueueStore.getState().setPreset({ status: 'resolved' });
    expect(selection()).toEqual({ id: 'd-first', index: 2 });
  });

  it('the same view again changes nothing', () => {
    useQueueStore.getState().setSelection('d-here', 5);
    useQueueStore.getState().setPreset({});
    expect(selection()).toEqual({ id: 'd-here', index: 5 });
  });

  it('are kept in the store, so a new session starts with none', () => {
    useQueueStore.getState().setSelection('d-queue', 3);
    useQueueStore.getState().setPreset(CONFLICTS);
    expect(Object.values(useQueueStore.getState().places)).toEqual(['d-queue']);
    useQueueStore.setState({ preset: ALL, selectedId: null, selectedIndex: null, places: {} });
    useQueueStore.getState().setPreset(CONFLICTS);
    useQueueStore.getState().setPreset(ALL);
    expect(selection()).toEqual({ id: null, index: null });
  });
});
