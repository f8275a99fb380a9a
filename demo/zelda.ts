// The public example task from the ATLAS dataset card (Zelda remakes), with
// scripted disagreements so the demo opens on disputes a reader can check by eye.
import { pad4 } from './plan';
import type { Contest, ExtraEntity, ForcedValue, GoldJson, PlannedColumn, TaskPlan } from './types';
import { choiceKind, judgedKind, numberKind, poolKind, yearKind } from './values';

export const ZELDA_CANARY = 'ATLAS canary example 0001';
const ENTITY = 'Zelda remake/remaster product title';
const METASCORE = 'Critic Metascore';
const FOUNDED = 'Lead developer founding year';
const CITY = 'Lead developer headquarters city';
const RATING = "Original game's U.S. age rating";
const MSRP = 'Console Japan launch MSRP (JPY)';
const BIRTH = 'Hero voice actor birth year';
const PREFECTURE = 'Hero voice actor home prefecture';

const COLUMNS: PlannedColumn[] = [
  {
    column: { name: METASCORE, rule: { type: 'number', tolerance: 0 } },
    kind: numberKind({ min: 60, max: 99, spread: [0.02, 0.08] }),
  },
  { column: { name: FOUNDED, rule: { type: 'number', tolerance: 0 } }, kind: yearKind(1880, 2010) },
  {
    column: { name: CITY, rule: { type: 'text' } },
    kind: poolKind([['Tokyo'], ['Kyoto', 'Kyōto'], ['Melbourne'], ['Osaka'], ['Redmond']]),
  },
  {
    column: { name: RATING, rule: { type: 'choice', options: ['E', 'E10+', 'T', 'M'] } },
    kind: choiceKind(['E', 'E10+', 'T', 'M']),
  },
  {
    column: { name: MSRP, rule: { type: 'number', relative_tolerance: 0.01 } },
    kind: numberKind({ min: 9_000, max: 40_000, prefix: '¥', unit: 'yen', spread: [0.04, 0.2] }),
  },
  { column: { name: BIRTH, rule: { type: 'number', tolerance: 0 } }, kind: yearKind(1950, 2000) },
  {
    column: {
      name: PREFECTURE,
      rule: { type: 'llm_judge', criterion: 'Prefecture name; English or Japanese spelling' },
    },
    kind: judgedKind([
      ['Hiroshima', 'Hiroshima Prefecture', '広島県'],
      ['Kyoto', 'Kyoto Prefecture', '京都府'],
      ['Tokyo', 'Tokyo Metropolis', '東京都'],
      ['Kanagawa', 'Kanagawa Prefecture', '神奈川県'],
      ['Chiba', 'Chiba Prefecture', '千葉県'],
      ['Osaka', 'Osaka Prefecture', '大阪府'],
    ]),
  },
];

interface ZeldaRow {
  entity: string;
  alias: string;
  llmName: string;
  slug: string;
  values: [string, string, string, string, string, string, string];
}

// Exactly the four rows the dataset card prints.
const ROWS: ZeldaRow[] = [
  {
    entity: 'The Legend of Zelda: Ocarina of Time 3D',
    alias: 'Ocarina of Time 3D',
    llmName: 'Zelda: Ocarina of Time (3DS remake)',
    slug: 'the-legend-of-zelda-ocarina-of-time-3d',
    values: ['94', '2006', 'Tokyo', 'E', '25000', '1967', 'Hiroshima'],
  },
  {
    entity: 'The Legend of Zelda: The Wind Waker HD',
    alias: 'Wind Waker HD',
    llmName: 'Zelda Wind Waker (Wii U HD remaster)',
    slug: 'the-legend-of-zelda-the-wind-waker-hd',
    values: ['90', '1889', 'Kyoto', 'E', '26250', '1973', 'Kyoto'],
  },
  {
    entity: 'The Legend of Zelda: Twilight Princess HD',
    alias: 'Twilight Princess HD',
    llmName: 'Zelda Twilight Princess for Wii U',
    slug: 'the-legend-of-zelda-twilight-princess-hd',
    values: ['86', '1994', 'Melbourne', 'T', '26250', '1973', 'Tokyo'],
  },
  {
    entity: 'The Legend of Zelda: Skyward Sword HD',
    alias: 'Skyward Sword HD',
    llmName: 'Skyward Sword (Switch HD version)',
    slug: 'the-legend-of-zelda-skyward-sword-hd',
    values: ['81', '1994', 'Melbourne', 'E10+', '32378', '1978', 'Kanagawa'],
  },
];

const DEVELOPER_PAGES: Record<string, string> = {
  Tokyo: 'https://en.wikipedia.org/wiki/Grezzo',
  Kyoto: 'https://en.wikipedia.org/wiki/Nintendo',
  Melbourne: 'https://en.wikipedia.org/wiki/Tantalus_Media',
};

function zeldaGold(): GoldJson {
  return {
    entity_column: ENTITY,
    columns: [{ name: ENTITY, rule: { type: 'entity' } }, ...COLUMNS.map((c) => c.column)],
    rows: ROWS.map((row) => {
      const cells: GoldJson['rows'][number]['cells'] = {};
      COLUMNS.forEach(({ column }, i) => {
        const value = row.values[i]!;
        if (column.name === METASCORE)
          cells[column.name] = { value, sources: [`https://www.metacritic.com/game/${row.slug}/`] };
        else if (column.name === CITY) cells[column.name] = { value, sources: [DEVELOPER_PAGES[value]!] };
        else cells[column.name] = { value };
      });
      return { entity: row.entity, aliases: [row.alias], cells };
    }),
  };
}

/** Distinct system indices for a script written for six systems, folded onto `graders`. */
function pickSystems(graders: number, wanted: number[]): number[] {
  return [...new Set(wanted.map((s) => s % graders))].sort((a, b) => a - b);
}

export function planZeldaTask(index: number, graders: number): TaskPlan {
  const id = `atlas/${pad4(index + 1)}:zelda remakes`;
  const contest = (row: number, column: string, value: string, systems: number[]): Contest => ({
    row,
    column,
    value,
    systems: pickSystems(graders, systems),
  });
  const contests: Contest[] =
    graders >= 2
      ? [
          contest(0, METASCORE, '93', [0, 2, 4]),
          contest(1, FOUNDED, '1947', [3, 4]),
          contest(2, PREFECTURE, 'Chiba', [1, 3]),
          contest(3, MSRP, '29980', [2, 5]),
        ]
      : [];
  // Answers that only normalisation or the judge makes equal to gold, and one a text rule rejects.
  const force = (system: number, row: number, column: string, value: string): ForcedValue => ({
    system: system % graders,
    row,
    column,
    value,
  });
  const forced: ForcedValue[] = [
    force(0, 0, MSRP, '25,000'),
    force(1, 0, CITY, ' tokyo '),
    force(2, 0, PREFECTURE, 'Hiroshima Prefecture'),
    force(3, 0, PREFECTURE, '広島県'),
    force(1, 3, RATING, 'e10+'),
    force(4, 1, CITY, 'KYOTO'),
    force(5, 2, CITY, 'Melbourne, Australia'),
  ];
  const extras: ExtraEntity[] =
    graders >= 2
      ? [
          {
            names: [
              "The Legend of Zelda: Link's Awakening",
              "the legend of zelda: link's awakening",
              "THE LEGEND OF ZELDA:  LINK'S AWAKENING",
            ],
            values: {
              [METASCORE]: '87',
              [FOUNDED]: '2006',
              [CITY]: 'Tokyo',
              [RATING]: 'E',
              [MSRP]: '32378',
              [BIRTH]: '',
              [PREFECTURE]: '',
            },
            systems: pickSystems(graders, [0, 1, 3]),
          },
          {
            names: ["The Legend of Zelda: Majora's Mask 3D", "The Legend of Zelda:  Majora's Mask 3D"],
            values: {
              [METASCORE]: '89',
              [FOUNDED]: '2006',
              [CITY]: 'Tokyo',
              [RATING]: 'E',
              [MSRP]: '25000',
              [BIRTH]: '1967',
              [PREFECTURE]: 'Hiroshima',
            },
            systems: pickSystems(graders, [2, 4]),
          },
        ]
      : [];
  const columnList = COLUMNS.map((c) => c.column.name).join('; ');
  const question =
    'Which Legend of Zelda video games have been adapted into a reworked version (a product marketed or built as a ' +
    '"remake," "remaster," "HD," "3D," or "definitive/anniversary edition") that actually went on sale on or before ' +
    '11 October 2026, published and sold by Nintendo for the Nintendo 3DS, Wii U, Nintendo Switch or Nintendo Switch 2? ' +
    `Return a table with one row per product and these columns: ${ENTITY}; ${columnList}. ` +
    '(Public example task from the ATLAS dataset card; not one of the 547 tasks.)';
  return {
    id,
    canary: ZELDA_CANARY,
    question,
    entityColumn: ENTITY,
    columns: COLUMNS,
    rows: ROWS.map((row) => ({ entity: row.entity, aliases: [row.alias], llmName: row.llmName })),
    gold: zeldaGold(),
    contests,
    extras,
    forced: graders >= 2 ? forced : [],
    scripted: true,
    misses: graders >= 2 ? [{ system: 1 % graders, row: 1 }] : [],
    decoys: [
      'The Legend of Zelda: Breath of the Wild',
      'Hyrule Warriors: Definitive Edition',
      'The Legend of Zelda: A Link Between Worlds',
      "Link's Awakening DX",
    ],
    sourceHosts: ['www.metacritic.com/game', 'en.wikipedia.org/wiki', 'www.nintendo.co.jp/titles'],
  };
}
