#!/usr/bin/env node
// `npx atlas-adjudicator …` with no build step: tsx compiles the TypeScript CLI
// on import (Node 20 cannot strip types itself).
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });

// A closed pipe (`… | head`) is not an error worth a stack trace.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

let code;
try {
  const { run } = await import('../cli/main.ts');
  code = await run(process.argv.slice(2));
} catch (err) {
  // Only a broken installation gets here (run() itself never throws): still one line.
  process.stderr.write(`atlas-adjudicator: ${String(err?.message ?? err).split('\n')[0]}\n`);
  code = 1;
}
process.exitCode = code;
// Exit naturally so piped output is flushed; force it only if something keeps the loop alive.
setTimeout(() => process.exit(code), 2000).unref();
