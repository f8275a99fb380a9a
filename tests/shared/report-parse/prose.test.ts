// Free-text report bodies as people write them when they skip the issue
// form: the value stated by contrast ("X, not Y"), after the gold's value
// ("gold says Y but it's X"), with a citation link, quotes, dates, initials,
// units and remarks around it, inside a quote of someone else's words, or as
// a sentence under a form heading. Each case states what the parser must read.
import { describe, expect, it } from 'vitest';
import type { ParsedReport, ReportCatalogue } from '../../../shared/report-parse';
import { MAX_BODY_CHARS, parseReport } from '../../../shared/report-parse';

const CITIES = 'atlas-0001';
const BOOKS = 'atlas-0002';

/** The catalogue the reports about Lyon were first seen with. */
const CITY_CATALOGUE: ReportCatalogue = {
  tasks: [
    {
      id: CITIES,
      columns: ['Name', 'Population', 'Mayor'],
      entityColumn: 'Name',
      rows: [
        { entity: 'Paris', aliases: [] },
        { entity: 'Lyon', aliases: [] },
      ],
    },
  ],
};

/** The same cities with a column in a unit, and a task about books. */
const CATALOGUE: ReportCatalogue = {
  tasks: [
    ...CITY_CATALOGUE.tasks.map((task) => ({ ...task, columns: [...task.columns, 'Area (km²)'] })),
    {
      id: BOOKS,
      columns: ['Title', 'Author', 'First published', 'Pages', 'Publisher'],
      entityColumn: 'Title',
      rows: [
        { entity: 'The Hobbit', aliases: [] },
        { entity: 'The Lord of the Rings', aliases: ['LOTR'] },
      ],
    },
  ],
};

type Expected = Partial<Pick<ParsedReport, 'task_id' | 'gold_row' | 'column' | 'proposed_value' | 'missing_entity'>> & {
  urls?: string[];
};

interface ProseCase {
  name: string;
  body: string;
  catalogue?: ReportCatalogue;
  expect: Expected;
}

const LYON_MAYOR = { task_id: CITIES, gold_row: 1, column: 'Mayor' } as const;
const LYON_POPULATION = { task_id: CITIES, gold_row: 1, column: 'Population' } as const;
const HOBBIT = { task_id: BOOKS, gold_row: 0 } as const;

/** The free-text bodies first reported as parsing badly, on the catalogue they were seen with. */
const FIRST_SEEN: ProseCase[] = [
  {
    name: '"<column> is X, not Y"',
    body: "atlas-0001: Lyon's mayor is Grégory Doucet, not Gérard Collomb. See https://en.wikipedia.org/wiki/Lyon",
    expect: { ...LYON_MAYOR, proposed_value: 'Grégory Doucet', urls: ['https://en.wikipedia.org/wiki/Lyon'] },
  },
  {
    name: '"is missing X, which should be in the table": an entity, not a value',
    body: 'atlas-0001 is missing Marseille, which should be in the table.',
    expect: { task_id: CITIES, gold_row: null, column: null, proposed_value: null, missing_entity: 'Marseille' },
  },
  {
    name: 'a quoted value, then an em dash opening the source',
    body: 'Mayor of Lyon (atlas-0001) should be "Grégory Doucet" — source: <https://lyon.fr>',
    expect: { ...LYON_MAYOR, proposed_value: 'Grégory Doucet', urls: ['https://lyon.fr'] },
  },
  {
    name: 'a markdown link cited after the value',
    body: 'In atlas-0001 the population of Lyon should be 522,250 [INSEE](https://insee.fr/x)',
    expect: { ...LYON_POPULATION, proposed_value: '522,250', urls: ['https://insee.fr/x'] },
  },
  {
    name: 'the value written as the text of a markdown link',
    body: 'In atlas-0001 the population of Lyon should be [522,250](https://insee.fr/x)',
    expect: { ...LYON_POPULATION, proposed_value: '522,250', urls: ['https://insee.fr/x'] },
  },
].map((c) => ({ ...c, catalogue: CITY_CATALOGUE }));

/** Other phrasings seen in real issues. */
const PHRASINGS: ProseCase[] = [
  {
    name: '"gold says Y but it\'s X (remark)"',
    body: "atlas-0001, Lyon population: gold says 513,275 but it's 522,250 (INSEE 2021).",
    expect: { ...LYON_POPULATION, proposed_value: '522,250' },
  },
  {
    name: '"<column>: X (not Y)"',
    body: 'atlas-0001 Lyon mayor: Grégory Doucet (not Gérard Collomb)',
    expect: { ...LYON_MAYOR, proposed_value: 'Grégory Doucet' },
  },
  {
    name: '"the table lists Y … instead of X": the value after the contrast is the fix',
    body: 'atlas-0001: the table lists Gérard Collomb as mayor of Lyon instead of Grégory Doucet.',
    expect: { ...LYON_MAYOR, proposed_value: 'Grégory Doucet' },
  },
  {
    name: '"put X instead of Y"',
    body: 'atlas-0001: please put Grégory Doucet instead of Gérard Collomb for the mayor of Lyon.',
    expect: { ...LYON_MAYOR, proposed_value: 'Grégory Doucet' },
  },
  {
    name: '"the actual <column> of <row> is X (remark)"',
    body: 'The actual population of Lyon is 522,250 (2021 census). Task atlas-0001.',
    expect: { ...LYON_POPULATION, proposed_value: '522,250' },
  },
  {
    name: '"the right answer for <row>\'s <column> is X"',
    body: "atlas-0001: the right answer for Lyon's mayor is Grégory Doucet.",
    expect: { ...LYON_MAYOR, proposed_value: 'Grégory Doucet' },
  },
  {
    name: '"Y → X (remark)"',
    body: 'atlas-0001 Lyon population: 513,275 → 522,250 (INSEE 2021)',
    expect: { ...LYON_POPULATION, proposed_value: '522,250' },
  },
  {
    name: '"the correct value is not Y but X …" with thousands separators',
    body: 'atlas-0001: The correct value is not 513,275 but 522,250 for the Lyon population',
    expect: { ...LYON_POPULATION, proposed_value: '522,250' },
  },
  {
    name: '"should be changed to X"',
    body: "atlas-0001: Lyon's mayor should be changed to Grégory Doucet.",
    expect: { ...LYON_MAYOR, proposed_value: 'Grégory Doucet' },
  },
  {
    name: 'a footnote marker after the value',
    body: "atlas-0001: Lyon's population should be 522,250[1]\n\n[1]: https://insee.fr/x",
    expect: { ...LYON_POPULATION, proposed_value: '522,250', urls: ['https://insee.fr/x'] },
  },
  {
    name: 'a US date, its comma inside the value',
    body: 'atlas-0002: the first published date of The Hobbit should be September 21, 1937, not 1938.',
    expect: { ...HOBBIT, column: 'First published', proposed_value: 'September 21, 1937' },
  },
  {
    name: 'a year by contrast with a year',
    body: 'atlas-0002: The Hobbit came out in 1937, not 1938.',
    expect: { ...HOBBIT, proposed_value: '1937' },
  },
  {
    name: 'initials without spaces',
    body: 'atlas-0002: The author of The Hobbit should be J.R.R. Tolkien.',
    expect: { ...HOBBIT, column: 'Author', proposed_value: 'J.R.R. Tolkien' },
  },
  {
    name: 'a quoted value holding a comma',
    body: 'atlas-0002, The Hobbit: publisher should be "George Allen & Unwin, London" per the colophon',
    expect: { ...HOBBIT, column: 'Publisher', proposed_value: 'George Allen & Unwin, London' },
  },
  {
    name: 'values in backticks, the proposed one holding a comma',
    body: 'atlas-0002 The Hobbit\nPublisher: `George Allen & Unwin, London` instead of `Houghton Mifflin`',
    expect: { ...HOBBIT, column: 'Publisher', proposed_value: 'George Allen & Unwin, London' },
  },
  {
    name: 'a unit and a bracketed "(not Y)"',
    body: "atlas-0001: Lyon's area should be 47.87 km² (not 48 km²)",
    expect: { task_id: CITIES, gold_row: 1, column: 'Area (km²)', proposed_value: '47.87 km²' },
  },
  {
    name: 'a bullet list with bold labels and a remark after the number',
    body: 'Found an error in atlas-0002:\n- **Book:** The Hobbit\n- **Field:** Pages\n- **Gold:** 310\n- **Should be:** 320 (first edition)',
    expect: { ...HOBBIT, column: 'Pages', proposed_value: '320' },
  },
  {
    name: "a quoted block of someone else's words comes after the reporter's own",
    body: 'In atlas-0001 someone wrote:\n> The mayor of Lyon should be Gérard Collomb.\n\nThat is outdated: Collomb left in 2020, it should be Grégory Doucet.',
    expect: { ...LYON_MAYOR, proposed_value: 'Grégory Doucet' },
  },
  {
    name: 'an issue form whose answer is a sentence',
    body: '### Task id\n\natlas-0001\n\n### Row\n\nLyon\n\n### Column\n\nMayor\n\n### Proposed correction\n\nThe mayor should be Grégory Doucet, not Gérard Collomb.\n\n### Source\n\nhttps://lyon.fr',
    expect: { ...LYON_MAYOR, proposed_value: 'Grégory Doucet', urls: ['https://lyon.fr'] },
  },
  {
    name: 'an issue form whose fix says "replace Y with X"',
    body: '### Task id\n\natlas-0001\n\n### Which row?\n\nLyon\n\n### What is wrong?\n\nThe mayor is outdated.\n\n### Suggested fix\n\nReplace `Gérard Collomb` with `Grégory Doucet`.',
    expect: { ...LYON_MAYOR, proposed_value: 'Grégory Doucet' },
  },
  {
    name: '"is listed as Y, not X": the gold\'s value comes first',
    body: "atlas-0001: Lyon's mayor is listed as Gérard Collomb, not Grégory Doucet.",
    expect: { ...LYON_MAYOR, proposed_value: 'Grégory Doucet' },
  },
  {
    name: '"<row> has X, not Y" is the reporter\'s fact, not the gold\'s',
    body: 'atlas-0001: Lyon has 522,250 inhabitants, not 513,275.',
    expect: { task_id: CITIES, gold_row: 1, proposed_value: '522,250 inhabitants' },
  },
  {
    name: 'the same preposition on both sides: "by X, not by Y"',
    body: 'atlas-0002: The Hobbit was published by George Allen & Unwin, not by Houghton Mifflin.',
    expect: { ...HOBBIT, proposed_value: 'George Allen & Unwin' },
  },
  {
    name: 'an unquoted missing entity named before "is missing"',
    body: 'Marseille is missing from atlas-0001.',
    expect: { task_id: CITIES, gold_row: null, proposed_value: null, missing_entity: 'Marseille' },
  },
  {
    name: 'a missing entity after "the table lacks"',
    body: 'In atlas-0001 the table lacks Saint-Étienne, which has over 170,000 inhabitants.',
    expect: { task_id: CITIES, gold_row: null, proposed_value: null, missing_entity: 'Saint-Étienne' },
  },
  {
    name: 'a hedge "not sure, but …" states no value',
    body: "atlas-0001: I'm not sure, but I think the mayor of Lyon changed in 2020.",
    expect: { ...LYON_MAYOR, proposed_value: null },
  },
  {
    name: 'an idiom "not a big deal, but …" states no value',
    body: "Thanks for atlas-0001! Not a big deal, but Lyon's mayor changed in 2020.",
    expect: { ...LYON_MAYOR, proposed_value: null },
  },
];

/** Sentences the contrast readings must leave alone (these parse the same before and after). */
const NO_VALUE: ProseCase[] = [
  {
    name: 'a row that "should be removed from the table": a row report, not a value',
    body: 'Task: atlas-0001\nRow 2 is not a city at all; it should be removed from the table.',
    expect: { task_id: CITIES, gold_row: 1, column: null, proposed_value: null },
  },
  {
    name: '"should be deleted from <task>"',
    body: 'Lyon should be deleted from atlas-0001, it is not a city.',
    expect: { task_id: CITIES, gold_row: 1, proposed_value: null },
  },
  {
    name: '"Y, not sure …" is a hedge',
    body: "atlas-0002: The Hobbit's page count is 310, not sure if that's right though",
    expect: { ...HOBBIT, proposed_value: null },
  },
  {
    name: '"is wrong, not …" is a verdict',
    body: "atlas-0001 Lyon's mayor is wrong, not updated since 2020.",
    expect: { ...LYON_MAYOR, proposed_value: null },
  },
  {
    name: '"is Y instead of X" reads both ways and is left to the engineer',
    body: 'atlas-0001: Lyon mayor is Gérard Collomb instead of Grégory Doucet',
    expect: { ...LYON_MAYOR, proposed_value: null },
  },
  {
    name: '"correct <column>, which is currently Y" names the gold\'s value',
    body: "atlas-0001: Please correct Lyon's population which is currently 513,275.",
    expect: { ...LYON_POPULATION, proposed_value: null },
  },
  {
    name: '"X is missing a mayor" says a value is missing, not that X is',
    body: 'atlas-0001: Marseile is missing a mayor.',
    expect: { task_id: CITIES, proposed_value: null, missing_entity: null },
  },
];

function check(c: ProseCase): void {
  const parsed = parseReport({ title: 'Gold error', body: c.body }, c.catalogue ?? CATALOGUE);
  const { urls, ...fields } = c.expect;
  expect(parsed).toMatchObject(fields);
  if (urls) expect(parsed.urls.map((u) => u.url)).toEqual(urls);
}

describe('free-text reports', () => {
  it.each(FIRST_SEEN.map((c) => [c.name, c] as const))('first seen: %s', (_name, c) => check(c));
  it.each(PHRASINGS.map((c) => [c.name, c] as const))('%s', (_name, c) => check(c));
  it.each(NO_VALUE.map((c) => [c.name, c] as const))('no value: %s', (_name, c) => check(c));
});

describe('hostile free text', () => {
  const lines = (unit: string, tail = ''): string =>
    `${unit.repeat(Math.floor(1990 / unit.length))}${tail}\n`.repeat(32);

  it.each([
    ['contrast after contrast', lines(', not 1')],
    ['a run of numbers before a contrast', lines('1 ', 'x, not 2')],
    ['lead-in after lead-in', lines(' is', ', not 2')],
    ['capitalised words before "is missing"', lines('Aa de ', 'is missing')],
    ['an unclosed quote after "should be"', lines('should be "a, ')],
    ['"instead of" after "instead of"', lines('x instead of ')],
    ['the same preposition over and over', lines(' in x', ', not in y')],
    ['"correct" followed by words', lines('correct a ')],
  ])('parses a body of %s quickly', (_name, body) => {
    const started = performance.now();
    parseReport({ title: 'atlas-0001', body }, CATALOGUE);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('bodies over GitHub’s limit', () => {
  const TITLE = 'Wrong mayor for Lyon in atlas-0001';

  it.each([
    ['one long word', 'a'.repeat(3_000_000)],
    ['words', 'word '.repeat(600_000)],
    ['table rows', '| a | b |\n'.repeat(300_000)],
    ['digits', '1234567890 '.repeat(275_000)],
    ['link-like text', 'https://x.com/'.repeat(215_000)],
  ])('a 3 MB body of %s: only the first 65,536 characters are read, quickly, and a note says so', (_name, body) => {
    const started = performance.now();
    const parsed = parseReport({ title: TITLE, body }, CITY_CATALOGUE);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(parsed.task_id).toBe(CITIES);
    expect(parsed.notes).toContainEqual(expect.stringMatching(/only the first 65,536 were read/));
  });

  it('ignores what comes after the limit, and never ends on half a character', () => {
    const link = 'https://x.example/';
    // The link ends one character before the limit, so the emoji's first half is the last character read.
    const padding = `${'a '.repeat((MAX_BODY_CHARS - link.length - 2) / 2)} `;
    const body = `${padding}${link}😀 Mayor should be Grégory Doucet. https://late.example/`;
    expect(body.charCodeAt(MAX_BODY_CHARS - 1)).toBeGreaterThanOrEqual(0xd800);
    const parsed = parseReport({ title: TITLE, body }, CITY_CATALOGUE);
    expect(parsed.urls.map((u) => u.url)).toEqual([link]);
    expect(parsed.proposed_value).toBeNull();
  });

  it('leaves a body of exactly the limit, and the title, whole', () => {
    const body = `${'x'.repeat(MAX_BODY_CHARS - '\nshould be 7'.length)}\nshould be 7`;
    expect(body).toHaveLength(MAX_BODY_CHARS);
    const parsed = parseReport({ title: `${'y '.repeat(40_000)}atlas-0001`, body }, CITY_CATALOGUE);
    expect(parsed.notes.some((note) => note.includes('were read'))).toBe(false);
    expect(parsed.task_id).toBe(CITIES);
    expect(parsed.proposed_value).toBe('7');
  });
});
