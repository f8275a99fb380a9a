// The lint rule that keeps module folders' files internal
// (scripts/eslint/no-deep-import.js), run through ESLint with the project's
// own configuration on sample sources placed where product code and tests live.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const RULE = 'local/no-deep-import';

// Only this rule runs, so no type information is needed (the project's config asks for it).
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

async function deepImportMessages(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  expect(result!.messages.filter((message) => message.fatal)).toEqual([]);
  return result!.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

describe('no-deep-import', () => {
  it("refuses a file inside a db/ folder from outside it and names the folder's entry module", async () => {
    const code = "import { leftOutLines } from '../../db/export/left-out';\nexport const lines = leftOutLines;\n";
    expect(await deepImportMessages(code, 'cli/commands/export.ts')).toEqual([
      "'../../db/export/left-out' reaches inside db/export/: import the folder's entry module '../../db/export' instead.",
    ]);
  });

  it('refuses type imports, re-exports and dynamic imports alike', async () => {
    const code = [
      "import type { DisputeRecord } from './queries/dispute-records';",
      "export { readPolicy } from './rulings/policy';",
      "export const load = () => import('./revisions/apply');",
      'export type Record = DisputeRecord;',
      '',
    ].join('\n');
    expect(await deepImportMessages(code, 'db/service.ts')).toEqual([
      "'./queries/dispute-records' reaches inside db/queries/: import the folder's entry module './queries' instead.",
      "'./rulings/policy' reaches inside db/rulings/: import the folder's entry module './rulings' instead.",
      "'./revisions/apply' reaches inside db/revisions/: import the folder's entry module './revisions' instead.",
    ]);
  });

  it('lets every host, the bench and the build scripts import a folder through its entry module', async () => {
    const code =
      "import { importPaths } from '../db/import';\nimport { readPolicy } from '../db/rulings/index';\nexport { importPaths, readPolicy };\n";
    for (const file of ['bench/sample.ts', 'scripts/sample.ts', 'electron/sample.ts', 'cli/sample.ts']) {
      expect(await deepImportMessages(code, file)).toEqual([]);
    }
    expect(
      await deepImportMessages("import { importPaths } from '../db/import/import-paths';\n", 'bench/x.ts'),
    ).toHaveLength(1);
    expect(await deepImportMessages("import { x } from '../db/import/thread/script';\n", 'scripts/x.ts')).toHaveLength(
      1,
    );
  });

  it('guards the demo generator as it guards a db/ folder', async () => {
    expect(await deepImportMessages("import { generateWorkspace } from '../demo/generate';\n", 'bench/x.ts')).toEqual([
      "'../demo/generate' reaches inside demo/: import the folder's entry module '../demo' instead.",
    ]);
    expect(await deepImportMessages("import { generateWorkspace } from '../demo';\n", 'bench/x.ts')).toEqual([]);
  });

  it("guards shared/'s folders from the renderer, the store and shared/'s own files", async () => {
    expect(
      await deepImportMessages(
        "import type { AuditCellItem } from '../../../shared/audit/views';\n",
        'renderer/src/stores/x.ts',
      ),
    ).toEqual([
      "'../../../shared/audit/views' reaches inside shared/audit/: import the folder's entry module '../../../shared/audit' instead.",
    ]);
    expect(
      await deepImportMessages("import { looseKey } from '../../shared/report-parse/text';\n", 'db/reports/x.ts'),
    ).toHaveLength(1);
    expect(
      await deepImportMessages("import type { ReportView } from './report-parse/views';\n", 'shared/x.ts'),
    ).toHaveLength(1);
    expect(
      await deepImportMessages("import type { ReportView } from '../../shared/report-parse';\n", 'renderer/src/x.tsx'),
    ).toEqual([]);
  });

  it("lets a folder's own files, however deep, import each other", async () => {
    const code =
      "import { ImportWriter } from '../writer';\nimport { entityKey } from '../../entity-key';\nexport { ImportWriter, entityKey };\n";
    expect(await deepImportMessages(code, 'db/import/thread/sample.ts')).toEqual([]);
  });

  it('lets tests import the internals of the module they test', async () => {
    const code = "import { leftOutLines } from '../../db/export/left-out';\nexport const lines = leftOutLines;\n";
    expect(await deepImportMessages(code, 'tests/db/sample.test.ts')).toEqual([]);
  });
});
