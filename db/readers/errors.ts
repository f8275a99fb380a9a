// How readers name what is wrong with an input: a `field` path engineers can
// find in the file (`details.rows[2].cells[0].verdict`) and a reason that says
// what was expected and what was found, never the whole offending value.
import type { z } from 'zod';
import type { SkippedItem } from '../../shared/api-types';
import type { ReaderItem } from './types';

/**
 * A problem that refuses a whole file or task. Readers throw it for file-level
 * failures (unreadable, too large, wrong layout) and turn it into a
 * `SkippedItem` for task- or line-level ones.
 */
export class ReaderError extends Error {
  constructor(
    readonly path: string,
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${path}${field ? ` (${field})` : ''}: ${reason}`);
    this.name = 'ReaderError';
  }

  toSkipped(): SkippedItem {
    return { path: this.path, field: this.field, reason: this.reason };
  }
}

/**
 * Any thrown value as a skipped item for `path`; aborts are rethrown, never
 * reported. Unexpected errors are reported too, so one odd input cannot stop
 * the rest of the source from importing.
 */
export function skippedFrom(error: unknown, path: string): SkippedItem {
  if (isAbort(error)) throw error;
  if (error instanceof ReaderError) return error.toSkipped();
  return { path, field: '', reason: `unexpected error: ${error instanceof Error ? error.message : String(error)}` };
}

/** Runs `build`, turning a thrown problem into a skipped item for `path`. */
export function attempt<T>(path: string, build: () => T): ReaderItem<T> {
  try {
    return { ok: build() };
  } catch (error) {
    return { skipped: skippedFrom(error, path) };
  }
}

export function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

const PLAIN_KEY = /^[^.[\]"\\\s][^.[\]"\\]*$/u;

/** `["details", "rows", 2, "cells"]` -> `details.rows[2].cells`; odd keys are quoted. */
export function formatPath(path: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else {
      const key = String(part);
      // Keys with spaces stay readable (`cells.Critic Metascore`); only keys that
      // would make the path ambiguous are quoted.
      if (PLAIN_KEY.test(key) && key.trimEnd() === key) out += out ? `.${key}` : key;
      else out += `[${JSON.stringify(key)}]`;
    }
  }
  return out;
}

/** A short description of an input value: never serialises objects (they may be huge or deeply nested). */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    return value.length > 60
      ? `${JSON.stringify(value.slice(0, 57))}… (${value.length} characters)`
      : JSON.stringify(value);
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return `an ${typeof value}`;
}

type Issue = z.core.$ZodIssue;

/** `a`, `a or b`, `a, b or c`. */
function orList(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)!}`;
}

const EXPECTED_NAMES: Record<string, string> = { int: 'an integer', array: 'an array', object: 'an object' };

function issueReason(issue: Issue): string {
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined) return `expected ${EXPECTED_NAMES[issue.expected] ?? issue.expected}, but it is missing`;
      return `expected ${EXPECTED_NAMES[issue.expected] ?? issue.expected}, got ${describeValue(input)}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => String(v)).join(', ')}, got ${describeValue(input)}`;
    case 'unrecognized_keys':
      return `${issue.keys.length === 1 ? 'a field' : 'fields'} this format does not have: ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`;
    case 'invalid_union': {
      // All branches failing on the type itself reads best as "expected a or b".
      const types = issue.errors.map((branch) => branch[0]).filter((first): first is Issue => !!first);
      if (types.length > 0 && types.every((first) => first.code === 'invalid_type' && first.path.length === 0)) {
        const names = types.map((first) =>
          first.code === 'invalid_type' ? (EXPECTED_NAMES[first.expected] ?? first.expected) : '',
        );
        return `expected ${orList([...new Set(names)])}, got ${describeValue(input)}`;
      }
      return issue.message;
    }
    default:
      return issue.message;
  }
}

/** The deepest issue of a union tells the user the most about what to fix. */
function leafIssue(issue: Issue): { issue: Issue; path: PropertyKey[] } {
  if (issue.code === 'invalid_union') {
    let best: { issue: Issue; path: PropertyKey[] } | null = null;
    for (const branch of issue.errors) {
      const first = branch[0];
      if (!first || first.path.length === 0) continue;
      const leaf = leafIssue(first);
      if (!best || leaf.path.length > best.path.length) best = leaf;
    }
    if (best) return { issue: best.issue, path: [...issue.path, ...best.path] };
  }
  return { issue, path: [...issue.path] };
}

/**
 * The first zod issue as `{field, reason}`. The field is the issue's path under
 * `basePath`, written after `prefix` (e.g. prefix `gold`, base `rows, 3, cells, X`).
 */
export function describeZodError(
  error: z.ZodError,
  prefix = '',
  basePath: readonly PropertyKey[] = [],
): { field: string; reason: string } {
  const first = error.issues[0];
  if (!first) return { field: formatPath(basePath, prefix), reason: 'invalid' };
  const { issue, path } = leafIssue(first);
  return {
    field: formatPath([...basePath, ...path], prefix),
    reason: issueReason(issue) + alsoWrong(error.issues.slice(1), prefix, basePath),
  };
}

/** Problems shown after the first: the next few by field, then a count, so a file is fixed in one pass. */
const ALSO_SHOWN = 3;

function alsoWrong(rest: readonly Issue[], prefix: string, basePath: readonly PropertyKey[]): string {
  if (rest.length === 0) return '';
  const shown = rest.slice(0, ALSO_SHOWN).map((other) => {
    const leaf = leafIssue(other);
    return `${formatPath([...basePath, ...leaf.path], prefix) || 'the record'}: ${issueReason(leaf.issue)}`;
  });
  const more = rest.length > ALSO_SHOWN ? `; and ${rest.length - ALSO_SHOWN} more` : '';
  return ` (also ${shown.join('; ')}${more})`;
}
