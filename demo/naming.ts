// Entity names: unique per task under the grader's normalisation, with the
// aliases, LLM-only paraphrases and case/spacing variants the fixtures need.
import { normalizeText } from '../shared/normalize';
import { hex8, type Rng } from './prng';
import { STEMS, type StemScript } from './vocab';

/** ASCII slug for invented URLs; names with non-Latin letters get a stable hash so they stay distinct. */
export function slug(text: string): string {
  const folded = foldAccents(text);
  const ascii = folded
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, '-')
    .replace(/^-+|-+$/gu, '');
  // `دار النور Books` and `한빛 Books` would both fold to `books`.
  const lossy = /[^\p{ASCII}]/u.test(folded);
  if (ascii.length === 0) return `e-${hex8(text)}`;
  return lossy ? `${ascii}-${hex8(text)}` : ascii;
}

/** Latin letters without accents, when that differs from the name (`Café Ñandú` -> `Cafe Nandu`). */
export function foldAccents(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/ß/gu, 'ss');
}

/** Spellings of one name that normalise to the same key: what several systems return. */
export function caseSpacingVariants(name: string): string[] {
  return [name, name.toUpperCase(), name.toLowerCase(), `  ${name.replace(/ /gu, '  ')} `];
}

const SCRIPTS: StemScript[] = ['accent', 'cjk', 'eszett', 'rtl'];

/** Hands out names no other row, alias or decoy of the task already uses. */
export class NameBook {
  private readonly used = new Set<string>();

  constructor(
    private readonly rng: Rng,
    private readonly suffixes: readonly string[],
  ) {}

  claim(name: string): boolean {
    const key = normalizeText(name);
    if (this.used.has(key)) return false;
    this.used.add(key);
    return true;
  }

  /** A fresh entity name; `script` forces its stem's script (unicode coverage). */
  fresh(script?: StemScript): { name: string; stem: string; suffix: string } {
    for (let attempt = 0; attempt < 40; attempt++) {
      const chosen = script ?? (this.rng.chance(0.8) ? 'ascii' : this.rng.pick(SCRIPTS));
      const stem = this.rng.pick(STEMS[chosen]);
      const suffix = this.rng.pick(this.suffixes);
      const name = attempt < 30 ? `${stem} ${suffix}` : `${stem} ${suffix} ${this.rng.int(2, 99)}`;
      if (this.claim(name)) return { name, stem, suffix };
    }
    throw new Error('name pool exhausted');
  }

  /** Other names for the same entity, as gold would list them. */
  aliasesFor(name: string, stem: string, place: string): string[] {
    const candidates = [foldAccents(name), `The ${name}`, stem, `${name} (${place})`];
    const out: string[] = [];
    const wanted = this.rng.chance(0.25) ? 2 : 1;
    for (const candidate of this.rng.shuffle(candidates)) {
      if (out.length >= wanted) break;
      if (this.claim(candidate)) out.push(candidate);
    }
    return out;
  }

  /** A paraphrase neither name nor alias matches, so only an LLM aligner maps it. */
  llmNameFor(stem: string, suffix: string, place: string): string {
    const others = this.suffixes.filter((s) => s !== suffix);
    const candidates = [
      ...others.map((s) => `${stem} ${s}`),
      `${stem} ${suffix} of ${place}`,
      `${stem} ${suffix} ${place}`,
    ];
    for (const candidate of candidates) if (this.claim(candidate)) return candidate;
    return `${stem} ${suffix} (${place}, est.)`;
  }

  /** The script rows 0 and 1 of task `index` use, so unicode names show up in every few tasks. */
  static scriptFor(index: number, row: number): StemScript | undefined {
    if (row > 1) return undefined;
    return SCRIPTS[(index + row * 2) % SCRIPTS.length];
  }
}
