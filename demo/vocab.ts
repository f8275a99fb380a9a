// Fixed word lists. Everything invented here is clearly fictional (regions that
// do not exist, `.example` hosts) so demo data can never pass for real gold.

export const SYSTEM_NAMES = [
  'scout-exa-auto-highlights',
  'orion-deep-research',
  'kestrel-search',
  'lumen-agent-pro',
  'perch-rag',
  'tern-fast',
  'heron-research',
  'wren-mini',
  'osprey-max',
  'plover-web',
  'finch-lite',
  'egret-browse',
  'swift-crawl',
  'ibis-answer',
  'merlin-lens',
  'rook-retriever',
] as const;

/** The system that ships as a flat `*.cells.jsonl` file instead of a harness run. */
export const FLAT_SYSTEM = 'kite-pipeline';

export const JUDGES = ['blind-judge-1', 'blind-judge-2', 'blind-judge-3'] as const;

export const JUDGE_MODEL = 'gpt-6-luna';

export const REGIONS = [
  'Varnholm',
  'the Ostmark Archipelago',
  'New Tarrow',
  'Kesselland',
  'the Brightwater Coast',
  'Lower Fennick',
];

export const CONDITIONS = [
  'were open to the public on 1 September 2026',
  'were founded before 2020 and are still independently owned',
  'appear in the (fictional) 2026 Lantern Register',
  'have at least one branch outside their home town',
  'won or were shortlisted for the fictional Copperleaf Prize',
  'changed ownership at least once since 2001',
];

export interface Topic {
  /** Plural noun used in questions. */
  plural: string;
  /** Short label used in unsafe task ids ("atlas/0012:varnholm lighthouses"). */
  label: string;
  entityColumn: string;
  suffixes: string[];
}

export const TOPICS: Topic[] = [
  {
    plural: 'independent bookshops',
    label: 'bookshops',
    entityColumn: 'Bookshop name',
    suffixes: ['Books', 'Bookshop', 'Buchhandlung', 'Libreria'],
  },
  {
    plural: 'microbreweries',
    label: 'breweries',
    entityColumn: 'Brewery name',
    suffixes: ['Brewing Co.', 'Brauhaus', 'Ales', 'Brewery'],
  },
  {
    plural: 'public observatories',
    label: 'observatories',
    entityColumn: 'Observatory name',
    suffixes: ['Observatory', 'Sternwarte', 'Star Station'],
  },
  {
    plural: 'ferry operators',
    label: 'ferries',
    entityColumn: 'Ferry operator',
    suffixes: ['Ferries', 'Line', 'Shipping', 'Sound Lines'],
  },
  {
    plural: 'robotics start-ups',
    label: 'robotics',
    entityColumn: 'Company name',
    suffixes: ['Robotics', 'Automation', 'Dynamics', 'Machines'],
  },
  {
    plural: 'botanical gardens',
    label: 'gardens',
    entityColumn: 'Garden name',
    suffixes: ['Botanical Garden', 'Arboretum', 'Gardens'],
  },
  {
    plural: 'chess clubs',
    label: 'chess clubs',
    entityColumn: 'Club name',
    suffixes: ['Chess Club', 'Schachklub', 'Chess Circle'],
  },
  {
    plural: 'tea houses',
    label: 'tea houses',
    entityColumn: 'Tea house name',
    suffixes: ['Tea House', 'Teahouse', 'Tea Rooms'],
  },
  {
    plural: 'lighthouses',
    label: 'lighthouses',
    entityColumn: 'Lighthouse name',
    suffixes: ['Lighthouse', 'Light', 'Beacon'],
  },
  {
    plural: 'puppet theatres',
    label: 'puppet theatres',
    entityColumn: 'Theatre name',
    suffixes: ['Puppet Theatre', 'Marionettes', 'Figurentheater'],
  },
  { plural: 'mountain huts', label: 'mountain huts', entityColumn: 'Hut name', suffixes: ['Hut', 'Hütte', 'Refuge'] },
  {
    plural: 'indie game studios',
    label: 'game studios',
    entityColumn: 'Studio name',
    suffixes: ['Games', 'Interactive', 'Studio'],
  },
];

export type StemScript = 'ascii' | 'accent' | 'cjk' | 'eszett' | 'rtl';

/** Name stems by script, so unicode names (accents, CJK, ß, right-to-left) appear on purpose. */
export const STEMS: Record<StemScript, string[]> = {
  ascii: [
    'Varn',
    'Halden',
    'Ostmark',
    'Brightwater',
    'Kestrel',
    'Mossbank',
    'Fennick',
    'Juniper',
    'Tarrow',
    'Wendle',
    'Copperleaf',
    'Saltmere',
    'Greywick',
    'Lanternfield',
    'Orrin',
    'Thistledown',
    'Marrow Quay',
    'Pellam',
    'Quillon',
    'Rookfold',
    'Sable Hill',
    'Tidewell',
    'Umber',
    'Vesper',
    'Whitlow',
    'Yarrowby',
    'Ashcombe',
    'Bellhaven',
    'Cinder',
    'Dunmore',
    'Elderby',
    'Farthing',
    'Glimmer',
    'Hollin',
    'Ivybridge',
    'Kettle',
    'Larkspur',
    'Mistral',
    'Northgate',
  ],
  accent: [
    'Café Ñandú',
    'Zoë Marchetti',
    'Ørbæk',
    'Åsgård',
    'Čapek',
    'Łąkowa',
    'Ébène',
    'São Brás',
    'Müllerhof',
    'Íslendinga',
    'Crème Brûlée',
  ],
  cjk: ['東雲', '青葉', '桜坂', '星川', '한빛', '月見', '白鷺', '春風'],
  eszett: ['Großheim', 'Weißbach', 'Straßberg', 'Meißenfeld', 'Außenalster', 'Grüße'],
  rtl: ['دار النور', 'בית הים', 'نجمة الصباح', 'אור חדש', 'واحة'],
};

/** Cities, some with a second accepted spelling. */
export const CITIES: [string, ...string[]][] = [
  ['Tokyo'],
  ['Kyoto', 'Kyōto'],
  ['München', 'Munich'],
  ['Zürich', 'Zurich'],
  ['Kraków', 'Krakow'],
  ['São Paulo'],
  ['Reykjavík', 'Reykjavik'],
  ['Göteborg', 'Gothenburg'],
  ['Düsseldorf'],
  ['Malmö'],
  ['Gießen', 'Giessen'],
  ['Melbourne'],
  ['Osaka', 'Ōsaka'],
  ['Montréal', 'Montreal'],
  ['Lisbon', 'Lisboa'],
  ['Valparaíso'],
  ['Tartu'],
  ['Halifax'],
];

export const STREETS = [
  'Hauptstraße',
  'Lindenstraße',
  'Schloßstraße',
  'Rue de la Paix',
  'Calle Mayor',
  'Harbour Road',
  'Mill Lane',
  'Großer Markt',
];

export const PEOPLE = [
  'José Ñúñez',
  'Åsa Lindqvist',
  'Zoë Kowalczyk',
  '山田 花子',
  'Jürgen Weiß',
  'Amara Okafor',
  'Liam O’Connor',
  'Søren Dahl',
  'Chiara Bellandi',
  'Farah Haddad',
  'Mateus Araújo',
  'Ingrid Bjørnstad',
  '김 민준',
  'Rafael Peña',
  'Noor Al-Sayed',
  'Tomasz Wójcik',
];

export const SPECIALITIES = [
  'Lager',
  'Stout',
  'Porter',
  'Cider',
  'Poetry',
  'Maps',
  'Comics',
  'Telescopes',
  'Ferns',
  'Orchids',
  'Blitz',
  'Puppetry',
  'Oolong',
  'Matcha',
  'Drones',
  'Sensors',
];

export const OWNERSHIP = ['Independent', 'Cooperative', 'Family-owned', 'Non-profit', 'Municipal'];

/** Gold values of judge-graded columns, each with spellings a judge accepts. */
export const PROFESSIONS: [string, ...string[]][] = [
  ['Marine biologist', 'Ocean scientist', 'Marine scientist'],
  ['Schoolteacher', 'Primary school teacher', 'Teacher'],
  ['Carpenter', 'Joiner', 'Cabinet maker'],
  ['Software engineer', 'Programmer', 'Software developer'],
  ['Ship captain', 'Sea captain', 'Master mariner'],
  ['Pastry chef', 'Pâtissier', 'Baker'],
  ['Astronomer', 'Astrophysicist'],
  ['Architect', 'Building designer'],
];

export const PROVINCES: [string, ...string[]][] = [
  ['Hokkaido', '北海道', 'Hokkaidō'],
  ['Bavaria', 'Bayern', 'Free State of Bavaria'],
  ['Catalonia', 'Catalunya', 'Cataluña'],
  ['Quebec', 'Québec', 'Province of Quebec'],
  ['Tuscany', 'Toscana'],
  ['Scania', 'Skåne'],
  ['Galicia', 'Galiza'],
  ['Lower Saxony', 'Niedersachsen'],
];
