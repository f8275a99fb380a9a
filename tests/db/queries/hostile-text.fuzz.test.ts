// Hostile text (issue 6) at the store level: bidi controls, zero-width
// characters, markup, formula prefixes, terminal escapes, unsafe URLs and the
// rest of the corpus come back from the service exactly as imported, in the
// queue listing and in the dispute detail (the renderer shows the visible
// markers; the store never rewrites). A 10 MiB cell value imports, is listed,
// and opens in full.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceHandle } from '../../../db/service';
import { parseInput } from '../../../shared/api';
import type { DisputeDetail } from '../../../shared/api-types';
import { freshService, tempDir } from '../../support/workspace';
import { prototypeIsClean } from '../support/mutate';
import { FIXTURES, storedAs, textFixtures, writeHostileWorkspace } from '../../support/hostile-workspace';
import type { HostileRow } from '../../support/hostile-workspace';

let service: ServiceHandle | null = null;
afterEach(() => {
  service?.close();
  service = null;
});

async function importRows(rows: HostileRow[], extraColumn?: string): Promise<ServiceHandle> {
  service = freshService();
  const report = await service.importPaths(writeHostileWorkspace(tempDir('atlas-hostile-'), rows, extraColumn));
  expect(report.skipped).toEqual([]);
  return service;
}

async function cellDisputes(svc: ServiceHandle): Promise<
  {
    column: string | null;
    gold_row: number | null;
    entity: string;
    gold: string | null;
    top: string | null;
    detail: DisputeDetail;
  }[]
> {
  const listing = await svc.listDisputes(parseInput('listDisputes', { filter: { kind: 'cell' }, limit: 1000 }));
  return Promise.all(
    listing.rows.map(async (row) => ({
      column: row.column,
      gold_row: row.gold_row,
      entity: row.entity,
      gold: row.gold.value,
      top: row.top_value,
      detail: await svc.getDispute(parseInput('getDispute', { id: row.id })),
    })),
  );
}

describe('hostile text is stored verbatim', () => {
  it.each(textFixtures().map((fixture) => [fixture.name, fixture] as const))('%s', async (_name, fixture) => {
    const texts = fixture.texts;
    // Entities must be non-empty and distinct: the whitespace-only case is numbered.
    const rows: HostileRow[] = texts.map((text, i) => ({
      entity: text.trim() === '' ? `${text}${i}` : text,
      gold: text,
      response: text,
      source: text,
      reasoning: text,
    }));
    // The first text that can name a column (not blank) names an extra one.
    const column = texts.find((text) => text.trim() !== '');
    const svc = await importRows(rows, column);
    const disputes = await cellDisputes(svc);
    const kept = (actual: string | null | undefined, text: string): void => {
      expect(storedAs(actual, text, fixture.stored), `${JSON.stringify(actual)} for ${JSON.stringify(text)}`).toBe(
        true,
      );
    };
    for (const [i, text] of texts.entries()) {
      const dispute = disputes.find((d) => d.gold_row === i && d.column === 'City');
      expect(dispute, `row ${i}`).toBeDefined();
      const { detail } = dispute!;
      kept(dispute!.gold, text);
      kept(dispute!.entity, rows[i]!.entity);
      kept(detail.gold.value, text);
      kept(detail.gold_row?.entity, rows[i]!.entity);
      const alpha = detail.clusters.flatMap((cluster) => cluster.cells).find((cell) => cell.system === 'alpha')!;
      kept(alpha.response, text);
      kept(alpha.response_entity, rows[i]!.entity);
      kept(alpha.reasoning, text);
      // Source lists drop blank entries (a blank link is no link); any other text is kept as given.
      const sources = text.trim() === '' ? [] : [text];
      expect(detail.gold.sources).toHaveLength(sources.length);
      expect(alpha.sources).toHaveLength(sources.length);
      for (const [k, source] of sources.entries()) {
        kept(detail.gold.sources[k], source);
        kept(alpha.sources[k], source);
      }
    }
    // The hostile column name is a column like any other.
    if (column !== undefined)
      expect(disputes.some((d) => d.column !== null && storedAs(d.column, column, fixture.stored))).toBe(true);
    expect(prototypeIsClean()).toBe(true);
  });
});

describe('a 10 MiB cell value', () => {
  it('imports, is listed, and opens in full', async () => {
    const spec = (
      JSON.parse(readFileSync(join(FIXTURES, 'text-huge-cell.json'), 'utf8')) as {
        generate: { unit: string; bytes: number };
      }
    ).generate;
    const unit = Buffer.from(spec.unit, 'utf8');
    const huge = unit.toString('utf8').repeat(Math.ceil(spec.bytes / unit.length));
    expect(Buffer.byteLength(huge)).toBeGreaterThanOrEqual(10 * 1024 * 1024);
    const svc = await importRows([
      { entity: 'Alpha', gold: 'Tokyo', response: huge, source: 'https://example.org/', reasoning: 'long' },
    ]);
    const disputes = await cellDisputes(svc);
    expect(disputes).toHaveLength(1);
    // The listing (one grid page) carries the start of the value and its length, never all 10 MiB per row …
    expect(disputes[0]!.top!.startsWith(huge.trim().slice(0, 2_000))).toBe(true);
    expect(disputes[0]!.top!.length).toBeLessThan(2_100);
    expect(disputes[0]!.top).toMatch(/characters; open the dispute for all/);
    // … and the detail the whole of it.
    expect(disputes[0]!.detail.clusters.map((cluster) => cluster.value)).toContain(huge.trim());
    const alpha = disputes[0]!.detail.clusters
      .flatMap((cluster) => cluster.cells)
      .find((cell) => cell.system === 'alpha')!;
    expect(alpha.response).toBe(huge);
  }, 120_000);
});
