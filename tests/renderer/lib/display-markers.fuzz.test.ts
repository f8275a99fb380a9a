// The hostile corpus through the renderer's one-line display (grid and panel
// headers): every bidi control and zero-width character becomes a visible
// ⟨U+XXXX⟩ mark, so no value can reorder or hide what is shown around it;
// soft hyphens, Hangul fillers and U+180E too, and U+2028/U+2029 fold like
// any other line break.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { oneLine } from '../../../renderer/src/lib/format';
import { FIXTURES } from '../../support/hostile-workspace';

const BIDI_OR_ZERO_WIDTH = /[\p{Bidi_Control}\u00ad\u115f\u1160\u180e\u200b-\u200d\u2060-\u2064\u3164\ufeff\uffa0]/u;

const texts = readdirSync(FIXTURES)
  .filter((name) => name.startsWith('text-') && name !== 'text-huge-cell.json')
  .flatMap((name) =>
    (JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as { texts: string[] }).texts.map(
      (text) => [name, text] as const,
    ),
  );

describe('hostile text on screen', () => {
  it.each(texts.filter(([, text]) => BIDI_OR_ZERO_WIDTH.test(text)))(
    '%s %j: controls shown as marks',
    (_name, text) => {
      const shown = oneLine(text);
      expect(shown).not.toMatch(BIDI_OR_ZERO_WIDTH);
      expect(shown).toMatch(/⟨U\+[0-9A-F]{4}⟩/u);
    },
  );

  it('folds U+2028 and U+2029 like line breaks', () => {
    expect(oneLine('a\u2028b\u2029c')).toBe('a ⏎ b ⏎ c');
  });
});
