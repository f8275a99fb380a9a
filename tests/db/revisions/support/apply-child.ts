// Runs one apply in a child process for the kill test. It reports progress on
// stdout and pauses briefly after each written chunk, so the parent's SIGKILL
// lands while the output is being written.
import { applyPatch } from '../../../../db/revisions/apply';

const [dataset, patch, out] = process.argv.slice(2) as [string, string, string];
const pause = new Int32Array(new SharedArrayBuffer(4));

await applyPatch({
  dataset,
  patch,
  out,
  changelog: `${out}.CHANGELOG.md`,
  onProgress: (done, total, phase) => {
    process.stdout.write(`progress ${phase} ${done}/${total}\n`);
    if (phase === 'writing') Atomics.wait(pause, 0, 0, 40);
  },
});
process.stdout.write('done\n');
