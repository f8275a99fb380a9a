// Report bodies written for the parser tests, in the shapes users really
// send: issue-form templates, bold labels, key/value and horizontal tables,
// pasted table snippets, free text with typos, and hostile markup. Each case
// states every field the parser must extract.
import type { RowBy } from '../../../shared/report-parse';
import { BAUHAUS, BRIDGES, ZELDA } from './catalogue';

export interface ExpectedUrl {
  url: string;
  safe: boolean;
}

export interface CorpusCase {
  name: string;
  title: string;
  body: string | null;
  expect: {
    task_id: string | null;
    task_text?: string | null;
    ambiguous_task?: boolean;
    task_candidates?: string[];
    gold_row: number | null;
    row_by: RowBy | null;
    column: string | null;
    /** Exact score, or [min, max] for fuzzy matches. */
    column_score: number | [number, number] | null;
    proposed_value: string | null;
    missing_entity?: string | null;
    urls: ExpectedUrl[];
    confidence: [number, number];
    notes?: RegExp[];
  };
}

const safe = (url: string): ExpectedUrl => ({ url, safe: true });
const unsafe = (url: string): ExpectedUrl => ({ url, safe: false });

export const CORPUS: CorpusCase[] = [
  {
    name: 'issue form, row by number',
    title: 'Gold error: Wind Waker HD metascore',
    body: `### Task ID

atlas/0007:zelda remakes

### Row (number or entity name)

2

### Column

Critic Metascore

### Correct value

91

### Source link(s)

https://www.metacritic.com/game/the-legend-of-zelda-the-wind-waker-hd/

### Anything else?

_No response_`,
    expect: {
      task_id: ZELDA,
      ambiguous_task: false,
      gold_row: 1,
      row_by: 'number',
      column: 'Critic Metascore',
      column_score: 1,
      proposed_value: '91',
      urls: [safe('https://www.metacritic.com/game/the-legend-of-zelda-the-wind-waker-hd/')],
      confidence: [0.9, 0.95],
    },
  },
  {
    name: 'issue form, row by entity, typo in the column',
    title: 'Hardanger main span',
    body: `### Task ID
atlas-0003
### Row
Hardanger Bridge
### Column
Main spn (m)
### Correct value
1,310 m
### Source
https://en.wikipedia.org/wiki/Hardanger_Bridge`,
    expect: {
      task_id: BRIDGES,
      gold_row: 0,
      row_by: 'entity',
      column: 'Main span (m)',
      column_score: [0.85, 0.95],
      proposed_value: '1,310 m',
      urls: [safe('https://en.wikipedia.org/wiki/Hardanger_Bridge')],
      confidence: [0.9, 1],
    },
  },
  {
    name: 'free text, row by alias, two sources',
    title: 'Wrong metascore for Ocarina of Time 3D in atlas/0007:zelda remakes',
    body: `Hi! The Critic Metascore listed for Ocarina of Time 3D should be 93, not what the table says.
See https://www.metacritic.com/game/the-legend-of-zelda-ocarina-of-time-3d/ and
https://en.wikipedia.org/wiki/The_Legend_of_Zelda:_Ocarina_of_Time_3D.`,
    expect: {
      task_id: ZELDA,
      gold_row: 0,
      row_by: 'alias',
      column: 'Critic Metascore',
      column_score: 1,
      proposed_value: '93',
      urls: [
        safe('https://www.metacritic.com/game/the-legend-of-zelda-ocarina-of-time-3d/'),
        safe('https://en.wikipedia.org/wiki/The_Legend_of_Zelda:_Ocarina_of_Time_3D'),
      ],
      confidence: [0.95, 1],
    },
  },
  {
    name: 'key/value markdown table',
    title: 'Breuer birth year',
    body: `Reporting a gold error:

| Field | Value |
|---|---|
| Task | atlas-0012 |
| Row | 3 |
| Column | Birth year |
| Correct value | 1902 |
| Source | https://www.bauhaus.de/en/breuer |
`,
    expect: {
      task_id: BAUHAUS,
      gold_row: 2,
      row_by: 'number',
      column: 'Birth year',
      column_score: 1,
      proposed_value: '1902',
      urls: [safe('https://www.bauhaus.de/en/breuer')],
      confidence: [0.9, 0.95],
    },
  },
  {
    name: 'horizontal markdown table, row by name',
    title: 'County of Stord Bridge',
    body: `| task | row | column | current | correct | source |
|------|-----|--------|---------|---------|--------|
| atlas-0003 | Stord Bridge | County | (not quoting it) | Vestland | https://no.wikipedia.org/wiki/Stordabrua |`,
    expect: {
      task_id: BRIDGES,
      gold_row: 1,
      row_by: 'entity',
      column: 'County',
      column_score: 1,
      proposed_value: 'Vestland',
      urls: [safe('https://no.wikipedia.org/wiki/Stordabrua')],
      confidence: [1, 1],
    },
  },
  {
    name: 'pasted table snippet with task columns',
    title: 'Hannes Meyer birthplace (atlas-0012)',
    body: `The row should read:

| Architect | Birthplace |
|---|---|
| Hannes Meyer | Basel |

Source: https://en.wikipedia.org/wiki/Hannes_Meyer`,
    expect: {
      task_id: BAUHAUS,
      gold_row: 3,
      row_by: 'entity',
      column: 'Birthplace',
      column_score: 1,
      proposed_value: 'Basel',
      urls: [safe('https://en.wikipedia.org/wiki/Hannes_Meyer')],
      confidence: [1, 1],
    },
  },
  {
    name: 'free text with a transposed-letter typo in the column',
    title: 'atlas-0003: Tjeldsund Bridge',
    body: 'The opening yaer of Tjeldsund Bridge should be 1967 according to https://www.vegvesen.no/vegprosjekter/tjeldsundbrua',
    expect: {
      task_id: BRIDGES,
      gold_row: 2,
      row_by: 'entity',
      column: 'Opening year',
      column_score: [0.85, 0.95],
      proposed_value: '1967',
      urls: [safe('https://www.vegvesen.no/vegprosjekter/tjeldsundbrua')],
      confidence: [0.9, 1],
    },
  },
  {
    name: 'row #N in prose, lower-case column',
    title: 'Death year wrong',
    body: 'In task atlas-0012, row #4, the death year is off. It should be 1954. https://www.britannica.com/biography/Hannes-Meyer',
    expect: {
      task_id: BAUHAUS,
      gold_row: 3,
      row_by: 'number',
      column: 'Death year',
      column_score: 1,
      proposed_value: '1954',
      urls: [safe('https://www.britannica.com/biography/Hannes-Meyer')],
      confidence: [0.9, 0.95],
    },
  },
  {
    name: 'ordinal row, short column name, link in parentheses',
    title: 'main span',
    body: 'atlas-0003 — third row, main span: the correct value is 290 m (https://en.wikipedia.org/wiki/Tjeldsund_Bridge)',
    expect: {
      task_id: BRIDGES,
      gold_row: 2,
      row_by: 'number',
      column: 'Main span (m)',
      column_score: [0.8, 0.9],
      proposed_value: '290 m',
      urls: [safe('https://en.wikipedia.org/wiki/Tjeldsund_Bridge')],
      confidence: [0.85, 1],
    },
  },
  {
    name: 'no task id',
    title: 'Skyward Sword HD metascore is wrong',
    body: "Skyward Sword HD's metascore in your dataset is wrong; it should be 80.\nSource: https://www.metacritic.com/game/the-legend-of-zelda-skyward-sword-hd/",
    expect: {
      task_id: null,
      task_candidates: [],
      gold_row: null,
      row_by: null,
      column: null,
      column_score: null,
      proposed_value: '80',
      urls: [safe('https://www.metacritic.com/game/the-legend-of-zelda-skyward-sword-hd/')],
      confidence: [0.2, 0.2],
    },
  },
  {
    name: 'two tasks mentioned, evidence picks the second',
    title: 'Gropius birthplace',
    body: 'Found while checking atlas-0003 too, but this one is about atlas-0012: the birthplace of Walter Gropius should be Berlin. https://www.bauhaus.de/en/gropius',
    expect: {
      task_id: BAUHAUS,
      ambiguous_task: true,
      task_candidates: [BRIDGES, BAUHAUS],
      gold_row: 0,
      row_by: 'entity',
      column: 'Birthplace',
      column_score: 1,
      proposed_value: 'Berlin',
      urls: [safe('https://www.bauhaus.de/en/gropius')],
      confidence: [0.8, 0.85],
      notes: [/2 tasks are mentioned/],
    },
  },
  {
    name: 'two tasks mentioned, the labelled answer decides',
    title: 'Lysefjord designer',
    body: `**Task:** atlas-0003
**Row:** Lysefjord Bridge
**Column:** Designer firm
**Correct value:** Aas-Jakobsen

Same kind of mistake as Gropius in atlas-0012. Source: https://en.wikipedia.org/wiki/Lysefjord_Bridge`,
    expect: {
      task_id: BRIDGES,
      ambiguous_task: true,
      task_candidates: [BRIDGES, BAUHAUS],
      gold_row: 3,
      row_by: 'entity',
      column: 'Designer firm',
      column_score: 1,
      proposed_value: 'Aas-Jakobsen',
      urls: [safe('https://en.wikipedia.org/wiki/Lysefjord_Bridge')],
      confidence: [0.8, 0.85],
    },
  },
  {
    name: 'alias written without its accent',
    title: 'atlas-0003 Halogalandsbrua',
    body: 'Halogalandsbrua opening year should be 2018 https://www.vegvesen.no/halogalandsbrua',
    expect: {
      task_id: BRIDGES,
      gold_row: 4,
      row_by: 'alias',
      column: 'Opening year',
      column_score: 1,
      proposed_value: '2018',
      urls: [safe('https://www.vegvesen.no/halogalandsbrua')],
      confidence: [1, 1],
    },
  },
  {
    name: 'hostile HTML, javascript: and data: links',
    title: '<script>alert(1)</script> Gropius',
    body: `<img src=x onerror=alert(1)>
Task: atlas-0012
Row: 1
Column: Birth year
Correct value: 1883
<a href="javascript:alert(1)">source</a> and [click here](javascript:alert(document.cookie))
also data:text/html;base64,PHNjcmlwdD4= and https://en.wikipedia.org/wiki/Walter_Gropius`,
    expect: {
      task_id: BAUHAUS,
      gold_row: 0,
      row_by: 'number',
      column: 'Birth year',
      column_score: 1,
      proposed_value: '1883',
      urls: [
        unsafe('javascript:alert(1)'),
        unsafe('javascript:alert(document.cookie)'),
        unsafe('data:text/html;base64,PHNjcmlwdD4='),
        safe('https://en.wikipedia.org/wiki/Walter_Gropius'),
      ],
      confidence: [0.9, 0.95],
    },
  },
  {
    name: 'bidi and zero-width controls',
    title: 'Gropius death year',
    body: 'Task atlas-\u200b0012, Walter Gropius, death year should be 1969.\nSource: https://en.wikipedia.org/wiki/Walter_Gropius\u202efdp.exe',
    expect: {
      task_id: BAUHAUS,
      gold_row: 0,
      row_by: 'entity',
      column: 'Death year',
      column_score: 1,
      proposed_value: '1969',
      urls: [unsafe('https://en.wikipedia.org/wiki/Walter_Gropius\u202efdp.exe')],
      confidence: [0.9, 0.9],
    },
  },
  {
    name: 'bold labels, two sources as a list',
    title: 'Twilight Princess HD prefecture',
    body: `**Task:** atlas/0007:zelda remakes
**Row:** Twilight Princess HD
**Column:** Hero voice actor home prefecture
**Correct value:** Chiba
**Evidence:**
- https://a.example/voice-cast
- https://b.example/profile?id=12`,
    expect: {
      task_id: ZELDA,
      gold_row: 2,
      row_by: 'alias',
      column: 'Hero voice actor home prefecture',
      column_score: 1,
      proposed_value: 'Chiba',
      urls: [safe('https://a.example/voice-cast'), safe('https://b.example/profile?id=12')],
      confidence: [1, 1],
    },
  },
  {
    name: 'task id written without its label part',
    title: 'Wind Waker HD launch price',
    body: 'atlas/0007 — Wind Waker HD console Japan launch MSRP should be ¥27,000\nhttps://www.nintendo.co.jp/wiiu/bczj/',
    expect: {
      task_id: ZELDA,
      gold_row: 1,
      row_by: 'alias',
      column: 'Console Japan launch MSRP (JPY)',
      column_score: [0.85, 0.95],
      proposed_value: '¥27,000',
      urls: [safe('https://www.nintendo.co.jp/wiiu/bczj/')],
      confidence: [0.85, 0.9],
    },
  },
  {
    name: 'row number outside the table',
    title: 'Death year',
    body: 'Task: atlas-0012\nRow: 9\nColumn: Death year\nCorrect: 1969',
    expect: {
      task_id: BAUHAUS,
      gold_row: null,
      row_by: null,
      column: 'Death year',
      column_score: 1,
      proposed_value: '1969',
      urls: [],
      confidence: [0.65, 0.65],
      notes: [/row 9 is outside the task's 4 gold rows/],
    },
  },
  {
    name: 'row number and name disagree: the name wins',
    title: 'Lysefjord county',
    body: 'atlas-0003 row 2 (Lysefjord Bridge): county should be Rogaland https://snl.no/Lysefjordbrua',
    expect: {
      task_id: BRIDGES,
      gold_row: 3,
      row_by: 'entity',
      column: 'County',
      column_score: 1,
      proposed_value: 'Rogaland',
      urls: [safe('https://snl.no/Lysefjordbrua')],
      confidence: [0.85, 0.9],
      notes: [/disagree/],
    },
  },
  {
    name: 'missing entity, issue form',
    title: 'Missing bridge',
    body: `### Task ID

atlas-0003

### Missing entity

Tromsø Bridge

### Source

https://en.wikipedia.org/wiki/Troms%C3%B8_Bridge`,
    expect: {
      task_id: BRIDGES,
      gold_row: null,
      row_by: null,
      column: null,
      column_score: null,
      proposed_value: null,
      missing_entity: 'Tromsø Bridge',
      urls: [safe('https://en.wikipedia.org/wiki/Troms%C3%B8_Bridge')],
      confidence: [0.75, 0.75],
    },
  },
  {
    name: 'missing entity, free text',
    title: 'Feininger not listed',
    body: 'In atlas-0012, "Lyonel Feininger" is missing from the table. https://www.bauhaus.de/en/feininger',
    expect: {
      task_id: BAUHAUS,
      gold_row: null,
      row_by: null,
      column: null,
      column_score: null,
      proposed_value: null,
      missing_entity: 'Lyonel Feininger',
      urls: [safe('https://www.bauhaus.de/en/feininger')],
      confidence: [0.75, 0.75],
    },
  },
  {
    name: 'template comments with example ids are ignored',
    title: 'Mies birth year',
    body: `<!-- Example: atlas-0003, row 2, Main span (m) — please do not paste the question or the gold table -->
### Task ID
atlas-0012
### Row
Mies van der Rohe
### Column
Birth year
### Correct value
1886
### Source
https://www.moma.org/artists/4016`,
    expect: {
      task_id: BAUHAUS,
      ambiguous_task: false,
      task_candidates: [BAUHAUS],
      gold_row: 1,
      row_by: 'alias',
      column: 'Birth year',
      column_score: 1,
      proposed_value: '1886',
      urls: [safe('https://www.moma.org/artists/4016')],
      confidence: [1, 1],
    },
  },
  {
    name: 'abbreviated column in a labelled answer',
    title: 'Skyward Sword price',
    body: 'Task: atlas/0007:zelda remakes\nRow: 4\nColumn: MSRP\nCorrect value: 7,600 yen\nSource: https://www.nintendo.co.jp/switch/az8ja/',
    expect: {
      task_id: ZELDA,
      gold_row: 3,
      row_by: 'number',
      column: 'Console Japan launch MSRP (JPY)',
      column_score: [0.6, 0.75],
      proposed_value: '7,600 yen',
      urls: [safe('https://www.nintendo.co.jp/switch/az8ja/')],
      confidence: [0.8, 0.9],
    },
  },
  {
    name: 'row as #N in a labelled answer',
    title: 'Breuer notable building',
    body: '- Task: atlas-0012\n- Row: #3\n- Column: Notable building\n- Expected value: Whitney Museum\n- Link: https://whitney.org/about/history',
    expect: {
      task_id: BAUHAUS,
      gold_row: 2,
      row_by: 'number',
      column: 'Notable building',
      column_score: 1,
      proposed_value: 'Whitney Museum',
      urls: [safe('https://whitney.org/about/history')],
      confidence: [0.95, 0.95],
    },
  },
  {
    name: 'change from X to Y',
    title: 'Stord Bridge designer',
    body: 'Please change the designer firm of Stord Bridge (atlas-0003) from whatever it says now to Dr. Ing. A. Aas-Jakobsen. Details: https://no.wikipedia.org/wiki/Stordabrua',
    expect: {
      task_id: BRIDGES,
      gold_row: 1,
      row_by: 'entity',
      column: 'Designer firm',
      column_score: 1,
      proposed_value: 'Dr. Ing. A. Aas-Jakobsen',
      urls: [safe('https://no.wikipedia.org/wiki/Stordabrua')],
      confidence: [1, 1],
    },
  },
  {
    name: 'several links with punctuation, brackets and autolinks',
    title: 'atlas-0012 Mies birthplace',
    body: 'Mies van der Rohe: birthplace should be Aachen. Sources: (https://en.wikipedia.org/wiki/Ludwig_Mies_van_der_Rohe), https://www.moma.org/artists/4016, and <https://www.britannica.com/biography/Ludwig-Mies-van-der-Rohe>.',
    expect: {
      task_id: BAUHAUS,
      gold_row: 1,
      row_by: 'alias',
      column: 'Birthplace',
      column_score: 1,
      proposed_value: 'Aachen',
      urls: [
        safe('https://en.wikipedia.org/wiki/Ludwig_Mies_van_der_Rohe'),
        safe('https://www.moma.org/artists/4016'),
        safe('https://www.britannica.com/biography/Ludwig-Mies-van-der-Rohe'),
      ],
      confidence: [1, 1],
    },
  },
  {
    name: 'task id not in the store',
    title: 'Gold error',
    body: 'Task: atlas-9999\nRow: 1\nColumn: Foo\nCorrect value: 12',
    expect: {
      task_id: null,
      task_text: 'atlas-9999',
      gold_row: null,
      row_by: null,
      column: null,
      column_score: null,
      proposed_value: '12',
      urls: [],
      confidence: [0.1, 0.1],
      notes: [/not in the store/],
    },
  },
  {
    name: 'column named with a short form',
    title: 'atlas/0007:zelda remakes — Skyward Sword HD developer city',
    body: 'Column name: Lead developer HQ city\nThe developer of Skyward Sword HD is based in Melbourne? No — it should be Kyoto.\nhttps://en.wikipedia.org/wiki/Tantalus_Media',
    expect: {
      task_id: ZELDA,
      gold_row: 3,
      row_by: 'alias',
      column: 'Lead developer headquarters city',
      column_score: [0.7, 0.8],
      proposed_value: 'Kyoto',
      urls: [safe('https://en.wikipedia.org/wiki/Tantalus_Media')],
      confidence: [0.9, 0.95],
    },
  },
  {
    name: 'arrow between old and new value',
    title: 'Breuer death year',
    body: 'atlas-0012 / Marcel Breuer / Death year: 1982 → 1981 (https://www.britannica.com/biography/Marcel-Breuer)',
    expect: {
      task_id: BAUHAUS,
      gold_row: 2,
      row_by: 'entity',
      column: 'Death year',
      column_score: 1,
      proposed_value: '1981',
      urls: [safe('https://www.britannica.com/biography/Marcel-Breuer')],
      confidence: [1, 1],
    },
  },
  {
    name: 'entity in capitals with other punctuation, fuzzy column',
    title: 'ESRB rating',
    body: 'atlas/0007:zelda remakes: for THE LEGEND OF ZELDA - SKYWARD SWORD HD the original games us age rating should be T.\nhttps://www.esrb.org/ratings/31413/',
    expect: {
      task_id: ZELDA,
      gold_row: 3,
      row_by: 'entity',
      column: "Original game's U.S. age rating",
      column_score: [0.85, 0.95],
      proposed_value: 'T',
      urls: [safe('https://www.esrb.org/ratings/31413/')],
      confidence: [0.95, 1],
    },
  },
  {
    name: 'no value stated',
    title: 'atlas/0007:zelda remakes: Twilight Princess HD',
    body: 'The headquarters city looks wrong for Twilight Princess HD, please double-check: https://en.wikipedia.org/wiki/Tantalus_Media',
    expect: {
      task_id: ZELDA,
      gold_row: 2,
      row_by: 'alias',
      column: 'Lead developer headquarters city',
      column_score: [0.75, 0.85],
      proposed_value: null,
      urls: [safe('https://en.wikipedia.org/wiki/Tantalus_Media')],
      confidence: [0.8, 0.9],
    },
  },
  {
    name: 'empty body, everything in the title',
    title: 'atlas-0003 Stord Bridge county wrong',
    body: null,
    expect: {
      task_id: BRIDGES,
      gold_row: 1,
      row_by: 'entity',
      column: 'County',
      column_score: 1,
      proposed_value: null,
      urls: [],
      confidence: [0.8, 0.8],
    },
  },
  {
    name: 'current and expected values both labelled',
    title: 'Wind Waker HD developer city',
    body: 'Task ID: atlas/0007:zelda remakes\nEntity: The Legend of Zelda: The Wind Waker HD\nColumn: Lead developer headquarters city\nCurrent value: (omitted on purpose)\nExpected value: Kyoto\nProof: https://www.nintendo.co.jp/corporate/en/',
    expect: {
      task_id: ZELDA,
      gold_row: 1,
      row_by: 'entity',
      column: 'Lead developer headquarters city',
      column_score: 1,
      proposed_value: 'Kyoto',
      urls: [safe('https://www.nintendo.co.jp/corporate/en/')],
      confidence: [1, 1],
    },
  },
  {
    name: 'ordinal suffix row and other schemes listed as unsafe',
    title: 'Gropius birth year',
    body: 'Task: atlas-0012\nRow: 1st\nColumn: Birth year\nCorrect value: 1883\nSee ftp://files.example.org/gropius.pdf or mail mailto:someone@example.org; also file:///etc/passwd',
    expect: {
      task_id: BAUHAUS,
      gold_row: 0,
      row_by: 'number',
      column: 'Birth year',
      column_score: 1,
      proposed_value: '1883',
      urls: [
        unsafe('ftp://files.example.org/gropius.pdf'),
        unsafe('mailto:someone@example.org'),
        unsafe('file:///etc/passwd'),
      ],
      confidence: [0.85, 0.85],
    },
  },
  {
    name: 'thousands separator and justification after the value',
    title: 'Ocarina of Time 3D launch price',
    body: 'In atlas/0007:zelda remakes the Console Japan launch MSRP (JPY) for Ocarina of Time 3D should be 25,000 yen, per the press release at https://www.nintendo.co.jp/ir/pdf/2011/110121.pdf',
    expect: {
      task_id: ZELDA,
      gold_row: 0,
      row_by: 'alias',
      column: 'Console Japan launch MSRP (JPY)',
      column_score: 1,
      proposed_value: '25,000 yen',
      urls: [safe('https://www.nintendo.co.jp/ir/pdf/2011/110121.pdf')],
      confidence: [1, 1],
    },
  },
  {
    name: 'entity name with a typo in a labelled answer',
    title: 'Lysefjord opening',
    body: 'Task: atlas-0003\nEntity: Lysefjrd Bridge\nColumn: Opening year\nCorrect value: 1997\nSource: https://snl.no/Lysefjordbrua',
    expect: {
      task_id: BRIDGES,
      gold_row: 3,
      row_by: 'fuzzy',
      column: 'Opening year',
      column_score: 1,
      proposed_value: '1997',
      urls: [safe('https://snl.no/Lysefjordbrua')],
      confidence: [0.9, 0.95],
    },
  },
  {
    name: 'issue form submitted with CRLF line endings',
    title: 'Skyward Sword HD founding year',
    body: '### Task ID\r\n\r\natlas/0007:zelda remakes\r\n\r\n### Row\r\n\r\nSkyward Sword HD\r\n\r\n### Column\r\n\r\nLead developer founding year\r\n\r\n### Correct value\r\n\r\n1994\r\n\r\n### Source\r\n\r\nhttps://en.wikipedia.org/wiki/Tantalus_Media\r\n',
    expect: {
      task_id: ZELDA,
      gold_row: 3,
      row_by: 'alias',
      column: 'Lead developer founding year',
      column_score: 1,
      proposed_value: '1994',
      urls: [safe('https://en.wikipedia.org/wiki/Tantalus_Media')],
      confidence: [1, 1],
    },
  },
];
