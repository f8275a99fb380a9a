// Users' reports through the service, as the app and CLI drive them: import
// with the other sources → attach to disputes → rule → export carries the issue
// numbers → the changelog says "Fixes #N" → the draft reply quotes no gold.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../../db/demo/generate';
import type { ServiceHandle } from '../../../db/service';
import type { GoldPatch } from '../../../shared/patch';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';

let service: ServiceHandle;
let workspace: GeneratedWorkspace;
let zelda: string;
const dir = tempDir();

function ghIssue(number: number, title: string, body: string) {
  return {
    number,
    title,
    body,
    url: `https://github.com/exa-ai/ATLAS/issues/${number}`,
    author: { login: 'reporter' },
    labels: [{ name: 'gold-error' }],
    state: 'OPEN',
    createdAt: '2026-11-01T10:00:00Z',
  };
}

beforeAll(async () => {
  workspace = await smallWorkspace();
  zelda = workspace.taskIds.find((id) => id.includes('zelda'))!;
  const issues = [
    ghIssue(
      101,
      'Ocarina of Time 3D metascore is wrong',
      `Task: ${zelda}\nRow: Ocarina of Time 3D\nColumn: Critic Metascore\nThe value should be 93.\nSource: https://www.metacritic.com/game/3ds/the-legend-of-zelda-ocarina-of-time-3d`,
    ),
    ghIssue(
      102,
      'Skyward Sword HD founding year',
      `Task id: ${zelda}\nRow 4, column "Lead developer founding year" should be 1995.\nhttps://en.wikipedia.org/wiki/Tantalus_Media`,
    ),
    ghIssue(103, 'Something is off somewhere', 'I think one of the tables has a typo but I forgot which one.'),
  ];
  writeFileSync(join(dir, 'issues.json'), JSON.stringify(issues));
  service = freshService('mia');
  await service.importPaths([...workspacePaths(workspace), join(dir, 'issues.json')]);
});
afterAll(() => service.close());

describe('GitHub reports loop', () => {
  it('attaches each parsed report to its dispute, creates a report dispute for an uncontested cell, and keeps the unparsed one unlinked', async () => {
    const reports = await service.listReports({});
    const byNumber = new Map(reports.map((report) => [report.number, report]));
    expect(byNumber.get(101)).toMatchObject({ task_id: zelda, row: 0, column: 'Critic Metascore' });
    const cellDispute = [...service.disputeRecords({ task: zelda, kind: 'cell' })].find(
      (d) => d.gold_row === 0 && d.column === 'Critic Metascore',
    );
    expect(byNumber.get(101)!.dispute_id).toBe(cellDispute!.id);
    expect(byNumber.get(102)).toMatchObject({ task_id: zelda, row: 3, column: 'Lead developer founding year' });
    const reported = await service.getDispute({ id: byNumber.get(102)!.dispute_id! });
    expect(['cell', 'report']).toContain(reported.dispute.kind);
    expect(reported.reports.map((report) => report.number)).toEqual([102]);
    expect(byNumber.get(103)!.dispute_id).toBeNull();
    expect((await service.listReports({ unlinked: true })).map((report) => report.number)).toEqual([103]);
    expect((await service.listDisputes({ filter: { hasReport: true }, offset: 0, limit: 100 })).total).toBe(2);
  });

  it('carries the issue number from ruling to patch to changelog, and the draft reply quotes no gold', async () => {
    const disputeId = (await service.listReports({})).find((report) => report.number === 101)!.dispute_id!;
    await service.rule({
      disputeId,
      decision: 'accept_system',
      value: '93',
      evidence: ['https://www.metacritic.com/game/3ds/the-legend-of-zelda-ocarina-of-time-3d'],
    });
    const patchPath = join(dir, 'v1.1.patch.json');
    await service.exportPatch({ revision: 'v1.1', out: patchPath });
    const patch = JSON.parse(readFileSync(patchPath, 'utf8')) as GoldPatch;
    expect(patch.operations.find((op) => op.dispute_id === disputeId)!.issues).toEqual([101]);

    const { jobId } = await service.applyPatch({
      dataset: workspace.dataset,
      patch: patchPath,
      out: join(dir, 'v1.1.jsonl'),
      changelog: join(dir, 'CHANGELOG.md'),
    });
    await service.idle();
    expect((await service.getJob({ jobId })).state).toBe('done');
    const changelog = readFileSync(join(dir, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toContain('Fixes #101');
    // Column names and row numbers are allowed; gold values, entity names and the question are not.
    for (const secret of [/\b9[34]\b/, /Ocarina/, /Legend of Zelda/, /Which/]) expect(changelog).not.toMatch(secret);

    const draft = await service.draftReply({ number: 101, revision: 'v1.1' });
    expect(draft.outcome).toBe('confirmed');
    expect(draft.text).toContain('v1.1');
    for (const secret of [/\b9[34]\b/, /Ocarina of Time/, /Legend of Zelda/]) expect(draft.text).not.toMatch(secret);
  });

  it('refuses to post without a token, and never stores one', async () => {
    await expect(service.postReply({ number: 101, confirm: true })).rejects.toThrow(/token/);
    expect(await service.getGitHubToken({})).toMatchObject({ configured: false, source: null });
    await service.setGitHubToken({ token: 'ghp_secret' });
    expect(await service.getGitHubToken({})).toMatchObject({ configured: true, source: 'session' });
    expect(readFileSync(service.dbPath).includes('ghp_secret')).toBe(false);
    await service.setGitHubToken({ token: null });
  });

  it('re-importing the same issues changes nothing', async () => {
    const report = await service.importPaths([join(dir, 'issues.json')]);
    expect(report.reports).toMatchObject({ added: 0, updated: 0, unchanged: 3 });
  });
});
