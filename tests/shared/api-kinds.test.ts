// Each API method says once what it does (shared/api.ts): reads, writes or starts a job. Hosts and the renderer
// derive from it, so a method without a kind, or a job without the JobStatus kind it starts, is refused here.
import { describe, expect, it } from 'vitest';
import {
  apiMethods,
  isForegroundRead,
  mayWrite,
  METHOD_NAMES,
  methodKind,
  READ_ONLY_JOB_KINDS,
  waitsForJob,
} from '../../shared/api';

describe('the kind of each API method', () => {
  it('is declared for every method', () => {
    for (const name of METHOD_NAMES) expect(['read', 'write', 'job'], name).toContain(methodKind(name));
  });

  it('names the JobStatus kind of every job, one method per kind, and for no other method', () => {
    const jobs = METHOD_NAMES.filter((name) => methodKind(name) === 'job');
    const kinds = jobs.map((name) => apiMethods[name].job);
    expect(kinds.every((kind) => kind !== undefined)).toBe(true);
    expect(new Set(kinds).size).toBe(jobs.length);
    expect(METHOD_NAMES.filter((name) => methodKind(name) !== 'job' && apiMethods[name].job !== undefined)).toEqual([]);
    expect(Object.fromEntries(jobs.map((name) => [name, apiMethods[name].job]))).toEqual({
      startImport: 'import',
      loadDemo: 'demo',
      exportPatch: 'export',
      applyPatch: 'apply',
      rescore: 'rescore',
      importReports: 'reports',
    });
  });

  it('keeps each operation one method: no start* twin of a job', () => {
    expect(METHOD_NAMES).not.toContain('startExport');
    expect(METHOD_NAMES).not.toContain('startRescore');
  });

  it('says which calls may write: writes and jobs, but the score preview only reads', () => {
    expect(METHOD_NAMES.filter((name) => methodKind(name) === 'read' && mayWrite(name))).toEqual([]);
    expect(mayWrite('rescore')).toBe(false);
    expect(mayWrite('exportPatch')).toBe(true);
    expect([...READ_ONLY_JOB_KINDS]).toEqual(['rescore']);
  });

  it('makes only writes wait for the running job, and never a job control or a setting', () => {
    for (const name of METHOD_NAMES.filter(waitsForJob)) expect(methodKind(name), name).toBe('write');
    expect(waitsForJob('rule')).toBe(true);
    expect(waitsForJob('cancelJob')).toBe(false);
    expect(waitsForJob('setSettings')).toBe(false);
  });

  it('marks as foreground only the reads the queue and the dispute panel wait on', () => {
    expect(METHOD_NAMES.filter(isForegroundRead)).toEqual([
      'listDisputes',
      'locateDispute',
      'getDispute',
      'getDisputes',
    ]);
  });
});
