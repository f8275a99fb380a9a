#!/usr/bin/env node
// `npx atlas-adjudicator …`: runs the bundled CLI in dist-cli/, which `npm
// install` (the `prepare` script) and `npm run build` make from cli/*.ts
// (scripts/build-cli.ts). Plain JavaScript: nothing is compiled at run time.

// A closed pipe (`… | head`) is not an error worth a stack trace.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

let code;
try {
  let cli;
  try {
    cli = await import('../dist-cli/main.mjs');
  } catch (err) {
    if (err?.code !== 'ERR_MODULE_NOT_FOUND' || !String(err.message).includes('dist-cli')) throw err;
    throw new Error(
      "the command line is not built yet: run 'npm run build:cli' (npm install runs it) in the project folder",
      { cause: err },
    );
  }
  code = await cli.run(process.argv.slice(2));
} catch (err) {
  // Only a broken installation gets here (run() itself never throws): still one line.
  process.stderr.write(`atlas-adjudicator: ${String(err?.message ?? err).split('\n')[0]}\n`);
  code = 1;
}
process.exitCode = code;
// Exit naturally so piped output is flushed; force it only if something keeps the loop alive.
setTimeout(() => process.exit(code), 2000).unref();
