// Where outputs go by default (features/release/release-defaults.ts with
// lib/output-folder.ts): the ruling log starts filled in, as the patch export
// does — <engineer>.rulings.jsonl beside the dataset — and once this session
// has written an output somewhere else, the next one goes to that folder
// rather than back beside the dataset.
import { beforeEach, describe, expect, it } from 'vitest';
import type { RevisionRecord } from '../../../../shared/revision-types';
import {
  defaultPatchPath,
  defaultRulingLogPath,
  patchCandidates,
} from '../../../../renderer/src/features/release/release-defaults';
import { folderOf, lastOutputFolder, noteOutputPath, useOutputFolder } from '../../../../renderer/src/lib/output-folder';

beforeEach(() => useOutputFolder.setState({ folder: null }));

describe('the ruling log’s default path', () => {
  it('is the engineer’s log beside the dataset (else the store)', () => {
    expect(defaultRulingLogPath('/data/atlas-test.jsonl', 'mia')).toBe('/data/mia.rulings.jsonl');
    expect(defaultRulingLogPath('C:\\data\\atlas-test.jsonl', 'mia')).toBe('C:\\data\\mia.rulings.jsonl');
    expect(defaultRulingLogPath('/home/mia/.atlas/store.sqlite', 'mia')).toBe('/home/mia/.atlas/mia.rulings.jsonl');
  });

  it('makes a file name of any engineer name', () => {
    expect(defaultRulingLogPath('/data/a.jsonl', 'Mia Chen')).toBe('/data/Mia-Chen.rulings.jsonl');
    expect(defaultRulingLogPath('/data/a.jsonl', '../../etc/x')).toBe('/data/etc-x.rulings.jsonl');
    expect(defaultRulingLogPath('/data/a.jsonl', 'Zoë')).toBe('/data/Zoë.rulings.jsonl');
    expect(defaultRulingLogPath('/data/a.jsonl', '  ')).toBe('/data/atlas.rulings.jsonl');
  });

  it('is empty when nothing says where', () => {
    expect(defaultRulingLogPath('', 'mia')).toBe('');
  });
});

describe('the folder last written to this session', () => {
  it('is where the next patch and ruling log go', () => {
    expect(defaultPatchPath('/data/atlas-test.jsonl', 'v1.2')).toBe('/data/atlas-v1.2.patch.json');
    noteOutputPath('/work/releases/atlas-v1.1.patch.json');
    expect(lastOutputFolder()).toBe('/work/releases/');
    expect(defaultPatchPath('/data/atlas-test.jsonl', 'v1.2')).toBe('/work/releases/atlas-v1.2.patch.json');
    expect(defaultRulingLogPath('/data/atlas-test.jsonl', 'mia')).toBe('/work/releases/mia.rulings.jsonl');
    noteOutputPath('/shared/logs/mia.rulings.jsonl');
    expect(defaultPatchPath('/data/atlas-test.jsonl', 'v1.2')).toBe('/shared/logs/atlas-v1.2.patch.json');
  });

  it('keeps a Windows folder, and ignores a bare file name', () => {
    noteOutputPath('D:\\out\\atlas-v1.1.patch.json');
    expect(defaultRulingLogPath('/data/a.jsonl', 'mia')).toBe('D:\\out\\mia.rulings.jsonl');
    noteOutputPath('atlas-v1.1.patch.json');
    expect(lastOutputFolder()).toBe('D:\\out\\');
    expect(folderOf('x.json')).toBeNull();
  });

  it('is not where a reopened desk guesses an old patch is (that is beside the dataset)', () => {
    noteOutputPath('/work/releases/mia.rulings.jsonl');
    const v11: RevisionRecord = {
      tag: 'v1.1',
      base_revision: 'v1.0',
      base_sha256: null,
      created_at: null,
      created_by: 'mia',
      recorded_at: '2026-11-30T00:00:00Z',
      operations: 3,
      patch_sha256: 'sha',
      content_sha256: 'content',
      encrypted: true,
      datasets_after: [],
      imported_at: null,
      patch_path: null,
      disputes: 3,
      settled: 0,
    };
    const candidates = patchCandidates({}, [v11], ['/data/atlas-test.jsonl']);
    expect(candidates.map((c) => c.path)).toEqual(['/data/atlas-v1.1.patch.json']);
  });
});
