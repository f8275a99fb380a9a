// The paths of an apply, checked before the patch is read: every host (the
// command line, the app's Apply dialog, the bridge) gets the same one-line
// refusal naming the field, instead of EISDIR from a read or a rename after
// the whole patch was checked. Outputs may never land on the inputs: the base
// dataset is what a refused or repeated apply falls back on.
import { existsSync } from 'node:fs';
import { extname } from 'node:path';
import { checkInputFile, checkOutputFile, PATCH_FILE_EXPECTED, PathError, sameFile } from '../path-checks';

export interface ApplyPaths {
  dataset: string;
  patch: string;
  out: string;
  changelog?: string | null | undefined;
  /** Existing outputs may be replaced (the engineer said so); else they are refused. */
  overwrite?: boolean | undefined;
}

export type ApplyPathLabels = Record<Exclude<keyof ApplyPaths, 'overwrite'>, string> & { overwrite: string };

/** The API's field names; the command line passes its flags instead. */
export const API_LABELS: ApplyPathLabels = {
  dataset: 'dataset',
  patch: 'patch',
  out: 'out',
  changelog: 'changelog',
  overwrite: 'overwrite',
};

const FORMAT_OF_EXTENSION: Record<string, 'Parquet' | 'JSON Lines'> = { '.parquet': 'Parquet', '.jsonl': 'JSON Lines' };

/**
 * The revised dataset is written in the base's format: an output named for
 * the other one (x.parquet holding JSON Lines) would be refused by the next
 * import, or misread by another tool.
 */
function refuseOtherFormatName(paths: ApplyPaths, labels: ApplyPathLabels): void {
  const input = FORMAT_OF_EXTENSION[extname(paths.dataset).toLowerCase()];
  const output = FORMAT_OF_EXTENSION[extname(paths.out).toLowerCase()];
  if (input === undefined || output === undefined || input === output) return;
  const extension = Object.entries(FORMAT_OF_EXTENSION).find(([, format]) => format === input)![0];
  throw new PathError(
    `${labels.out}: ${paths.out} is named for ${output}, but the revised dataset is written in the base's format (${input}, as ${paths.dataset}); name it ${extension}`,
  );
}

export function checkApplyPaths(paths: ApplyPaths, labels: ApplyPathLabels = API_LABELS): void {
  checkInputFile(paths.dataset, { label: labels.dataset, expected: 'a dataset file (.jsonl or .parquet)' });
  checkInputFile(paths.patch, { label: labels.patch, expected: PATCH_FILE_EXPECTED });
  checkOutputFile(paths.out, {
    label: labels.out,
    expected: "the revised dataset's file name, e.g. DIR/atlas-test.v1.1.jsonl",
  });
  const changelog = paths.changelog ?? null;
  if (changelog !== null)
    checkOutputFile(changelog, {
      label: labels.changelog,
      expected: "the changelog's file name, e.g. DIR/CHANGELOG.md",
    });

  refuseOtherFormatName(paths, labels);

  const refuse = (output: keyof ApplyPaths, input: keyof ApplyPaths, why: string): never => {
    throw new PathError(`${labels[output]} is the same file as ${labels[input]} (${paths[output] ?? ''}): ${why}`);
  };
  const outputs = changelog === null ? (['out'] as const) : (['out', 'changelog'] as const);
  for (const output of outputs) {
    const path = output === 'out' ? paths.out : changelog!;
    if (sameFile(path, paths.dataset))
      refuse(output, 'dataset', 'the base dataset must not be overwritten; write to a new file');
    if (sameFile(path, paths.patch)) refuse(output, 'patch', 'the patch must not be overwritten; write to a new file');
  }
  if (changelog !== null && sameFile(paths.out, changelog))
    refuse('changelog', 'out', 'the revised dataset and its changelog need a file each');
  // A CHANGELOG.md beside the output may be a repository's own: replacing a file is the engineer's call.
  if (paths.overwrite !== true) {
    for (const [label, path] of [
      [labels.out, paths.out],
      [labels.changelog, changelog],
    ] as const) {
      if (path !== null && existsSync(path))
        throw new PathError(`${label}: ${path} already exists (${labels.overwrite} replaces it)`);
    }
  }
}
