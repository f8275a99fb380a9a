// What any apply of a patch touching (nearly) every task must at least do,
// measured on the same dataset as apply and beside the same floor: a bound on
// what the "≤ 3× floor" goal can reach, not a figure of the product. Two
// bounds, neither checking anything: re-encrypting every task's gold without
// reading it (decode, XOR with the canary's key, XOR again, encode), and
// reading it as JSON and writing it back (decrypt, JSON.parse,
// JSON.stringify, encrypt), which apply must, to check each operation's
// `from` against the gold. Both hash the input and the output (the base
// check and the changelog need them) and write atomically, as apply does.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../db/fs-atomic';
import { XorKey } from '../db/seal';
import { fastestOf } from './stats';

export interface ApplyBounds {
  /** Gold decoded, XOR-ed and encoded again, unread. */
  reencryptMs: number;
  /** Gold decrypted, parsed, serialised and encrypted again. */
  roundTripMs: number;
}

interface DatasetLine {
  gold?: unknown;
  canary?: unknown;
}

function rewrite(dataset: string, out: string, gold: (cipher: string, key: XorKey) => string): void {
  const bytes = readFileSync(dataset);
  createHash('sha256').update(bytes).digest('hex');
  const lines = bytes.toString('utf8').split('\n');
  const written = lines.map((line) => {
    if (line.trim() === '') return line;
    const record = JSON.parse(line) as DatasetLine;
    if (typeof record.gold !== 'string' || typeof record.canary !== 'string') return line;
    return JSON.stringify({ ...record, gold: gold(record.gold, new XorKey(record.canary)) });
  });
  const output = Buffer.from(written.join('\n'), 'utf8');
  createHash('sha256').update(output).digest('hex');
  writeFileAtomic(out, output);
}

const reencrypt = (cipher: string, key: XorKey): string =>
  key.apply(key.apply(Buffer.from(cipher, 'base64'))).toString('base64');

const roundTrip = (cipher: string, key: XorKey): string => {
  const gold: unknown = JSON.parse(key.apply(Buffer.from(cipher, 'base64')).toString('utf8'));
  return key.apply(Buffer.from(JSON.stringify(gold), 'utf8')).toString('base64');
};

export async function measureApplyBounds(dataset: string, out: string, runs: number): Promise<ApplyBounds> {
  return {
    reencryptMs: await fastestOf(runs, () => rewrite(dataset, out, reencrypt)),
    roundTripMs: await fastestOf(runs, () => rewrite(dataset, out, roundTrip)),
  };
}
