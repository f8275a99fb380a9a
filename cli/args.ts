// Strict argument parsing shared by every command (node:util parseArgs): an
// unknown option or a missing value is a usage error naming the option.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { defaultDbPath } from '../db/paths';
import { describeValue } from '../db/readers';
import type { ServiceHandle } from '../db/service';
import { apiMethods } from '../shared/api';
import type { MethodName, MethodParsedInput } from '../shared/api';
import type { core, output, ZodType } from 'zod';
import type { CliContext } from './context';
import { CliError, UsageError } from './errors';

type OptionConfig = NonNullable<ParseArgsConfig['options']>[string];
type ZodIssue = core.$ZodIssue;

/** Options every command takes. */
const COMMON = {
  db: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function parseCommand<const O extends Record<string, OptionConfig>>(
  command: string,
  argv: readonly string[],
  options: O,
) {
  const config = {
    args: argv,
    options: { ...COMMON, ...options },
    allowPositionals: true,
    strict: true,
    tokens: true,
  } as const;
  let parsed;
  try {
    parsed = parseArgs(config);
  } catch (err) {
    throw new UsageError(`${command}: ${describeParseError(err)}`);
  }
  refuseRepeats(command, parsed.tokens, config.options);
  return { values: parsed.values, positionals: parsed.positionals };
}

/**
 * parseArgs keeps the last of a repeated option, so `--decision keep_gold
 * --decision new_value` would record new_value without a word: a value option
 * given twice is refused unless it is declared `multiple` (such as `rule
 * --evidence`). A repeated flag (`--json --json`) changes nothing and is let be.
 */
function refuseRepeats(
  command: string,
  tokens: readonly { kind: string; name?: string }[],
  options: Readonly<Record<string, OptionConfig>>,
): void {
  const seen = new Set<string>();
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name === undefined) continue;
    const option = options[token.name];
    if (option === undefined || option.type !== 'string' || option.multiple === true) continue;
    if (seen.has(token.name)) throw new UsageError(`${command}: --${token.name} given twice; give it once`);
    seen.add(token.name);
  }
}

/** parseArgs' messages are long and suggest `--`; this says the same in a few words. */
function describeParseError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: string }).code;
  const quoted = /'([^']+)'/.exec(message)?.[1];
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${quoted ?? message}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const option = /(--[\w-]+)/.exec(message)?.[1];
      if (option === undefined) return message.split('\n')[0] ?? message;
      if (/ambiguous/.test(message))
        return `option ${option} needs a value (write ${option}=VALUE for a value starting with '-')`;
      if (/does not take an argument/.test(message)) return `option ${option} takes no value`;
      return `option ${option} needs a value`;
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${quoted ?? message}`;
    default:
      return message.split('\n')[0] ?? message;
  }
}

/** Exactly `count` positional arguments, named in the error when missing. */
export function positionals(command: string, given: string[], names: string[]): string[] {
  if (given.length < names.length) throw new UsageError(`${command}: missing ${names[given.length]}`);
  if (given.length > names.length) throw new UsageError(`${command}: unexpected argument '${given[names.length]}'`);
  return given;
}

export function dbPathOf(flag: string | undefined, ctx: CliContext): string {
  if (flag !== undefined) {
    if (flag.trim() === '') throw new UsageError('--db needs a file name');
    return resolve(ctx.cwd, flag);
  }
  const fromEnv = ctx.env.ATLAS_ADJUDICATOR_DB;
  return fromEnv ? resolve(ctx.cwd, fromEnv) : defaultDbPath();
}

/** `--engineer`, else `$ATLAS_ADJUDICATOR_ENGINEER`, else undefined (the service falls back to settings, then the OS user). */
export function engineerOf(flag: string | undefined, ctx: CliContext): string | undefined {
  if (flag !== undefined) {
    if (flag.trim() === '') throw new UsageError('--engineer needs a name');
    // "mia " is mia: spaces around a name would make one person two engineers.
    return flag.trim();
  }
  const fromEnv = ctx.env.ATLAS_ADJUDICATOR_ENGINEER?.trim();
  return fromEnv ? fromEnv : undefined;
}

export function integerOption(command: string, flag: string, value: string | undefined, min = 0): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim()) || Number(value) < min || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`${command}: ${flag} must be a whole number${min > 0 ? ` ≥ ${min}` : ''}, got '${value}'`);
  }
  return Number(value);
}

/**
 * Validates a method's input with the contract's own schema (the same check
 * every host makes) and reports the failing field as the option the user typed.
 */
export function validateInput<M extends MethodName>(
  command: string,
  method: M,
  input: unknown,
  flags: Record<string, string>,
): MethodParsedInput<M> {
  return validateWith(command, apiMethods[method].input, input, flags) as MethodParsedInput<M>;
}

export function validateWith<S extends ZodType>(
  command: string,
  schema: S,
  input: unknown,
  flags: Record<string, string>,
): output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = String(issue?.path[0] ?? '');
  const where = flags[field] ?? (field || 'input');
  const detail = issue && issue.path.length > 1 ? ` (${issue.path.slice(1).join('.')})` : '';
  const given =
    issue && issue.path.length === 1 && input !== null && typeof input === 'object'
      ? (input as Record<string, unknown>)[field]
      : undefined;
  throw new UsageError(`${command}: ${where}${detail}: ${issue ? issueText(issue, given) : 'invalid value'}`);
}

/** zod's own wording ("Invalid option: expected one of \"a\"|\"b\"", "Too small: …"); a schema's own message reads as written. */
const ZOD_WORDING = /^(Invalid option|Invalid input|Too small|Too big)\b/;

/** An issue in the words of the tool's other messages: "expected one of a, b, got 'x'", "must not be empty". */
function issueText(issue: ZodIssue, given: unknown): string {
  if (!ZOD_WORDING.test(issue.message)) return issue.message;
  const got = given === undefined ? '' : `, got ${describeValue(given)}`;
  switch (issue.code) {
    case 'invalid_value':
      return issue.values.length === 1
        ? `expected ${String(issue.values[0])}${got}`
        : `expected one of ${issue.values.map(String).join(', ')}${got}`;
    case 'too_small': {
      const least = Number(issue.minimum) + (issue.inclusive === false ? 1 : 0);
      if (issue.origin === 'string') return least <= 1 ? 'must not be empty' : `must be at least ${least} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return least <= 1 ? 'needs at least one value' : `needs at least ${least} values`;
      return `must be at least ${String(issue.minimum)}${got}`;
    }
    case 'too_big': {
      const most = Number(issue.maximum) - (issue.inclusive === false ? 1 : 0);
      if (issue.origin === 'string') return `must be at most ${most} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `takes at most ${most} values`;
      return `must be at most ${String(issue.maximum)}${got}`;
    }
    case 'invalid_type':
      return `expected ${issue.expected === 'array' ? 'a list' : issue.expected === 'object' ? 'an object' : `a ${issue.expected}`}${got}`;
    default:
      return issue.message;
  }
}

export interface OpenOptions {
  dbPath: string;
  engineer?: string | undefined;
  /** Reading commands refuse to create a store at a mistyped path. */
  mustExist: boolean;
}

/** Opens the service for the duration of `fn` and always closes it. */
export async function withService<T>(
  ctx: CliContext,
  options: OpenOptions,
  fn: (service: ServiceHandle) => Promise<T>,
): Promise<T> {
  if (options.mustExist && !existsSync(options.dbPath)) {
    throw new CliError(
      `--db: no store at ${options.dbPath} (run 'atlas-adjudicator import' or 'atlas-adjudicator demo' first)`,
    );
  }
  const service = await ctx.openService({
    dbPath: options.dbPath,
    ...(options.engineer !== undefined ? { engineer: options.engineer } : {}),
    // A write that has to wait for another process says so, and for whom, rather than sit silent.
    onBusy: (message) => ctx.stderr.write(`atlas-adjudicator: ${message}\n`),
  });
  try {
    return await fn(service);
  } finally {
    service.close();
  }
}
