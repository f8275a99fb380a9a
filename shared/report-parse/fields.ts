// Labelled answers in a report body: issue-form headings (`### Row`),
// `Label: value` lines, and markdown tables (key/value or one row per cell).
// What a label means (task, row, column…) is decided by its words.
import { isEmptyAnswer, looseKey, stripTags, unwrapValue } from './text';

export type FieldRole = 'task' | 'row' | 'entity' | 'column' | 'current' | 'proposed' | 'source' | 'missing' | 'other';

export interface LabelledField {
  label: string;
  role: FieldRole;
  /** The answer, trimmed; several lines for headings. */
  value: string;
  origin: 'heading' | 'line' | 'table';
}

export interface TableBlock {
  headers: string[];
  rows: string[][];
}

/** The meaning of a label, from its words (order matters: "Column name" is a column, "Correct value" a proposal). */
export function roleOf(label: string): FieldRole {
  const k = looseKey(label.replace(/[*_`#]/gu, ' '));
  if (k === '') return 'other';
  if (/\bmissing\b|\bto add\b|\bnot listed\b|\badd (entity|row|item)\b/u.test(k)) return 'missing';
  if (/\b(sources?|evidence|links?|references?|urls?|citations?|proof)\b/u.test(k)) return 'source';
  if (/\btask\b|\b(dataset|item|question|atlas|benchmark) id\b|^id$/u.test(k)) return 'task';
  if (/\brow\b/u.test(k)) return 'row';
  if (/\b(columns?|fields?|attributes?|property|header)\b/u.test(k)) return 'column';
  if (/\b(current|gold|existing|listed|old|wrong|incorrect|dataset|present|stated|reported)\b/u.test(k))
    return 'current';
  if (
    /\b(correct|corrected|proposed|expected|suggested|new|right|fixed|true|actual|should|proposal|correction)\b|^value$/u.test(
      k,
    )
  )
    return 'proposed';
  if (/\b(entity|item|name|title|product|subject|record)\b/u.test(k)) return 'entity';
  return 'other';
}

const HEADING = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/u;
// `Label: value`, `- **Label:** value`, `Label = value`; the label is a few words without digits
// ("atlas-0003 row 2: …" is prose) and never a URL scheme.
const LABEL_LINE =
  /^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:\*\*|__)?([\p{L}][\p{L} .'’/()#&?-]{0,40}?)(?:\*\*|__)?\s*[:：=]\s*(?:\*\*|__)?(?!\/\/)(.*)$/u;
const MAX_LINE = 2000;
const SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/u;

export function extractFields(text: string): { fields: LabelledField[]; tables: TableBlock[] } {
  // Lines longer than any label or table row are prose; skipping them keeps the patterns linear.
  const lines = stripTags(text)
    .split('\n')
    .map((line) => (line.length > MAX_LINE ? '' : line));
  const fields: LabelledField[] = [];
  const tables: TableBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.includes('|') && SEPARATOR.test(lines[i + 1] ?? '') && !SEPARATOR.test(line)) {
      const block: TableBlock = { headers: splitRow(line), rows: [] };
      i += 2;
      while (i < lines.length && lines[i]!.includes('|') && lines[i]!.trim() !== '')
        block.rows.push(splitRow(lines[i++]!));
      i--;
      tables.push(block);
      fields.push(...tableFields(block));
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const body: string[] = [];
      while (i + 1 < lines.length && !HEADING.test(lines[i + 1]!)) body.push(lines[++i]!);
      const value = body.join('\n').trim();
      const label = heading[1]!.replace(/[*_`]/gu, '').trim();
      if (!isEmptyAnswer(value)) fields.push({ label, role: roleOf(label), value, origin: 'heading' });
      // The answer under a heading may itself hold `Label: value` lines or a table.
      i -= body.length;
      continue;
    }
    const labelled = LABEL_LINE.exec(line);
    if (labelled) {
      const label = labelled[1]!.trim();
      const role = roleOf(label);
      if (role === 'other' || label.split(/\s+/u).length > 5) continue;
      let value = labelled[2]!.replace(/\*\*|__/gu, '').trim();
      // `**Task id:**` alone on its line, the answer on the next.
      if (value === '' && i + 1 < lines.length && !LABEL_LINE.test(lines[i + 1]!) && !HEADING.test(lines[i + 1]!))
        value = lines[++i]!.trim();
      if (!isEmptyAnswer(value)) fields.push({ label, role, value: value.trim(), origin: 'line' });
    }
  }
  return { fields, tables };
}

function splitRow(line: string): string[] {
  const trimmed = line.trim().replace(/^\|/u, '').replace(/\|$/u, '');
  return trimmed.split(/(?<!\\)\|/u).map((cell) => unwrapValue(cell.replace(/\\\|/gu, '|')));
}

/**
 * A two-column table whose left cells are labels reads as key/value; any
 * other table with labelled headers reads its first row as the answers.
 */
function tableFields(table: TableBlock): LabelledField[] {
  const out: LabelledField[] = [];
  const keyValue =
    table.headers.length === 2 &&
    (/^(field|key|name|item|what|property|)$/iu.test(table.headers[0]!) ||
      table.rows.filter((row) => roleOf(row[0] ?? '') !== 'other').length >= 2);
  if (keyValue) {
    const pairs = roleOf(table.headers[0]!) !== 'other' ? [table.headers, ...table.rows] : table.rows;
    for (const [label = '', value = ''] of pairs) {
      const role = roleOf(label);
      if (role !== 'other' && !isEmptyAnswer(value)) out.push({ label, role, value, origin: 'table' });
    }
    return out;
  }
  const first = table.rows[0];
  if (!first) return out;
  table.headers.forEach((label, index) => {
    const role = roleOf(label);
    const value = first[index] ?? '';
    if (role !== 'other' && !isEmptyAnswer(value)) out.push({ label, role, value, origin: 'table' });
  });
  return out;
}

/** The first answer for a role, in document order. */
export function firstField(fields: readonly LabelledField[], role: FieldRole): LabelledField | undefined {
  return fields.find((field) => field.role === role);
}
