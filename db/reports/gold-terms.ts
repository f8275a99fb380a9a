// The dataset stays out of plain text on the web: replies to reporters must
// not quote a task's gold values, entity names, aliases or its question.
// These helpers list a task's gold terms and find any a text contains.
import { decryptText } from '../../shared/crypto';
import { looseKey } from '../../shared/report-parse';
import type { Store } from '../store';

export function goldTerms(store: Store, taskId: string): string[] {
  const { db, sealer } = store;
  const terms = new Set<string>();
  const add = (text: string | null): void => {
    if (text !== null && text.trim() !== '') terms.add(text.trim());
  };
  for (const cell of db
    .prepare<[string], { value_s: string | null; alternatives_s: string }>(
      'SELECT value_s, alternatives_s FROM gold_cells WHERE task_id = ?',
    )
    .all(taskId)) {
    add(sealer.open(cell.value_s));
    for (const alternative of sealer.openJson<string[]>(cell.alternatives_s, [])) add(alternative);
  }
  for (const row of db
    .prepare<[string], { entity_s: string; aliases_s: string }>(
      'SELECT entity_s, aliases_s FROM gold_rows WHERE task_id = ?',
    )
    .all(taskId)) {
    add(sealer.open(row.entity_s));
    for (const alias of sealer.openJson<string[]>(row.aliases_s, [])) add(alias);
  }
  // Without the dataset, the grader's record of gold beside each system cell.
  for (const cell of db
    .prepare<[string], { gold_s: string }>('SELECT DISTINCT gold_s FROM system_cells WHERE task_id = ?')
    .all(taskId))
    add(sealer.open(cell.gold_s));
  const task = db
    .prepare<[string], { question_enc: string; canary: string }>(
      'SELECT question_enc, canary FROM tasks WHERE task_id = ?',
    )
    .get(taskId);
  if (task) {
    try {
      add(decryptText(task.question_enc, task.canary));
    } catch {
      // An undecryptable question cannot be quoted either.
    }
  }
  return [...terms];
}

/** Every task this store knows, from the dataset or from the runs: what to check when a report has no task. */
export function allTaskIds(store: Store): string[] {
  return store.db
    .prepare<[], { task_id: string }>(
      'SELECT task_id FROM tasks UNION SELECT DISTINCT task_id FROM system_cells ORDER BY task_id',
    )
    .all()
    .map((row) => row.task_id);
}

/** The gold terms of several tasks, without duplicates. */
export function goldTermsOf(store: Store, taskIds: Iterable<string>): string[] {
  const terms = new Set<string>();
  for (const taskId of new Set(taskIds)) for (const term of goldTerms(store, taskId)) terms.add(term);
  return [...terms];
}

const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/gu;
const UTF8 = new TextDecoder('utf-8', { fatal: true });
const UTF8_LENIENT = new TextDecoder('utf-8');

function escapeBytes(run: string): Uint8Array {
  const bytes = new Uint8Array(run.length / 3);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(run.slice(i * 3 + 1, i * 3 + 3), 16);
  return bytes;
}

/** A run of %XX escapes as UTF-8 text; bytes that are not UTF-8 become U+FFFD. Never throws. */
function decodeUtf8Run(run: string): string {
  try {
    return decodeURIComponent(run);
  } catch {
    return UTF8_LENIENT.decode(escapeBytes(run));
  }
}

/** A run of %XX escapes read as Latin-1 (older sites write "M%FCnchen"), when it is not UTF-8. */
function decodeLatin1Run(run: string): string {
  const bytes = escapeBytes(run);
  try {
    return UTF8.decode(bytes);
  } catch {
    return Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
  }
}

/** '+' stands for a space in a query string ("?q=Tuscany+Region"). */
function plusAsSpace(text: string): string {
  return text.replace(/\?[^\s#]*/gu, (query) => query.replace(/\+/gu, ' '));
}

/**
 * The text as written and as a reader of its links would see them: percent
 * escapes decoded (as UTF-8, repeatedly for double-encoded links, and as
 * Latin-1), '+' in query strings read as a space. Malformed escapes are kept.
 */
export function decodedVariants(text: string): string[] {
  const variants = new Set([text]);
  if (!text.includes('%') && !text.includes('+')) return [...variants];
  let current = text;
  for (let round = 0; round < 4; round++) {
    const next = plusAsSpace(current).replace(ESCAPE_RUN, decodeUtf8Run);
    if (next === current) break;
    variants.add(next);
    current = next;
  }
  variants.add(plusAsSpace(text).replace(ESCAPE_RUN, decodeLatin1Run));
  return [...variants];
}

/**
 * The terms a text contains, compared as whole words after normalisation
 * (case, accents, punctuation), in the text as written and with its links'
 * percent escapes decoded ("M%C3%BCnchen" is "München"). One-character terms
 * ("E", "T") count only as a standalone capital, exactly as written.
 * `ignore` names text known to be safe (the task id, "row 3") that is
 * removed before looking.
 */
export function findLeaks(text: string, terms: readonly string[], ignore: readonly string[] = []): string[] {
  const searched = decodedVariants(text).map((variant) => {
    let rest = variant;
    for (const safe of ignore) if (safe !== '') rest = rest.split(safe).join(' ');
    return rest;
  });
  const keys = searched.map((variant) => ` ${looseKey(variant)} `);
  return terms.filter((term) => {
    const termKey = looseKey(term);
    if (termKey === '') return false;
    if (termKey.length === 1) {
      const pattern = new RegExp(
        `(?<![\\p{L}\\p{N}])${term.trim().replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}(?![\\p{L}\\p{N}])`,
        'u',
      );
      return searched.some((variant) => pattern.test(variant));
    }
    return keys.some((key) => key.includes(` ${termKey} `));
  });
}
