// `npx tsx demo/cli.ts OUTDIR [--tasks N] [--systems S] [--seed K] [--demo]`:
// writes a workspace and prints its paths as JSON (progress goes to stderr).
import { parseArgs } from 'node:util';
import { DEMO_OPTIONS, generateWorkspace } from './generate';
import type { GenerateOptions } from './generate';

const USAGE =
  'usage: tsx demo/cli.ts OUTDIR [--tasks N] [--systems S] [--seed K] [--min-rows N] [--max-rows N] [--min-columns N] [--max-columns N] [--format jsonl|parquet|both] [--no-zelda] [--demo] [--quiet]';

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/u.test(value)) throw new Error(`--${name} needs a whole number, got "${value}"`);
  return Number(value);
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      tasks: { type: 'string' },
      systems: { type: 'string' },
      seed: { type: 'string' },
      'min-rows': { type: 'string' },
      'max-rows': { type: 'string' },
      'min-columns': { type: 'string' },
      'max-columns': { type: 'string' },
      format: { type: 'string' },
      'no-zelda': { type: 'boolean' },
      demo: { type: 'boolean' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const [outDir, ...rest] = positionals;
  if (outDir === undefined || rest.length > 0) throw new Error(USAGE);
  const format = values.format;
  if (format !== undefined && format !== 'jsonl' && format !== 'parquet' && format !== 'both')
    throw new Error('--format must be jsonl, parquet or both');

  const options: GenerateOptions = { ...(values.demo ? DEMO_OPTIONS : { datasetFormat: 'both' }) };
  const set = <K extends keyof GenerateOptions>(key: K, value: GenerateOptions[K] | undefined): void => {
    if (value !== undefined) options[key] = value;
  };
  set('tasks', integer('tasks', values.tasks));
  set('systems', integer('systems', values.systems));
  set('seed', integer('seed', values.seed));
  set('minRows', integer('min-rows', values['min-rows']));
  set('maxRows', integer('max-rows', values['max-rows']));
  set('minColumns', integer('min-columns', values['min-columns']));
  set('maxColumns', integer('max-columns', values['max-columns']));
  set('datasetFormat', format);
  if (values['no-zelda']) options.includeZelda = false;

  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort(new Error('interrupted')));
  options.signal = controller.signal;
  if (!values.quiet && process.stderr.isTTY) {
    options.onProgress = (done, total) => process.stderr.write(`\r${done}/${total} tasks`);
  }
  const started = performance.now();
  const workspace = await generateWorkspace(outDir, options);
  if (options.onProgress) process.stderr.write(` in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  process.stdout.write(`${JSON.stringify(workspace, null, 2)}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
