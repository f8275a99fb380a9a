// The queue's search (a dispute's id, task, column, entity, gold and every
// system's value), answered from memory. The searched text is sealed in
// the store, so SQL alone must open every dispute's texts on every search (a
// second and more at 100k disputes). Here they are opened once per
// connection into a list of search texts, rebuilt when the store's
// dispute-texts generation moves (db/disputes/text-generation.ts), and each
// search is a scan of plain strings. Nothing of it is written anywhere: the
// store stays sealed at rest.
import { disputeTextsStamp } from '../disputes/text-generation';
import { searchText } from '../seal';
import type { Store } from '../store';

/** Searches kept answered: paging, counting and locating repeat the same search many times. */
const KEPT_SEARCHES = 8;
/**
 * Up to this share of the disputes, queries take the matches as a list of
 * rowids: SQLite looks each up, then sorts (14 ms for 10,000 at 114k
 * disputes). Beyond it they test each row walked in the queue's order
 * (search_hit), where matches are dense enough that a page fills early and
 * a count costs one walk (15-30 ms at 114k).
 */
const LISTED_SHARE = 0.1;

/** How a query takes a search's matches. */
export type SearchAnswer = { matches: 0 } | { matches: number; rowidsJson: string } | { matches: number; needle: string };

interface Answer {
  rowids: ReadonlySet<number>;
  listed: SearchAnswer;
}
/** Between the texts of one dispute: search text never holds it (normalizeText collapses whitespace to spaces). */
const FIELD_BREAK = '\n';

interface DisputeTextRow {
  rowid: number;
  id: string;
  task_id: string;
  column_name: string | null;
  entity_s: string;
  gold_value_s: string | null;
  clusters_s: string | null;
}

class DisputeSearchIndex {
  private stamp: string | null = null;
  private rowids: number[] = [];
  private texts: string[] = [];
  /** Needle → the disputes whose text holds it, oldest search first. */
  private readonly answers = new Map<string, Answer>();

  constructor(private readonly store: Store) {
    // By rowid, which every index of disputes holds: walking the queue's order needs no row lookups to test a row.
    store.db.function('search_hit', { deterministic: false }, (rowid: unknown, needle: unknown) => {
      const answer = typeof needle === 'string' ? this.answers.get(needle) : undefined;
      // A query that did not call prepare() first is a bug: answering "no match" would hide it.
      if (!answer) throw new Error('search_hit: the search was not prepared on this connection');
      return answer.rowids.has(Number(rowid)) ? 1 : 0;
    });
  }

  /** The disputes matching `needle` (already search text) in the store as it is now. */
  prepare(needle: string): SearchAnswer {
    const stamp = disputeTextsStamp(this.store.db);
    if (stamp !== this.stamp) {
      this.rebuild();
      this.stamp = stamp;
      this.answers.clear();
    }
    const kept = this.answers.get(needle);
    if (kept) {
      this.answers.delete(needle);
      this.answers.set(needle, kept);
      return kept.listed;
    }
    const hits: number[] = [];
    const { rowids, texts } = this;
    for (let i = 0; i < texts.length; i++) if (texts[i]!.includes(needle)) hits.push(rowids[i]!);
    const matches = hits.length;
    const listed: SearchAnswer =
      matches === 0 ? { matches } : matches <= texts.length * LISTED_SHARE ? { matches, rowidsJson: JSON.stringify(hits) } : { matches, needle };
    this.answers.set(needle, { rowids: new Set(hits), listed });
    if (this.answers.size > KEPT_SEARCHES) this.answers.delete(this.answers.keys().next().value!);
    return listed;
  }

  private rebuild(): void {
    const { db, sealer } = this.store;
    const rows = db
      .prepare<[], DisputeTextRow>(
        `SELECT d.rowid, d.id, d.task_id, d.column_name, d.entity_s, d.gold_value_s,
                (SELECT group_concat(c.value_s, ' ') FROM dispute_clusters c WHERE c.dispute_id = d.id) AS clusters_s
           FROM disputes d`,
      )
      .iterate();
    const rowids: number[] = [];
    const texts: string[] = [];
    for (const row of rows) {
      // Sealed text is base64: a space never occurs inside one value.
      // The id too: messages name disputes by it (an export's refusal, `show`), and pasting it finds the dispute.
      const parts = [row.id, row.task_id, row.column_name ?? '', sealer.open(row.entity_s)];
      if (row.gold_value_s !== null) parts.push(sealer.open(row.gold_value_s));
      if (row.clusters_s !== null) for (const value of row.clusters_s.split(' ')) parts.push(sealer.open(value));
      rowids.push(row.rowid);
      texts.push(parts.map(searchText).join(FIELD_BREAK));
    }
    this.rowids = rowids;
    this.texts = texts;
  }
}

const indexes = new WeakMap<Store['db'], DisputeSearchIndex>();

/**
 * The disputes matching `needle`, for a query about to run on the store's
 * connection: none, a JSON list of rowids, or `search_hit(d.rowid, needle)`
 * made ready to test each row.
 */
export function prepareSearch(store: Store, needle: string): SearchAnswer {
  // Per connection, as the SQL function is.
  let index = indexes.get(store.db);
  if (!index) {
    index = new DisputeSearchIndex(store);
    indexes.set(store.db, index);
  }
  return index.prepare(needle);
}
