// A small in-memory stand-in for the service, for testing hosts without SQLite:
// two disputes (one carrying terminal escapes in a value), rulings, a job, an
// import that honours its AbortSignal.
import { writeFileSync } from 'node:fs';
import { goldOperationFor } from '../../../shared/gold-operation';
import type { ServiceHandle } from '../../../db/service';
import type { DisputeRecord } from '../../../db/queries/dispute-records';
import type { AdjudicatorService, DisputeFilter } from '../../../shared/api';
import { METHOD_NAMES } from '../../../shared/api';
import type { DisputeDetail, ImportReport, JobStatus, RuleResult, RulingView } from '../../../shared/api-types';

export const CELL_ID = 'd-cell000000000000001';
export const MISSING_ID = 'd-miss000000000000001';
export const HOSTILE_VALUE = 'red\u001b[31m<img src=x onerror=alert(1)>';

export const RECORDS: DisputeRecord[] = [
  {
    id: CELL_ID,
    kind: 'cell',
    task_id: 'zelda-remakes',
    gold_row: 0,
    entity: 'The Legend of Zelda: Ocarina of Time 3D',
    column: 'Critic Metascore',
    gold: { state: 'value', value: '94' },
    gold_row_now: null,
    clusters: [
      { value: '93', systems: ['alpha', 'beta', 'gamma'], agrees_with_gold: false },
      { value: HOSTILE_VALUE, systems: ['delta'], agrees_with_gold: false },
      { value: '94', systems: ['epsilon'], agrees_with_gold: true },
    ],
    top_value: '93',
    top_count: 3,
    contesting: 4,
    systems: ['alpha', 'beta', 'gamma', 'delta'],
    status: 'open',
    priority: 3,
    has_report: false,
  },
  {
    id: MISSING_ID,
    kind: 'missing_row',
    task_id: 'zelda-remakes',
    gold_row: null,
    entity: "Link's Awakening",
    column: null,
    gold: { state: 'blank', value: null },
    gold_row_now: null,
    clusters: [],
    top_value: null,
    top_count: 0,
    contesting: 2,
    systems: ['alpha', 'beta'],
    status: 'resolved',
    priority: 2,
    has_report: false,
  },
];

export const IMPORT_REPORT: ImportReport = {
  tasks: 2,
  systems: 3,
  cells: 40,
  disputes: 2,
  judges: 1,
  skipped: [{ path: '/runs/alpha-atlas-1/tasks/t_2/grade.json', field: 'scores', reason: 'truncated JSON' }],
  failed: [{ path: '/runs/alpha-atlas-1/tasks/t_3/error.json', task_id: 't/3', system: 'alpha' }],
  files: 9,
};

export interface FakeOptions {
  /** Milliseconds importPaths takes (checking its signal meanwhile). */
  importDelayMs?: number;
  /** importPaths resolves to this report. */
  report?: ImportReport;
  /** getInfo's task count before an import (0 = empty store). */
  tasks?: number;
}

export interface FakeService extends Omit<ServiceHandle, 'store'> {
  calls: { method: string; input: unknown }[];
  closed: boolean;
  /** What the commands read of the store beside the API: the files an export must not land on (storeInputs), none here. */
  store: { path: string; db: { prepare: () => { pluck: () => { all: () => string[] } } } };
}

function matches(r: DisputeRecord, f: DisputeFilter): boolean {
  return (
    (f.status === undefined || r.status === f.status) &&
    (f.kind === undefined || r.kind === f.kind) &&
    (f.task === undefined || r.task_id === f.task)
  );
}

function detail(id: string): DisputeDetail {
  const record = RECORDS.find((r) => r.id === id);
  if (!record) throw new Error(`no dispute ${id}`);
  return {
    dispute: { ...record, my_decision: null },
    question: 'Find every Zelda remake or remaster.\nList each with its scores.',
    entity_column: 'Zelda remake/remaster product title',
    column_rule: { type: 'number', tolerance: 0 },
    gold: { state: 'value', value: '94', alternatives: [], sources: ['https://www.metacritic.com/game/ocarina-3d/'] },
    gold_row: { entity: record.entity, aliases: ['Ocarina of Time 3D'] },
    columns: [{ name: 'Critic Metascore', rule: { type: 'number', tolerance: 0 } }],
    clusters: record.clusters.map((c, i) => ({
      ...c,
      key: String(i),
      cells: c.systems.map((system) => ({
        system,
        run: `${system}-atlas-1`,
        response_entity: 'Ocarina of Time 3D',
        response: c.value,
        verdict: c.agrees_with_gold ? 'correct' : 'incorrect',
        method: 'deterministic',
        reasoning: null,
        sources: [i === 1 ? 'javascript:alert(1)' : 'https://example.org/review'],
        aligned_by: 'alias',
        graded_against: null,
      })),
    })),
    missing_row_systems: [],
    judges: [
      { judge: 'judge-1', verdict: 'system', value: '93', sources: [], reasoning: 'Metacritic lists 93 today.' },
    ],
    rulings: [],
    rulings_hidden: false,
    hidden_engineers: 0,
    task_rows: [],
    reports: [],
    settled_by_revision: null,
  };
}

function notInFake(): AdjudicatorService {
  return Object.fromEntries(
    METHOD_NAMES.map((name) => [
      name,
      () => {
        throw new Error(`${name} is not part of the fake`);
      },
    ]),
  ) as unknown as AdjudicatorService;
}

export function createFakeService(options: FakeOptions = {}): FakeService {
  const calls: FakeService['calls'] = [];
  const rulings: RulingView[] = [];
  let job: JobStatus | null = null;
  const log = (method: string, input: unknown): void => {
    calls.push({ method, input });
  };
  const fake: FakeService = {
    // Methods the CLI tests never reach answer with an error naming themselves.
    ...notInFake(),
    dbPath: ':fake:',
    calls,
    closed: false,
    store: { path: ':memory:', db: { prepare: () => ({ pluck: () => ({ all: () => [] }) }) } },
    getInfo: (input) => {
      log('getInfo', input);
      return {
        store_path: ':fake:',
        engineer: 'fake-engineer',
        revision: 'v1.0',
        dataset_sha256: null,
        dataset_path: null,
        counts: { open: 1, resolved: 1, conflict: 0, total: 2 },
        tasks: options.tasks ?? 0,
        runs: options.tasks ?? 0,
        policy: { required: 1, blind: false },
        version: '0.0.0-fake',
      };
    },
    getSettings: () => ({ engineer: 'fake-engineer', confirmed: true }),
    setSettings: (input) => ({ engineer: input.engineer, confirmed: true }),
    startImport: (input) => {
      log('startImport', input);
      return { jobId: 'job-1' };
    },
    loadDemo: (input) => {
      log('loadDemo', input);
      job = { id: 'job-demo', kind: 'demo', state: 'running', done: 0, total: 2, message: 'demo' };
      const started = job;
      setTimeout(
        () => Object.assign(started, { state: 'done', done: 2, report: options.report ?? IMPORT_REPORT }),
        250,
      );
      return { jobId: 'job-demo' };
    },
    getJob: (input) => {
      if (job === null || input.jobId !== job.id) throw new Error(`no job with id ${input.jobId}`);
      return { ...job };
    },
    cancelJob: (input) => {
      if (job === null || input.jobId !== job.id) throw new Error(`no job with id ${input.jobId}`);
      if (job.state === 'running') job.state = 'cancelled';
      return { ...job };
    },
    listDisputes: (input) => {
      log('listDisputes', input);
      const rows = RECORDS.filter((r) => matches(r, input.filter)).map((r) => ({ ...r, my_decision: null }));
      return { rows: rows.slice(input.offset, input.offset + input.limit), total: rows.length };
    },
    locateDispute: (input) => ({ index: RECORDS.findIndex((r) => r.id === input.id) }),
    getDispute: (input) => {
      log('getDispute', input);
      return detail(input.id);
    },
    listRevisions: () => [],
    setPolicy: (input) => ({ required: input.required ?? 1, blind: input.blind ?? false }),
    exportRulings: (input) => ({ path: input.out, rulings: rulings.length }),
    importRulings: () => ({ added: 0, duplicates: 0, refused: [] }),
    getFacets: () => ({ columns: ['Critic Metascore'], systems: ['alpha', 'beta'], tasks: ['zelda-remakes'] }),
    rule: (input): RuleResult => {
      log('rule', input);
      if (!RECORDS.some((r) => r.id === input.disputeId)) throw new Error(`no dispute ${input.disputeId}`);
      const ruling: RulingView = {
        id: `r-${rulings.length + 1}`,
        engineer: input.engineer ?? 'fake-engineer',
        decision: input.decision,
        value: input.value ?? null,
        values: input.values ?? null,
        row: input.row ?? null,
        rationale: input.rationale ?? null,
        evidence: input.evidence ?? [],
        revision: 'v1.0',
        created_at: '2026-01-01T00:00:00.000Z',
        retracts: null,
        counted: true,
      };
      rulings.push(ruling);
      // As the real service builds it, from the fields given (no gold here: cell decisions write nothing).
      const operation = goldOperationFor({
        decision: input.decision,
        row: null,
        column: null,
        entity: 'fake entity',
        gold: null,
        value: input.value,
        values: input.values,
      });
      return { ruling, status: 'resolved', operation };
    },
    retract: (input): RuleResult => {
      log('retract', input);
      const ruling: RulingView = {
        id: `r-${rulings.length + 1}`,
        engineer: input.engineer ?? 'fake-engineer',
        decision: 'retract',
        value: null,
        values: null,
        row: null,
        rationale: null,
        evidence: [],
        revision: 'v1.0',
        created_at: '2026-01-01T00:00:01.000Z',
        retracts: 'r-1',
        counted: true,
      };
      return {
        ruling,
        status: 'open',
        operation: { op: 'none', decision: 'retract', reason: 'a fake service writes nothing' },
      };
    },
    exportLeftOut: () => {
      log('exportLeftOut', {});
      return { conflicts: 0, open_ruled: 0, open_unruled: 0, disputes: [] };
    },
    exportPatch: (input) => {
      log('exportPatch', input);
      writeFileSync(
        input.out,
        JSON.stringify({ format: 'atlas-gold-patch/1', revision: input.revision, operations: [] }),
      );
      const exported = {
        path: input.out,
        revision: input.revision,
        operations: 0,
        sha256: '0'.repeat(64),
        encrypted: input.plaintext !== true,
      };
      // A job that has ended by the time it answers.
      job = { id: 'job-export', kind: 'export', state: 'done', done: 4, total: 4, message: 'done', export: exported };
      return { jobId: job.id };
    },
    importPaths: async (paths, importOptions = {}) => {
      log('importPaths', paths);
      const delay = options.importDelayMs ?? 0;
      const steps = 10;
      for (let i = 0; i < steps; i += 1) {
        if (importOptions.signal?.aborted) throw Object.assign(new Error('import cancelled'), { name: 'AbortError' });
        importOptions.onProgress?.(i, steps, `file ${i}`);
        await new Promise((r) => setTimeout(r, delay / steps));
      }
      if (importOptions.signal?.aborted) throw Object.assign(new Error('import cancelled'), { name: 'AbortError' });
      return options.report ?? IMPORT_REPORT;
    },
    disputeRecords: function* (filter) {
      log('disputeRecords', filter);
      yield* RECORDS.filter((r) => matches(r, filter));
    },
    idle: () => Promise.resolve(),
    close: () => {
      fake.closed = true;
    },
  };
  return fake;
}

/** The fake as the hosts' type; the store itself is never touched by hosts. */
export function asHandle(fake: FakeService): ServiceHandle {
  return fake as unknown as ServiceHandle;
}
