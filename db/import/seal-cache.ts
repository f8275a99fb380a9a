// Sealing is deterministic (same key and text, same bytes), and an import
// seals the same texts over and over: every system's cell repeats the gold
// value, agreeing systems repeat each other, judges repeat their reasoning,
// and cells that fall back to a row's citations repeat its list. So short
// texts are sealed once (about 70% of the full workload's seals are repeats).
// Memory stays bounded: the map is cleared when it grows large.
import type { Sealer } from '../seal';

const MAX_CACHED_LENGTH = 64;
const MAX_ENTRIES = 20_000;

export class SealCache {
  private readonly texts = new Map<string, string>();

  constructor(private readonly sealer: Sealer) {}

  seal(text: string): string;
  seal(text: string | null | undefined): string | null;
  seal(text: string | null | undefined): string | null {
    if (text === null || text === undefined) return null;
    if (text.length > MAX_CACHED_LENGTH) return this.sealer.seal(text);
    let sealed = this.texts.get(text);
    if (sealed === undefined) {
      if (this.texts.size >= MAX_ENTRIES) this.texts.clear();
      sealed = this.sealer.seal(text);
      this.texts.set(text, sealed);
    }
    return sealed;
  }

  /** A list sealed as JSON, the same bytes as Sealer.sealJson. */
  sealList(list: readonly string[]): string {
    return this.seal(JSON.stringify(list));
  }
}
