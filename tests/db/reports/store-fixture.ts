// A store holding the small generated workspace (with the Zelda task), and
// helpers to write saved GitHub issue lists for it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServiceHandle } from '../../../db/service';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';

export interface ReportsFixture {
  service: ServiceHandle;
  zelda: string;
  paths: string[];
}

export async function reportsFixture(): Promise<ReportsFixture> {
  const workspace = await smallWorkspace();
  const service = freshService('mia');
  const paths = workspacePaths(workspace);
  await service.importPaths(paths);
  const zelda = workspace.taskIds.find((id) => id.includes('zelda'))!;
  return { service, zelda, paths };
}

export interface GhIssue {
  number: number;
  title: string;
  body: string;
  state?: 'OPEN' | 'CLOSED';
  author?: string;
  labels?: string[];
  createdAt?: string;
  /** Written only when given (`gh issue list --json ...,updatedAt`). */
  updatedAt?: string;
}

/** `gh issue list --json number,title,body,url,author,labels,state,createdAt` output. */
export function writeGhIssues(issues: readonly GhIssue[], repo = 'exa-ai/atlas'): string {
  const path = join(tempDir('atlas-reports-'), 'issues.json');
  const out = issues.map((issue) => ({
    number: issue.number,
    title: issue.title,
    body: issue.body,
    url: `https://github.com/${repo}/issues/${issue.number}`,
    author: { login: issue.author ?? 'reporter', name: 'A Reporter', is_bot: false },
    labels: (issue.labels ?? ['gold-error']).map((name) => ({
      id: `L_${name}`,
      name,
      description: '',
      color: 'd73a4a',
    })),
    state: issue.state ?? 'OPEN',
    createdAt: issue.createdAt ?? `2025-04-${String((issue.number % 28) + 1).padStart(2, '0')}T09:00:00Z`,
    ...(issue.updatedAt !== undefined ? { updatedAt: issue.updatedAt } : {}),
  }));
  writeFileSync(path, JSON.stringify(out, null, 2));
  return path;
}
