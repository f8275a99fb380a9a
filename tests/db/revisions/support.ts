// Helpers for the revision tests: the canary scheme written independently
// (node:crypto + Buffer, so a bug in shared/crypto cannot hide itself), dataset
// reading, and a generated workspace with rulings exported as patches.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedWorkspace } from '../../../db/demo/generate';
import type { DisputeRecord } from '../../../db/queries/dispute-records';
import type { ServiceHandle } from '../../../db/service';
import type { GoldPatch } from '../../../shared/patch';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';

function xor(bytes: Buffer, canary: string): Buffer {
  const key = createHash('sha256').update(canary, 'utf8').digest();
  return Buffer.from(bytes.map((byte, i) => byte ^ key[i % 32]!));
}

/** design.md §4.1: base64 of the UTF-8 text XOR-ed with SHA-256(canary) repeated. */
export function canaryEncrypt(text: string, canary: string): string {
  return xor(Buffer.from(text, 'utf8'), canary).toString('base64');
}

export function canaryDecrypt(cipher: string, canary: string): string {
  return xor(Buffer.from(cipher, 'base64'), canary).toString('utf8');
}

export interface DatasetLine {
  id: string;
  question: string;
  gold: string;
  canary: string;
}

export interface RawGold {
  entity_column: string;
  columns: { name: string; rule: { type: string } }[];
  rows: { entity: string; aliases: string[]; cells: Record<string, Record<string, unknown>> }[];
}

export function readJsonl(path: string): DatasetLine[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as DatasetLine);
}

/** Task id -> decrypted gold, from dataset records. */
export function decryptedGold(records: readonly DatasetLine[]): Map<string, RawGold> {
  return new Map(records.map((r) => [r.id, JSON.parse(canaryDecrypt(r.gold, r.canary)) as RawGold]));
}

export const readPatch = (path: string): GoldPatch => JSON.parse(readFileSync(path, 'utf8')) as GoldPatch;

export interface RuledWorkspace {
  workspace: GeneratedWorkspace;
  service: ServiceHandle;
  dir: string;
  /** Encrypted patch (default export), plaintext patch, and one based on the Parquet file. */
  encrypted: string;
  plaintext: string;
  parquetPatch: string;
  /** Evidence URLs and values the rulings introduced (they are gold once the patch applies). */
  ruledStrings: string[];
}

/**
 * A generated workspace (JSONL and Parquet), imported, with one ruling of
 * each decision that changes gold, exported as v1.1.
 */
export async function ruledWorkspace(): Promise<RuledWorkspace> {
  const workspace = await smallWorkspace({
    seed: 7,
    tasks: 6,
    systems: 4,
    maxRows: 8,
    maxColumns: 5,
    includeZelda: true,
    datasetFormat: 'both',
  });
  const service = freshService('mia');
  await service.importPaths(workspacePaths(workspace));
  const records = [...service.disputeRecords({})];
  const cells = records.filter((record) => record.kind === 'cell' && record.gold.state === 'value');
  const missing = records.filter((record) => record.kind === 'missing_row');
  if (cells.length < 6 || missing.length < 2) throw new Error('the fixture has too few disputes for these tests');
  const top = (record: DisputeRecord): string => record.clusters.find((cluster) => !cluster.agrees_with_gold)!.value;
  const ruledStrings: string[] = [];
  const evidence = (n: number): string[] => {
    const urls = [`https://evidence.example/ruling-${n}/source`];
    ruledStrings.push(...urls);
    return urls;
  };
  await service.rule({
    disputeId: cells[0]!.id,
    decision: 'accept_system',
    value: top(cells[0]!),
    evidence: evidence(0),
  });
  await service.rule({
    disputeId: cells[1]!.id,
    decision: 'accept_both',
    value: top(cells[1]!),
    evidence: evidence(1),
  });
  await service.rule({ disputeId: cells[2]!.id, decision: 'mark_blank' });
  await service.rule({ disputeId: cells[3]!.id, decision: 'keep_gold' });
  await service.rule({
    disputeId: cells[4]!.id,
    decision: 'new_value',
    value: 'Zanzibar Quarterly Review',
    evidence: evidence(4),
  });
  await service.rule({ disputeId: cells[5]!.id, decision: 'mark_ungraded' });
  ruledStrings.push(top(cells[0]!), top(cells[1]!), 'Zanzibar Quarterly Review');
  const detail = await service.getDispute({ id: missing[0]!.id });
  const columns = detail.columns.map((c) => c.name).filter((name) => name !== detail.entity_column);
  await service.rule({
    disputeId: missing[0]!.id,
    decision: 'add_row',
    value: missing[0]!.entity,
    values: { [columns[0]!]: 'Quixotic Added Value' },
    evidence: evidence(6),
  });
  ruledStrings.push(missing[0]!.entity, 'Quixotic Added Value');
  await service.rule({ disputeId: missing[1]!.id, decision: 'add_alias', row: 0 });
  ruledStrings.push(missing[1]!.entity);

  const dir = tempDir('atlas-rev-');
  const encrypted = (await service.exportPatch({ revision: 'v1.1', out: join(dir, 'v1.1.patch.json') })).path;
  const plaintext = (
    await service.exportPatch({ revision: 'v1.1', out: join(dir, 'v1.1.plain.json'), plaintext: true })
  ).path;
  // Another base file makes other content: another tag, or export would refuse it once it records revisions.
  const parquetPatch = (
    await service.exportPatch({
      revision: 'v1.1-parquet',
      out: join(dir, 'v1.1.parquet.patch.json'),
      dataset: workspace.datasetParquet!,
    })
  ).path;
  return { workspace, service, dir, encrypted, plaintext, parquetPatch, ruledStrings };
}
