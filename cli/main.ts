// The command-line host: dispatches to one file per command under commands/
// and turns every failure into exactly one `atlas-adjudicator: …` line on stderr.
import { APP_VERSION } from '../db/app-version';
import { ApiInputError } from '../shared/api-input-error';
import { COMMANDS } from './commands/index';
import type { CommandEntry } from './commands/types';
import { processContext, write } from './context';
import type { CliContext } from './context';
import { CliError, EXIT, oneLine, UsageError } from './errors';

export const PROGRAM = 'atlas-adjudicator';

export { COMMANDS };

function findCommand(name: string): CommandEntry | undefined {
  return COMMANDS.find((c) => c.name === name);
}

function topHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return `Usage: ${PROGRAM} COMMAND [options]

${COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}

Every command takes --db FILE (default: $ATLAS_ADJUDICATOR_DB, else the app's
per-user store), --json for machine-readable output, and --help, before or
after the command name. Run '${PROGRAM} COMMAND --help' for a command's options.
`;
}

/** `--help`/`-h` anywhere before a `--` asks for help, whatever else is on the line. */
function wantsHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/** Runs one command line; resolves to the exit code. Never throws. */
export async function run(argv: string[], overrides: Partial<CliContext> = {}): Promise<number> {
  const ctx: CliContext = { ...processContext(), ...overrides };
  let command: CommandEntry | undefined;
  try {
    const [name, ...rest] = withGlobalsAfterCommand(argv);
    if (name === undefined)
      throw new UsageError(
        `missing command (one of ${COMMANDS.map((c) => c.name).join(', ')}); try '${PROGRAM} --help'`,
      );
    if (name === '--help' || name === '-h') {
      // `--help rule` as `rule --help`: a command named after it gets its own help.
      const target = rest[0] === undefined || rest[0].startsWith('-') ? undefined : findCommand(rest[0]);
      if (rest[0] !== undefined && !rest[0].startsWith('-') && target === undefined)
        throw new UsageError(`unknown command '${rest[0]}' (one of ${COMMANDS.map((c) => c.name).join(', ')})`);
      await write(ctx.stdout, target ? (await target.load()).help : topHelp());
      return EXIT.ok;
    }
    if (name === 'help') {
      const target = rest[0] === undefined ? undefined : findCommand(rest[0]);
      if (rest[0] !== undefined && target === undefined) throw new UsageError(`help: unknown command '${rest[0]}'`);
      await write(ctx.stdout, target ? (await target.load()).help : topHelp());
      return EXIT.ok;
    }
    if (name === '--version' || name === '-V') {
      await write(ctx.stdout, `${APP_VERSION}\n`);
      return EXIT.ok;
    }
    command = findCommand(name);
    if (command === undefined)
      throw new UsageError(`unknown command '${name}' (one of ${COMMANDS.map((c) => c.name).join(', ')})`);
    const loaded = await command.load();
    if (wantsHelp(rest)) {
      await write(ctx.stdout, loaded.help);
      return EXIT.ok;
    }
    return await loaded.run(rest, ctx);
  } catch (err) {
    const { message, code } = describe(err, command);
    await write(ctx.stderr, `${PROGRAM}: ${oneLine(message)}\n`);
    return code;
  }
}

/** Options every command takes (args.ts COMMON), so they may come before its name too. */
const GLOBAL_WITH_VALUE = new Set(['--db']);
const GLOBAL_FLAGS = new Set(['--json']);

/**
 * `--db X --json disputes …` as `disputes … --db X --json`: global options
 * before the command move after it (before any `--`, so they stay options),
 * where the command's own parser reads them with the rest.
 */
function withGlobalsAfterCommand(argv: readonly string[]): string[] {
  const globals: string[] = [];
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i]!;
    const name = arg.split('=', 1)[0]!;
    if (GLOBAL_FLAGS.has(arg) || (GLOBAL_WITH_VALUE.has(name) && arg.includes('='))) {
      globals.push(arg);
    } else if (GLOBAL_WITH_VALUE.has(arg)) {
      const value = argv[i + 1];
      if (value === undefined) throw new UsageError(`option ${arg} needs a value`);
      globals.push(arg, value);
      i++;
    } else {
      break;
    }
  }
  if (globals.length === 0) return [...argv];
  const [name, ...rest] = argv.slice(i);
  if (name === undefined) return [];
  const end = rest.indexOf('--');
  return end === -1 ? [name, ...rest, ...globals] : [name, ...rest.slice(0, end), ...globals, ...rest.slice(end)];
}

function describe(err: unknown, command: CommandEntry | undefined): { message: string; code: number } {
  if (err instanceof UsageError) {
    const hint = command ? ` (see '${PROGRAM} ${command.name} --help')` : '';
    return { message: err.message + hint, code: EXIT.usage };
  }
  if (err instanceof CliError) return { message: err.message, code: err.exitCode };
  // The service validates again; its message already names method and field.
  if (err instanceof ApiInputError) return { message: err.message, code: EXIT.failure };
  if (err instanceof Error)
    return { message: command ? `${command.name}: ${err.message}` : err.message, code: EXIT.failure };
  return { message: String(err), code: EXIT.failure };
}
