// Applying a gold patch (design.md §7.2, issue 5): round trip from rulings to a
// revised dataset decrypted independently, untouched lines byte-identical,
// refusal with every mismatch named, Parquet in and out, determinism.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parquetReadObjects, parquetMetadata } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPatch } from '../../../db/revisions/apply';
import { loadDatasetFile } from '../../../db/revisions/dataset-file';
import { goldContentSha256 } from '../../../db/revisions/gold-content';
import { PatchFormatError, PatchMismatchError } from '../../../db/revisions/errors';
import type { GoldPatch, PatchCellState, PatchRowState } from '../../../shared/patch';
import { freshService } from '../../support/workspace';
import type { RawGold, RuledWorkspace } from './support';
import { canaryDecrypt, canaryEncrypt, decryptedGold, readJsonl, readPatch, ruledWorkspace } from './support';

let ws: RuledWorkspace;
beforeAll(async () => {
  ws = await ruledWorkspace();
});
afterAll(() => ws.service.close());

/**
 * What the revised gold must be, built from the plaintext patch with the
 * documented rules (docs: apply): set_* replace the cell (new evidence
 * becomes its sources, else the old ones stay); add_alternative appends;
 * add_alias appends; add_row appends a row whose unnamed columns are ungraded
 * and whose values cite the evidence.
 */
function expectedGold(base: Map<string, RawGold>, patch: GoldPatch): Map<string, RawGold> {
  const out = new Map([...base].map(([id, gold]) => [id, structuredClone(gold)]));
  for (const op of patch.operations) {
    const gold = out.get(op.task_id)!;
    if (op.op === 'add_row') {
      const to = op.to as PatchRowState;
      const cells: RawGold['rows'][number]['cells'] = {};
      for (const column of gold.columns.filter((c) => c.name !== gold.entity_column)) {
        const given = to.cells?.[column.name];
        cells[column.name] =
          given && 'value' in given ? { value: given.value, sources: op.evidence } : (given ?? { ungraded: true });
      }
      gold.rows.push({ entity: to.entity, aliases: to.aliases, cells });
      continue;
    }
    const row = gold.rows[op.row]!;
    if (op.op === 'add_alias') {
      row.aliases = (op.to as PatchRowState).aliases;
      continue;
    }
    const old = row.cells[op.column!] ?? {};
    const to = op.to as PatchCellState;
    const oldSources = (old.sources as string[] | undefined) ?? [];
    if (op.op === 'add_alternative') {
      row.cells[op.column!] = {
        ...old,
        alternatives: (to as { alternatives: string[] }).alternatives,
        ...(op.evidence.length ? { sources: [...oldSources, ...op.evidence] } : {}),
      };
    } else {
      const sources = op.evidence.length > 0 ? op.evidence : oldSources;
      row.cells[op.column!] = { ...to, ...(sources.length ? { sources } : {}) };
    }
  }
  return out;
}

function splitKeepingEnds(bytes: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x0a) {
      lines.push(bytes.subarray(start, i + 1));
      start = i + 1;
    }
  }
  if (start < bytes.length) lines.push(bytes.subarray(start));
  return lines;
}

describe('apply: JSONL round trip', () => {
  it('writes the revised gold, re-encrypted with each canary, and leaves every other line byte-identical', async () => {
    const out = join(ws.dir, 'revised.jsonl');
    const changelog = join(ws.dir, 'CHANGELOG.md');
    const result = await applyPatch({ dataset: ws.workspace.dataset, patch: ws.encrypted, out, changelog });
    const plain = readPatch(ws.plaintext);
    const touched = new Set(plain.operations.map((op) => op.task_id));
    expect(result.format).toBe('jsonl');
    expect(result.base_verified).toBe(true);
    expect(result.tasks).toEqual({ total: ws.workspace.taskIds.length, changed: touched.size });
    expect(result.operations.total).toBe(plain.operations.length);
    expect(result.sha256).toBe(createHash('sha256').update(readFileSync(out)).digest('hex'));

    const inputLines = splitKeepingEnds(readFileSync(ws.workspace.dataset));
    const outputLines = splitKeepingEnds(readFileSync(out));
    expect(outputLines.length).toBe(inputLines.length);
    const before = readJsonl(ws.workspace.dataset);
    const after = readJsonl(out);
    const expected = expectedGold(decryptedGold(before), plain);
    after.forEach((record, i) => {
      const original = before[i]!;
      expect(record.id).toBe(original.id);
      expect(record.canary).toBe(original.canary);
      expect(record.question).toBe(original.question);
      if (!touched.has(record.id)) {
        expect(outputLines[i]!.equals(inputLines[i]!)).toBe(true);
        return;
      }
      expect(record.gold).not.toBe(original.gold);
      expect(JSON.parse(canaryDecrypt(record.gold, record.canary))).toEqual(expected.get(record.id));
      // Only the gold field changed on the line: the rest of its bytes are where they were.
      expect(outputLines[i]!.toString('utf8').replace(record.gold, 'GOLD')).toBe(
        inputLines[i]!.toString('utf8').replace(original.gold, 'GOLD'),
      );
    });
  });

  it('gives the same bytes every time, from the encrypted and the plaintext patch alike', async () => {
    const a = await applyPatch({
      dataset: ws.workspace.dataset,
      patch: ws.encrypted,
      out: join(ws.dir, 'a.jsonl'),
      changelog: join(ws.dir, 'a.md'),
    });
    const b = await applyPatch({
      dataset: ws.workspace.dataset,
      patch: ws.plaintext,
      out: join(ws.dir, 'b.jsonl'),
      changelog: join(ws.dir, 'b.md'),
    });
    expect(readFileSync(join(ws.dir, 'a.jsonl')).equals(readFileSync(join(ws.dir, 'b.jsonl')))).toBe(true);
    expect(a.sha256).toBe(b.sha256);
    expect(a.content_sha256).toBe(b.content_sha256);
    expect(a.patch_sha256).not.toBe(b.patch_sha256);
    // The changelog names the patch file it came from; otherwise identical.
    const strip = (path: string) => readFileSync(path, 'utf8').replace(/Patch sha256: `[0-9a-f]+`/u, '');
    expect(strip(join(ws.dir, 'a.md'))).toBe(strip(join(ws.dir, 'b.md')));
  });

  it('the revised dataset imports cleanly and carries the new gold', async () => {
    const out = join(ws.dir, 'import-me.jsonl');
    await applyPatch({ dataset: ws.workspace.dataset, patch: ws.encrypted, out });
    const other = freshService('zed');
    try {
      const report = await other.importPaths([out]);
      expect(report.skipped).toEqual([]);
      expect(report.tasks).toBe(ws.workspace.taskIds.length);
    } finally {
      other.close();
    }
  });
});

describe('apply: refusals', () => {
  it('refuses a dataset that is not the base, nor the base in another format, writing nothing', async () => {
    // The same dataset with one task left out: other bytes and other gold.
    const lines = readFileSync(ws.workspace.dataset, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
    const other = join(ws.dir, 'other-base.jsonl');
    writeFileSync(other, `${lines.slice(0, -1).join('\n')}\n`);
    const out = join(ws.dir, 'never.jsonl');
    const error = await applyPatch({
      dataset: other,
      patch: ws.encrypted,
      out,
      changelog: join(ws.dir, 'never.md'),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PatchMismatchError);
    const mismatch = error as PatchMismatchError;
    expect(mismatch.base?.expected).toBe(readPatch(ws.encrypted).base_sha256);
    expect(mismatch.base?.found).toMatch(/^[0-9a-f]{64}$/u);
    expect(mismatch.message).toMatch(
      /the dataset is not the patch's base \(base_sha256 .*\), nor the base in another format: its tasks' gold differs from the base's \(base_gold_sha256\)/u,
    );
    expect(existsSync(out)).toBe(false);
    expect(existsSync(join(ws.dir, 'never.md'))).toBe(false);
  });

  it('refuses another file of the same gold for a patch written before base_gold_sha256, naming the way out', async () => {
    const other = join(ws.dir, 'same-gold.jsonl');
    writeFileSync(other, `${readFileSync(ws.workspace.dataset, 'utf8')}\n`);
    const { base_gold_sha256: _gold, ...older } = readPatch(ws.encrypted);
    const olderPath = join(ws.dir, 'older.patch.json');
    writeFileSync(olderPath, JSON.stringify(older));
    const out = join(ws.dir, 'never.jsonl');
    const error = await applyPatch({ dataset: other, patch: olderPath, out }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PatchMismatchError);
    expect((error as PatchMismatchError).mismatches).toEqual([]);
    // The way out is named: a patch for that file.
    expect((error as PatchMismatchError).message).toContain(
      'for another form of the same dataset, export a patch with that file as its dataset',
    );
    expect(existsSync(out)).toBe(false);
  });

  it('refuses tampered `from`s, naming every mismatching operation; values only in plaintext mode', async () => {
    const patch = readPatch(ws.encrypted);
    const canaries = new Map(readJsonl(ws.workspace.dataset).map((r) => [r.id, r.canary]));
    const cellOps = patch.operations
      .map((op, index) => ({ op, index }))
      .filter(({ op }) => op.op === 'set_cell' || op.op === 'set_blank');
    expect(cellOps.length).toBeGreaterThanOrEqual(2);
    const tampered = cellOps.slice(0, 2);
    for (const { op } of tampered) op.from = { value: canaryEncrypt('Tampered Value', canaries.get(op.task_id)!) };
    const path = join(ws.dir, 'tampered.json');
    writeFileSync(path, JSON.stringify(patch));
    const out = join(ws.dir, 'tampered-out.jsonl');

    const quiet = (await applyPatch({ dataset: ws.workspace.dataset, patch: path, out }).catch(
      (e: unknown) => e,
    )) as PatchMismatchError;
    expect(quiet).toBeInstanceOf(PatchMismatchError);
    expect(quiet.base).toBeNull();
    expect(quiet.mismatches.map((m) => m.index)).toEqual(tampered.map((t) => t.index));
    for (const [i, m] of quiet.mismatches.entries()) {
      const op = tampered[i]!.op;
      expect(m).toMatchObject({ task_id: op.task_id, row: op.row, column: op.column, op: op.op });
      expect(m.expected).toBeUndefined();
      expect(m.found).toBeUndefined();
      expect(quiet.message).toContain(JSON.stringify(op.task_id));
      expect(quiet.message).toContain(JSON.stringify(op.column));
    }
    expect(quiet.message).not.toContain('Tampered Value');
    expect(existsSync(out)).toBe(false);

    const loud = (await applyPatch({ dataset: ws.workspace.dataset, patch: path, out, plaintext: true }).catch(
      (e: unknown) => e,
    )) as PatchMismatchError;
    const plain = readPatch(ws.plaintext);
    for (const [i, m] of loud.mismatches.entries()) {
      expect(m.expected).toBe('"Tampered Value"');
      const real = plain.operations[tampered[i]!.index]!.from as { value: string };
      expect(m.found).toContain(JSON.stringify(real.value));
    }
    expect(existsSync(out)).toBe(false);
  });

  it('names operations on unknown tasks, rows and columns, and a wrong add_row index', async () => {
    const patch = readPatch(ws.plaintext);
    const first = patch.operations.find((op) => op.op === 'set_cell')!;
    patch.operations.push(
      { ...first, task_id: 'no/such task' },
      { ...first, row: 999 },
      { ...first, column: 'No Such Column' },
      { ...patch.operations.find((op) => op.op === 'add_row')!, row: 0 },
    );
    const path = join(ws.dir, 'bad-targets.json');
    writeFileSync(path, JSON.stringify(patch));
    const error = (await applyPatch({ dataset: ws.workspace.dataset, patch: path, out: join(ws.dir, 'x.jsonl') }).catch(
      (e: unknown) => e,
    )) as PatchMismatchError;
    const n = patch.operations.length;
    expect(error.mismatches.map((m) => [m.index, m.reason])).toEqual([
      [n - 4, 'task not in the dataset'],
      // Reasons count rows from 1 (index 999 is row 1000); the mismatch's `row` keeps the index.
      [n - 3, expect.stringMatching(/^row 1000 is not in the table/u)],
      [n - 2, 'column is not an attribute column of the task'],
      [n - 1, expect.stringMatching(/^the new row would be row \d+, not row 1$/u)],
    ]);
    expect(error.mismatches[1]!.row).toBe(999);
  });
});

describe('apply: file details', () => {
  it('keeps CRLF line ends, a BOM and blank lines exactly', async () => {
    const lines = readFileSync(ws.workspace.dataset, 'utf8').trimEnd().split('\n');
    const crlf = join(ws.dir, 'crlf.jsonl');
    writeFileSync(crlf, `\uFEFF${lines.join('\r\n')}\r\n\r\n`);
    const patch = readPatch(ws.plaintext);
    patch.base_sha256 = createHash('sha256').update(readFileSync(crlf)).digest('hex');
    const patchPath = join(ws.dir, 'crlf-patch.json');
    writeFileSync(patchPath, JSON.stringify(patch));
    const out = join(ws.dir, 'crlf-out.jsonl');
    const result = await applyPatch({ dataset: crlf, patch: patchPath, out });
    expect(result.tasks.changed).toBeGreaterThan(0);
    const input = readFileSync(crlf, 'utf8').split('\r\n');
    const output = readFileSync(out, 'utf8').split('\r\n');
    expect(output.length).toBe(input.length);
    expect(output[0]!.startsWith('\uFEFF')).toBe(true);
    expect(output.at(-1)).toBe('');
    const touched = new Set(patch.operations.map((op) => op.task_id));
    output.forEach((line, i) => {
      if (line.trim() === '') return expect(line).toBe(input[i]);
      const id = (JSON.parse(line.replace(/^\uFEFF/u, '')) as { id: string }).id;
      if (!touched.has(id)) expect(line).toBe(input[i]);
      else expect(line).not.toBe(input[i]);
    });
  });

  it('removes a row (later rows move up) and reports operations on it as superseded', async () => {
    const patch = readPatch(ws.plaintext);
    const setCell = patch.operations.find((op) => op.op === 'set_cell')!;
    const records = readJsonl(ws.workspace.dataset);
    const base = decryptedGold(records).get(setCell.task_id)!;
    const removed = base.rows[setCell.row]!;
    patch.operations = [
      setCell,
      {
        ...setCell,
        op: 'remove_row',
        column: null,
        from: { entity: removed.entity, aliases: removed.aliases },
        to: null,
        evidence: [],
      },
    ];
    const patchPath = join(ws.dir, 'remove.json');
    writeFileSync(patchPath, JSON.stringify(patch));
    const out = join(ws.dir, 'removed.jsonl');
    const changelog = join(ws.dir, 'REMOVED-CHANGELOG.md');
    const result = await applyPatch({ dataset: ws.workspace.dataset, patch: patchPath, out, changelog });
    expect(result.superseded).toEqual([0]);
    // The changelog does not call the moot operation a correction.
    const rows = readFileSync(changelog, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith(`| ${setCell.row + 1} |`));
    expect(rows).toEqual([
      `| ${setCell.row + 1} | (whole row) | row removed (remove_row) |  |`,
      `| ${setCell.row + 1} | ${setCell.column!} | none: the row is removed (set_cell was moot) |  |`,
    ]);
    // Nor counts it as one in the summary.
    const counts = readFileSync(changelog, 'utf8')
      .split('\n')
      .filter((line) => /^\| (value corrected|row removed|none: on a row)/u.test(line));
    expect(counts).toEqual(['| row removed (remove_row) | 1 |', '| none: on a row the patch removes (moot) | 1 |']);
    const after = decryptedGold(readJsonl(out)).get(setCell.task_id)!;
    expect(after.rows).toEqual(base.rows.filter((_, i) => i !== setCell.row));
  });

  it('refuses a file that is not a gold patch, naming the field', async () => {
    const bad = join(ws.dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...readPatch(ws.plaintext), format: 'something/2' }));
    await expect(
      applyPatch({ dataset: ws.workspace.dataset, patch: bad, out: join(ws.dir, 'bad.jsonl') }),
    ).rejects.toThrow(/not an atlas-gold-patch\/1 file \(format/u);
    writeFileSync(bad, '{not json');
    await expect(
      applyPatch({ dataset: ws.workspace.dataset, patch: bad, out: join(ws.dir, 'bad.jsonl') }),
    ).rejects.toThrow(PatchFormatError);
  });
});

describe('apply: Parquet', () => {
  it('reads Parquet and writes Parquet with the same columns, row groups and untouched values', async () => {
    const out = join(ws.dir, 'revised.parquet');
    const result = await applyPatch({ dataset: ws.workspace.datasetParquet!, patch: ws.parquetPatch, out });
    expect(result.format).toBe('parquet');
    const read = async (path: string) => {
      const bytes = readFileSync(path);
      const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      const metadata = parquetMetadata(file);
      return { metadata, rows: (await parquetReadObjects({ file })) as unknown as Record<string, string>[] };
    };
    const input = await read(ws.workspace.datasetParquet!);
    const output = await read(out);
    expect(output.metadata.schema.map((s) => [s.name, s.type, s.repetition_type])).toEqual(
      input.metadata.schema.map((s) => [s.name, s.type, s.repetition_type]),
    );
    expect(output.metadata.row_groups.map((g) => g.num_rows)).toEqual(input.metadata.row_groups.map((g) => g.num_rows));
    expect(output.rows.length).toBe(input.rows.length);

    const plain = readPatch(ws.plaintext);
    const touched = new Set(plain.operations.map((op) => op.task_id));
    const expected = expectedGold(decryptedGold(readJsonl(ws.workspace.dataset)), plain);
    output.rows.forEach((row, i) => {
      const original = input.rows[i]!;
      expect([row.id, row.question, row.canary]).toEqual([original.id, original.question, original.canary]);
      if (touched.has(row.id!))
        expect(JSON.parse(canaryDecrypt(row.gold!, row.canary!))).toEqual(expected.get(row.id!));
      else expect(row.gold).toBe(original.gold);
    });
    // The same gold as the JSONL revision, task for task.
    const jsonl = join(ws.dir, 'for-parquet.jsonl');
    await applyPatch({ dataset: ws.workspace.dataset, patch: ws.encrypted, out: jsonl });
    expect(new Map(readJsonl(jsonl).map((r) => [r.id, r.gold]))).toEqual(
      new Map(output.rows.map((r) => [r.id!, r.gold!])),
    );
    // Deterministic bytes.
    await applyPatch({
      dataset: ws.workspace.datasetParquet!,
      patch: ws.parquetPatch,
      out: join(ws.dir, 'again.parquet'),
    });
    expect(readFileSync(join(ws.dir, 'again.parquet')).equals(readFileSync(out))).toBe(true);
  });

  it('applies one patch to the base in either format: the JSONL patch to its Parquet form gives the Parquet revision', async () => {
    const patch = readPatch(ws.encrypted);
    const jsonlBase = await loadDatasetFile(ws.workspace.dataset);
    const parquetBase = await loadDatasetFile(ws.workspace.datasetParquet!);
    expect(patch.base_sha256).toBe(jsonlBase.sha256);
    expect(patch.base_gold_sha256).toBe(goldContentSha256(jsonlBase.records));
    expect(goldContentSha256(parquetBase.records)).toBe(patch.base_gold_sha256);

    const out = join(ws.dir, 'twin.parquet');
    const changelog = join(ws.dir, 'TWIN-CHANGELOG.md');
    const result = await applyPatch({ dataset: ws.workspace.datasetParquet!, patch: ws.encrypted, out, changelog });
    expect(result).toMatchObject({ format: 'parquet', base_verified: true, base_form: 'gold' });
    // The bytes a patch exported on the Parquet file itself gives.
    const direct = join(ws.dir, 'direct.parquet');
    const viaParquet = await applyPatch({ dataset: ws.workspace.datasetParquet!, patch: ws.parquetPatch, out: direct });
    expect(viaParquet.base_form).toBeUndefined();
    expect(readFileSync(out).equals(readFileSync(direct))).toBe(true);
    expect(readFileSync(changelog, 'utf8')).toContain(
      `- Applied to the base dataset in another format (the same gold): sha256 \`${parquetBase.sha256}\``,
    );
  });

  it('overwrites an existing output only as a whole', async () => {
    const out = join(ws.dir, 'existing.jsonl');
    copyFileSync(ws.workspace.dataset, out);
    await applyPatch({ dataset: ws.workspace.dataset, patch: ws.encrypted, out });
    expect(readFileSync(out).equals(readFileSync(ws.workspace.dataset))).toBe(false);
    expect(readJsonl(out).length).toBe(ws.workspace.taskIds.length);
  });
});
