// A child process for the crash tests: it does real work through the service
// and acknowledges on stdout only what has committed, so the parent can kill
// it (SIGKILL) at any moment and then check the store.
//   import DB PATH...      progress lines, then "committed <ms since ready>"
//   rule DB                 rules on open disputes in a loop: "ack <ruling id>" after each commit
//   export DB OUT           rules, then exports OUT, in a loop: "ack <ruling id>", "exported"
import { openService } from '../../../db/service';
import { parseInput } from '../../../shared/api';
import type { Decision } from '../../../shared/domain';

const [mode, dbPath, ...rest] = process.argv.slice(2);
const service = openService({ dbPath: dbPath!, engineer: 'crash-child', settingsPath: `${dbPath}.settings.json` });
const say = (line: string): void => void process.stdout.write(`${line}\n`);
say('ready');
const readyAt = performance.now();

async function ruleLoop(exportTo: string | null): Promise<void> {
  const ids = service.store.db
    .prepare<[], { id: string }>("SELECT id FROM disputes WHERE kind = 'cell' ORDER BY priority")
    .all()
    .map((row) => row.id);
  const decisions: Decision[] = ['keep_gold', 'new_value', 'mark_blank', 'new_value'];
  for (let i = 0; ; i++) {
    const disputeId = ids[i % ids.length]!;
    const result =
      i % 7 === 6
        ? await Promise.resolve()
            .then(() => service.retract(parseInput('retract', { disputeId: ids[(i - 1) % ids.length]! })))
            .catch(() => null)
        : await service.rule(
            parseInput('rule', {
              disputeId,
              decision: decisions[i % decisions.length]!,
              value: decisions[i % decisions.length] === 'new_value' ? `value ${i}` : null,
              rationale: `crash test ${i}`,
            }),
          );
    if (result) say(`ack ${result.ruling.id}`);
    if (exportTo) {
      await service.exportPatch(
        parseInput('exportPatch', {
          revision: `v-crash-${process.pid}-${i}`,
          out: exportTo,
          plaintext: i % 2 === 0,
          overwrite: true,
        }),
      );
      say('exported');
    }
  }
}

if (mode === 'import' || mode === 'import-threads') {
  // The heavy path forced: reading and deriving on the worker thread, the cells' index dropped and built again.
  const heavy = mode === 'import-threads';
  await service.importPaths(rest, {
    threads: heavy ? 'always' : 'never',
    deferIndex: heavy ? 'always' : 'never',
    onProgress: (done, total) => say(`progress ${done}/${total}`),
  });
  say(`committed ${Math.round(performance.now() - readyAt)}`);
  service.close();
} else if (mode === 'rule') {
  await ruleLoop(null);
} else if (mode === 'export') {
  await ruleLoop(rest[0]!);
} else {
  throw new Error(`unknown mode ${mode}`);
}
