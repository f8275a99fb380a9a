// "No such thing" as its own error type, so hosts can tell an unknown id (the
// caller's mistake: HTTP 404 on the bridge) from a refused operation or a
// fault, while every host still shows the same message.
import type { Store } from './store';

export class NotFoundError extends Error {
  override name = 'NotFoundError';
  /** The filter that named what is not there (`task`, `column`, `system`), when one did. */
  readonly filter: 'task' | 'column' | 'system' | undefined;
  constructor(message: string, filter?: 'task' | 'column' | 'system') {
    super(message);
    this.filter = filter;
  }
}

/** Throws NotFoundError unless the store has a dispute with this id. */
export function requireDispute(store: Store, id: string): void {
  if (!store.db.prepare('SELECT 1 FROM disputes WHERE id = ?').get(id))
    throw new NotFoundError(`no dispute with id ${id}`);
}

/** What a filter names and how to tell whether the store has it. */
interface Known {
  filter: 'task' | 'column' | 'system';
  /** One row when the store has `value` (bound as many times as it has `?`). */
  exists: string;
  /** Every name the store has, for the suggestions. */
  names: string;
  /** "task …", "column named …": how the message names what is missing. */
  what: string;
  /** Said when the store has none at all. */
  none: string;
}

/** Throws NotFoundError unless the store has `value`, naming up to three that are spelled alike. */
function requireKnown(store: Store, value: string, known: Known): void {
  const params = Array.from({ length: known.exists.split('?').length - 1 }, () => value);
  if (store.db.prepare(known.exists).get(...params)) return;
  const names = store.db.prepare<[], string>(known.names).pluck().all();
  const alike = names.length === 0 ? ` (${known.none})` : didYouMean(value, names);
  throw new NotFoundError(`this store has no ${known.what} ${JSON.stringify(value)}${alike}`, known.filter);
}

const TASK: Known = {
  filter: 'task',
  exists: 'SELECT 1 FROM tasks WHERE task_id = ? UNION ALL SELECT 1 FROM disputes WHERE task_id = ? LIMIT 1',
  names: 'SELECT task_id FROM tasks UNION SELECT task_id FROM disputes',
  what: 'task',
  none: 'it holds no tasks yet: import a dataset first',
};

const COLUMN: Known = {
  filter: 'column',
  exists: 'SELECT 1 FROM task_columns WHERE name = ? UNION ALL SELECT 1 FROM disputes WHERE column_name = ? LIMIT 1',
  names: 'SELECT name FROM task_columns UNION SELECT column_name FROM disputes WHERE column_name IS NOT NULL',
  what: 'column named',
  none: 'it holds no tasks yet: import a dataset first',
};

const SYSTEM: Known = {
  filter: 'system',
  exists: 'SELECT 1 FROM systems WHERE name = ?',
  names: 'SELECT name FROM systems',
  what: 'system named',
  none: 'it holds no runs yet: import some first',
};

/** Throws NotFoundError unless the store knows the task (imported with the dataset, or named by a dispute). */
export function requireTask(store: Store, taskId: string): void {
  requireKnown(store, taskId, TASK);
}

/**
 * Throws NotFoundError unless some task of the store has this column (in its
 * dataset, or named by a dispute). A column the store knows lists its
 * disputes, none at all being a normal answer.
 */
export function requireColumn(store: Store, column: string): void {
  requireKnown(store, column, COLUMN);
}

/** Throws NotFoundError unless a run of this system was imported. */
export function requireSystem(store: Store, system: string): void {
  requireKnown(store, system, SYSTEM);
}

/** ` (did you mean a, b?)`, or nothing when no name is close; a name with spaces or commas is quoted. */
function didYouMean(wanted: string, names: readonly string[]): string {
  const close = closeIds(wanted, names);
  return close.length > 0
    ? ` (did you mean ${close.map((name) => (/[\s,"]/u.test(name) ? JSON.stringify(name) : name)).join(', ')}?)`
    : '';
}

/**
 * Up to `limit` ids like `wanted`, best first: those containing the typed text
 * (or contained in it; case, spaces and punctuation aside), then those sharing
 * its numbers (`atlas-0007` finds `atlas/0007:zelda remakes`), then those
 * within a few edits of it.
 */
export function closeIds(wanted: string, ids: readonly string[], limit = 3): string[] {
  const target = wanted.toLowerCase();
  const most = Math.max(1, Math.floor(target.length / 3));
  const bare = letters(target);
  const numbers = numbersIn(target);
  return ids
    .map((id) => {
      const lower = id.toLowerCase();
      const idBare = letters(lower);
      const contains = bare.length >= 3 && idBare.length > 0 && (idBare.includes(bare) || bare.includes(idBare));
      const ownNumbers = numbersIn(lower);
      const sharesNumbers = numbers.length > 0 && numbers.every((n) => ownNumbers.includes(n));
      const tier = contains ? 0 : sharesNumbers ? 1 : 2;
      const distance = editDistance(target, lower, tier < 2 ? Number.POSITIVE_INFINITY : most);
      return { id, tier, distance };
    })
    .filter((candidate) => candidate.tier < 2 || candidate.distance <= most)
    .sort((a, b) => a.tier - b.tier || a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, limit)
    .map((candidate) => candidate.id);
}

/** Letters and digits only: `atlas-0007` and `Atlas/0007:…` compare alike. */
function letters(text: string): string {
  return text.replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The whole numbers written in `text`, leading zeros aside (`0007` is 7). */
function numbersIn(text: string): string[] {
  return (text.match(/\d+/gu) ?? []).map((digits) => digits.replace(/^0+(?=\d)/u, ''));
}

/** Levenshtein distance, giving up (returning `cap + 1`) once it must exceed `cap`. */
function editDistance(a: string, b: string, cap = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      current.push(value);
      if (value < best) best = value;
    }
    if (best > cap) return cap + 1;
    previous = current;
  }
  return previous[b.length]!;
}
