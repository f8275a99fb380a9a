// CSV for spreadsheets (RFC 4180), safe to open: a field a spreadsheet would
// read as a formula (= + - @, or a leading tab or carriage return) gets a
// leading apostrophe, so a hostile value stays text (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/u;

export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/u.test(text) ? `"${text.replace(/"/gu, '""')}"` : text;
}

/** One record: fields joined by commas, ended by CRLF (RFC 4180). */
export function csvLine(fields: readonly (string | number | boolean | null | undefined)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
