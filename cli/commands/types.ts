import type { CliContext } from '../context';

/** One sub-command: it parses its own arguments, so each file holds all of one command. */
export interface Command {
  /** Full `--help` text. */
  help: string;
  /** Resolves to the exit code; throws UsageError / CliError for the one-line error. */
  run(argv: string[], ctx: CliContext): Promise<number>;
}

/** What the top-level help needs of a command, and its module, loaded when it runs. */
export interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<Command>;
}

export const COMMON_HELP = `Common options (before or after the command name):
  --db FILE     the store (default: $ATLAS_ADJUDICATOR_DB, else the app's per-user store)
  --json        machine-readable output
  -h, --help    this help`;
