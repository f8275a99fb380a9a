// The queue's search (a dispute's id, task, column, entity, gold and every
// system's value), answered from memory. The searched text is sealed in
// the store, so SQL alone must open every dispute's texts on every search (a
// second and more at 100k disputes). Here they are opened once per
// connection into a list of search texts (search-texts.ts: from each task's
// texts kept sealed, db/disputes/search-texts.ts), rebuilt when the store's
// dispute-texts generation moves (db/disputes/text-generation.ts), and each
// search is a scan of plain strings. Nothing opened is written anywhere: the
// store stays sealed at rest.
//
// prepare() rebuilds at once when it finds the texts stale, which holds the
// thread for a third of a second at 100k disputes; hosts that serve other requests
// meanwhile build first, a chunk at a time (search-build.ts), so prepare()
// finds them current.
import { disputeTextsStamp } from '../disputes';
import type { Store } from '../store';
import type { SearchTexts } from './search-texts';
import { readAllSearchTexts } from './search-texts';

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
export type SearchAnswer =
  { matches: 0 } | { matches: number; rowidsJson: string } | { matches: number; needle: string };

interface Answer {
  rowids: ReadonlySet<number>;
  listed: SearchAnswer;
}

export class DisputeSearchIndex {
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

  /** How many disputes the texts held cover: as many as the store has, once current. */
  get size(): number {
    return this.rowids.length;
  }

  /** Whether the texts held are those of the store at `stamp` (disputeTextsStamp). */
  holds(stamp: string): boolean {
    return this.stamp === stamp;
  }

  /** Takes texts read while the store's stamp was `stamp` throughout. */
  install(stamp: string, { rowids, texts }: SearchTexts): void {
    this.stamp = stamp;
    this.rowids = rowids;
    this.texts = texts;
    this.answers.clear();
  }

  /** The disputes matching `needle` (already search text) in the store as it is now. */
  prepare(needle: string): SearchAnswer {
    if (!this.holds(disputeTextsStamp(this.store.db))) this.rebuild();
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
      matches === 0
        ? { matches }
        : matches <= texts.length * LISTED_SHARE
          ? { matches, rowidsJson: JSON.stringify(hits) }
          : { matches, needle };
    this.answers.set(needle, { rowids: new Set(hits), listed });
    if (this.answers.size > KEPT_SEARCHES) this.answers.delete(this.answers.keys().next().value!);
    return listed;
  }

  private rebuild(): void {
    const { db } = this.store;
    // One read transaction: the texts and the stamp see the same snapshot, whatever another connection commits meanwhile.
    db.transaction(() => {
      const stamp = disputeTextsStamp(db);
      this.install(stamp, readAllSearchTexts(this.store));
    })();
  }
}

const indexes = new WeakMap<Store['db'], DisputeSearchIndex>();

/** The connection's index, made (and its SQL function registered) on first use. */
export function searchIndexOf(store: Store): DisputeSearchIndex {
  // Per connection, as the SQL function is.
  let index = indexes.get(store.db);
  if (!index) {
    index = new DisputeSearchIndex(store);
    indexes.set(store.db, index);
  }
  return index;
}

/**
 * The disputes matching `needle`, for a query about to run on the store's
 * connection: none, a JSON list of rowids, or `search_hit(d.rowid, needle)`
 * made ready to test each row.
 */
export function prepareSearch(store: Store, needle: string): SearchAnswer {
  return searchIndexOf(store).prepare(needle);
}
