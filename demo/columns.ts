// Attribute columns invented tasks draw from: one of every rule type, so each
// grader path (tolerances, dates, sets, hosts, the LLM judge) gets exercised.
import type { PlannedColumn } from './types';
import {
  choiceKind,
  dateKind,
  judgedKind,
  listKind,
  numberKind,
  poolKind,
  streetKind,
  urlKind,
  yearKind,
} from './values';
import { CITIES, OWNERSHIP, PEOPLE, PROFESSIONS, PROVINCES, SPECIALITIES, STREETS } from './vocab';

export const COLUMN_POOL: PlannedColumn[] = [
  { column: { name: 'Founding year', rule: { type: 'number', tolerance: 0 } }, kind: yearKind(1820, 2024) },
  { column: { name: 'Headquarters city', rule: { type: 'text' } }, kind: poolKind(CITIES) },
  {
    column: { name: 'Annual visitors', rule: { type: 'number', relative_tolerance: 0.02 } },
    kind: numberKind({ min: 1_200, max: 2_500_000 }),
  },
  { column: { name: 'Opening date', rule: { type: 'date', tolerance_days: 3 } }, kind: dateKind(1950, 2026, 3) },
  { column: { name: 'Ownership', rule: { type: 'choice', options: OWNERSHIP } }, kind: choiceKind(OWNERSHIP) },
  { column: { name: 'Official website', rule: { type: 'url' } }, kind: urlKind() },
  { column: { name: 'Street address', rule: { type: 'text' } }, kind: streetKind(STREETS) },
  {
    column: { name: 'Staff count', rule: { type: 'number', tolerance: 2 } },
    kind: numberKind({ min: 3, max: 900, minDelta: 5, spread: [0.1, 0.4] }),
  },
  { column: { name: 'Specialities', rule: { type: 'list' } }, kind: listKind(SPECIALITIES) },
  {
    column: {
      name: "Founder's former profession",
      rule: { type: 'llm_judge', criterion: 'Same profession; synonyms and close job titles accepted' },
    },
    kind: judgedKind(PROFESSIONS),
  },
  { column: { name: 'Current director', rule: { type: 'text' } }, kind: poolKind(PEOPLE.map((p) => [p])) },
  {
    column: { name: 'Entry fee (EUR)', rule: { type: 'number', tolerance: 0.25 } },
    kind: numberKind({ min: 2, max: 45, decimals: 2, prefix: '€', unit: 'EUR', spread: [0.1, 0.5] }),
  },
  {
    column: {
      name: 'Sister region',
      rule: { type: 'llm_judge', criterion: 'Region name; English or native spelling' },
    },
    kind: judgedKind(PROVINCES),
  },
  {
    column: { name: 'Last renovation date', rule: { type: 'date', tolerance_days: 0 } },
    kind: dateKind(1990, 2026, 0),
  },
];
