import { readFileSync, existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getReport, importReportFiles, listReports, reportsForDispute } from '../../../db/reports/index';
import type { ReportsFixture } from './store-fixture';
import { reportsFixture, writeGhIssues } from './store-fixture';

let fx: ReportsFixture;
let body: string;
const TITLE = 'Metascore \u202eTXT.exe\u202c wrong';

beforeAll(async () => {
  fx = await reportsFixture();
  body = [
    `Task: ${fx.zelda.replace('/', '\u200b/')}`,
    'Row: Ocarina of Time 3D',
    'Column: Critic Metascore',
    'Correct value: 93',
    '<script>alert("x")</script><img src=x onerror="alert(1)">',
    '[the source](javascript:alert(document.cookie)) <a href="JaVaScRiPt:alert(2)">also</a>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgzKTwvc2NyaXB0Pg==',
    'Unique phrase kumquat-zeppelin \u202egnp.tpircs\u202c and \u2066isolated\u2069 text\u0007 with a bell.',
    'Real source: https://www.metacritic.com/game/ocarina',
  ].join('\n');
  importReportFiles(fx.service.store, [writeGhIssues([{ number: 301, title: TITLE, body }])]);
});
afterAll(() => fx.service.close());

describe('malicious report bodies', () => {
  it('are stored verbatim and still parsed', () => {
    const view = getReport(fx.service.store, { number: 301 });
    expect(view.body).toBe(body);
    expect(view.effective).toMatchObject({
      task_id: fx.zelda,
      row: 0,
      column: 'Critic Metascore',
      proposed_value: '93',
    });
    expect(view.dispute_id).not.toBeNull();
  });

  it('come back as plain text with controls made visible, and only http(s) links offered', () => {
    const [view] = reportsForDispute(fx.service.store, getReport(fx.service.store, { number: 301 }).dispute_id!);
    expect(view!.body_text).toContain('<script>alert("x")</script>');
    expect(view!.body_text).toContain('⟨U+202E⟩gnp.tpircs⟨U+202C⟩');
    expect(view!.body_text).toContain('⟨U+2066⟩isolated⟨U+2069⟩');
    expect(view!.body_text).toContain('text⟨U+0007⟩ with');
    expect(view!.body_text).not.toMatch(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069]/u);
    expect(view!.body_text).not.toContain('\u0007');
    expect(view!.title).toBe('Metascore ⟨U+202E⟩TXT.exe⟨U+202C⟩ wrong');
    expect(view!.urls.map(({ url, safe, href }) => ({ url, safe, href }))).toEqual([
      { url: 'javascript:alert(document.cookie)', safe: false, href: null },
      { url: 'JaVaScRiPt:alert(2)', safe: false, href: null },
      { url: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgzKTwvc2NyaXB0Pg==', safe: false, href: null },
      { url: 'https://www.metacritic.com/game/ocarina', safe: true, href: 'https://www.metacritic.com/game/ocarina' },
    ]);
    expect(listReports(fx.service.store).find((r) => r.number === 301)!.title).toBe(view!.title);
  });

  it('in HTML propose the value the page shows, not the table and script after it', () => {
    const html =
      `<p>Task: ${fx.zelda}</p><p>Row: Ocarina of Time 3D</p><p>Column: Critic Metascore</p>` +
      '<p>The value should be <b>93</b></p><table><tr><td>x</td><td><img src="a.png"></td></tr></table><script>alert(\'xss\')</script>';
    importReportFiles(fx.service.store, [
      writeGhIssues([{ number: 302, title: 'Metascore wrong (HTML)', body: html }]),
    ]);
    expect(getReport(fx.service.store, { number: 302 }).effective).toMatchObject({
      task_id: fx.zelda,
      column: 'Critic Metascore',
      proposed_value: '93',
    });
  });

  it('are sealed at rest: neither body nor title is in the store file in plain text', () => {
    fx.service.store.db.pragma('wal_checkpoint(TRUNCATE)');
    const path = fx.service.dbPath;
    const bytes = Buffer.concat([
      readFileSync(path),
      ...(existsSync(`${path}-wal`) ? [readFileSync(`${path}-wal`)] : []),
    ]).toString('latin1');
    expect(bytes).not.toContain('kumquat-zeppelin');
    expect(bytes).not.toContain('onerror');
    expect(bytes).not.toContain('TXT.exe');
  });
});
