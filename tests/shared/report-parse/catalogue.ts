// A hand-made catalogue for parser tests: the public Zelda task plus two
// invented ones with aliases, accents and look-alike column names.
import type { ReportCatalogue } from '../../../shared/report-parse';

export const ZELDA = 'atlas/0007:zelda remakes';
export const BRIDGES = 'atlas-0003';
export const BAUHAUS = 'atlas-0012';

export const CATALOGUE: ReportCatalogue = {
  tasks: [
    {
      id: ZELDA,
      entityColumn: 'Zelda remake/remaster product title',
      columns: [
        'Zelda remake/remaster product title',
        'Critic Metascore',
        'Lead developer founding year',
        'Lead developer headquarters city',
        "Original game's U.S. age rating",
        'Console Japan launch MSRP (JPY)',
        'Hero voice actor birth year',
        'Hero voice actor home prefecture',
      ],
      rows: [
        { entity: 'The Legend of Zelda: Ocarina of Time 3D', aliases: ['Ocarina of Time 3D'] },
        { entity: 'The Legend of Zelda: The Wind Waker HD', aliases: ['Wind Waker HD'] },
        { entity: 'The Legend of Zelda: Twilight Princess HD', aliases: ['Twilight Princess HD'] },
        { entity: 'The Legend of Zelda: Skyward Sword HD', aliases: ['Skyward Sword HD'] },
      ],
    },
    {
      id: BRIDGES,
      entityColumn: 'Bridge name',
      columns: ['Bridge name', 'Main span (m)', 'Opening year', 'County', 'Designer firm'],
      rows: [
        { entity: 'Hardanger Bridge', aliases: ['Hardangerbrua'] },
        { entity: 'Stord Bridge', aliases: ['Stordabrua'] },
        { entity: 'Tjeldsund Bridge', aliases: [] },
        { entity: 'Lysefjord Bridge', aliases: ['Lysefjordbrua'] },
        { entity: 'Hålogaland Bridge', aliases: ['Hålogalandsbrua'] },
      ],
    },
    {
      id: BAUHAUS,
      entityColumn: 'Architect',
      columns: ['Architect', 'Birth year', 'Birthplace', 'Notable building', 'Death year'],
      rows: [
        { entity: 'Walter Gropius', aliases: [] },
        { entity: 'Ludwig Mies van der Rohe', aliases: ['Mies van der Rohe'] },
        { entity: 'Marcel Breuer', aliases: [] },
        { entity: 'Hannes Meyer', aliases: [] },
      ],
    },
  ],
};
