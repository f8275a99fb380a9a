// Links of a dispute's linked reports offered as the ruling's evidence
// (lib/report-evidence.ts): a corrected value carries the reporter's source
// into gold only if the engineer adds it, so the form offers each one.
import { describe, expect, it } from 'vitest';
import { reportEvidence } from '../../../renderer/src/lib/report-evidence';
import { extractUrls } from '../../../shared/report-parse/urls';

const report = (number: number, body: string) => ({ number, urls: extractUrls(body) });

describe('evidence offered from linked reports', () => {
  it('offers every safe http(s) link once, in report order, and none already added or unsafe', () => {
    const reports = [
      report(
        103,
        'Row 5 should be Tartu: see https://example.org/orrin and https://example.org/orrin, not javascript:alert(1)',
      ),
      report(107, 'Also https://news.example.com/a?x=1 (and https://example.org/orrin again)'),
    ];
    expect(reportEvidence(reports, [])).toEqual([
      { href: 'https://example.org/orrin', report: 103 },
      { href: 'https://news.example.com/a?x=1', report: 107 },
    ]);
    expect(reportEvidence(reports, ['https://example.org/orrin'])).toEqual([
      { href: 'https://news.example.com/a?x=1', report: 107 },
    ]);
    expect(reportEvidence([], [])).toEqual([]);
  });
});
