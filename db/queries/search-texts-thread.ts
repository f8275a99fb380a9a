// The search texts read on a worker thread (db/import/thread/worker.ts), so
// opening the store's sealed texts holds no request of the app or the
// bridge (search-build.ts). The thread reads the store through its own
// read-only connection, in one read transaction. Nothing is written anywhere.
//
// The texts cross threads joined: a string and typed arrays are copied as
// memory, where 100k separate strings are cloned one by one. Two strings, the
// texts that are all Latin-1 and the others: V8 keeps the first kind one byte
// per character, and a search scans those twice as fast; the texts the
// receiver slices out keep their string's kind.
import { disputeTextsStamp } from '../disputes';
import { Sealer } from '../seal';
import type { SearchTexts } from './search-texts';
import { readAllSearchTexts } from './search-texts';

/** Some disputes' texts, one after another, and where each ends. */
export interface JoinedTexts {
  rowids: Float64Array<ArrayBuffer>;
  ends: Uint32Array<ArrayBuffer>;
  joined: string;
}

/** The texts of the store at `stamp` (disputeTextsStamp), packed to cross threads. */
export interface PackedSearchTexts {
  stamp: string;
  parts: JoinedTexts[];
}

function isLatin1(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return false;
  return true;
}

function joinTexts(rowids: number[], texts: string[]): JoinedTexts {
  const ends = new Uint32Array(texts.length);
  let at = 0;
  for (let i = 0; i < texts.length; i++) ends[i] = at += texts[i]!.length;
  return { rowids: Float64Array.from(rowids), ends, joined: texts.join('') };
}

/**
 * Runs on the worker thread: every dispute's search text in the store at
 * `dbPath`. The native driver is loaded here, not when the thread starts: the
 * import's requests need no store.
 */
export async function readPackedSearchTexts(dbPath: string, sealSecret: string): Promise<PackedSearchTexts> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const store = { db, sealer: new Sealer(sealSecret) };
    // One read transaction: the stamp and the texts see the same snapshot, whatever the app commits meanwhile.
    const { read, stamp } = db.transaction(() => ({ read: readAllSearchTexts(store), stamp: disputeTextsStamp(db) }))();
    const narrow: SearchTexts = { rowids: [], texts: [] };
    const wide: SearchTexts = { rowids: [], texts: [] };
    read.texts.forEach((text, i) => {
      const part = isLatin1(text) ? narrow : wide;
      part.rowids.push(read.rowids[i]!);
      part.texts.push(text);
    });
    return { stamp, parts: [joinTexts(narrow.rowids, narrow.texts), joinTexts(wide.rowids, wide.texts)] };
  } finally {
    db.close();
  }
}

/** On the receiving thread: the texts as the search index holds them (in rowid order within each part; a search needs no order). */
export function unpackSearchTexts(packed: PackedSearchTexts): SearchTexts {
  const out: SearchTexts = { rowids: [], texts: [] };
  for (const { rowids, ends, joined } of packed.parts) {
    let start = 0;
    for (let i = 0; i < ends.length; i++) {
      out.rowids.push(rowids[i]!);
      out.texts.push(joined.slice(start, ends[i]));
      start = ends[i]!;
    }
  }
  return out;
}
