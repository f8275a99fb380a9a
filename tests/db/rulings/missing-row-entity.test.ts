// The entity a missing-row dispute proposes for add_row is the name systems
// wrote most, tidied, and a tie goes to how a person writes it: the demo's
// systems write extra entities as "LANTERNFIELD SOUND LINES" and
// "  Lanternfield  Sound  Lines " beside the clean spelling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHandle } from '../../../db/service';
import { tidySpelling } from '../../../shared/spelling';
import { freshService, smallWorkspace, workspacePaths } from '../../support/workspace';

let service: ServiceHandle;

beforeAll(async () => {
  service = freshService('mia');
  await service.importPaths(workspacePaths(await smallWorkspace()));
});
afterAll(() => service.close());

describe('a missing row’s proposed entity', () => {
  it('is tidied and, among spellings written equally often, not all caps when a mixed-case one was written', async () => {
    const missing = [...service.disputeRecords({ kind: 'missing_row' })];
    let ties = 0;
    for (const record of missing) {
      expect(record.entity).toBe(tidySpelling(record.entity));
      const detail = await service.getDispute({ id: record.id });
      const counts = new Map<string, number>();
      for (const system of detail.missing_row_systems)
        counts.set(tidySpelling(system.entity), (counts.get(tidySpelling(system.entity)) ?? 0) + 1);
      const most = Math.max(...counts.values());
      const leading = [...counts].filter(([, count]) => count === most).map(([text]) => text);
      expect(leading).toContain(record.entity);
      const mixed = leading.filter((text) => text !== text.toUpperCase() && text !== text.toLowerCase());
      if (leading.length > 1 && mixed.length > 0) {
        ties++;
        expect(mixed).toContain(record.entity);
      }
    }
    // The workspace has such ties, so the check above ran.
    expect(ties).toBeGreaterThan(0);
  });
});
