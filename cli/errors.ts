// Exit codes and the two error kinds every command may throw. main.ts turns
// them into one `atlas-adjudicator: …` line on stderr.

export const EXIT = {
  ok: 0,
  /** Bad input (missing file, unknown dispute, invalid value) or a fatal error. */
  failure: 1,
  /** The command line itself is wrong: unknown command or option, missing argument. */
  usage: 2,
  /** Interrupted (128 + SIGINT), as shells report it. */
  interrupted: 130,
} as const;

/** A command-line mistake: exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Anything else the user should read: exit 1 (or the given code). */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failure,
  ) {
    super(message);
  }
}

/** The one-line form of any error message (service messages may contain newlines). */
export function oneLine(message: string): string {
  return message.replace(/\s*[\r\n]+\s*/g, ' ').trim() || 'unknown error';
}

export function isAbortError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || (err as { code?: unknown }).code === 'ABORT_ERR');
}
