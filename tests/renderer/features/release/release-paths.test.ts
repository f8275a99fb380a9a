// The release desk's paths remembered per store (features/release/release-paths.ts), so
// Apply is prefilled when the app is opened again.
import { describe, expect, it } from 'vitest';
import { rememberedPaths, rememberPaths, type PathStorage } from '../../../../renderer/src/features/release/release-paths';

function memory(initial: Record<string, string> = {}): PathStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

describe('release paths', () => {
  it('gives back what was remembered for the same store only', () => {
    const storage = memory();
    rememberPaths(storage, '/stores/a.sqlite', { dataset: '/data/atlas.jsonl' });
    rememberPaths(storage, '/stores/a.sqlite', { patchPath: '/out/v1.1.patch.json', revision: 'v1.1' });
    rememberPaths(storage, '/stores/b.sqlite', { dataset: '/other.jsonl' });
    expect(rememberedPaths(storage, '/stores/a.sqlite')).toEqual({
      dataset: '/data/atlas.jsonl',
      patchPath: '/out/v1.1.patch.json',
      revision: 'v1.1',
    });
    expect(rememberedPaths(storage, '/stores/b.sqlite')).toEqual({ dataset: '/other.jsonl' });
    expect(rememberedPaths(storage, '/stores/c.sqlite')).toEqual({});
  });

  it('forgets a revision cleared with a hand-typed patch', () => {
    const storage = memory();
    rememberPaths(storage, 's', { patchPath: '/p1', revision: 'v1.1' });
    rememberPaths(storage, 's', { patchPath: '/p2', revision: '' });
    expect(rememberedPaths(storage, 's')).toEqual({ patchPath: '/p2' });
  });

  it('survives storage that is missing, corrupt or refuses writes', () => {
    expect(rememberedPaths(null, 's')).toEqual({});
    expect(() => rememberPaths(null, 's', { dataset: 'x' })).not.toThrow();
    expect(rememberedPaths(memory({ 'atlas-adjudicator.release-paths': '{not json' }), 's')).toEqual({});
    expect(
      rememberedPaths(memory({ 'atlas-adjudicator.release-paths': '{"s":{"dataset":42,"patchPath":"/p"}}' }), 's'),
    ).toEqual({ patchPath: '/p' });
    const full: PathStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => rememberPaths(full, 's', { dataset: 'x' })).not.toThrow();
  });
});
