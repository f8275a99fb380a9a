// Once per test run: the CLI tests spawn bin/atlas-adjudicator.mjs, which runs
// the bundle in dist-cli/. Rebuild it when a source is newer, so a test never
// runs yesterday's code.
import { ensureCliBuilt } from '../scripts/build-cli';

export default async function setup(): Promise<void> {
  await ensureCliBuilt();
}
