// A patch's revision, base_revision and created_by end up in CHANGELOG.md, the
// store's history and the next export's base: a patch read from a file is held
// to the rules export writes them by, so an edited one cannot smuggle a
// heading, a link or a terminal escape into any of them.
import { REVISION_TAG, REVISION_TAG_EXPECTED } from '../../shared/api';
import type { GoldPatch } from '../../shared/patch';

const MAX_TAG = 100;
const MAX_NAME = 200;
/** C0 and C1 controls, line and paragraph separators, and the bidirectional marks and overrides. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export interface PatchHeaderProblem {
  field: 'revision' | 'base_revision' | 'created_by';
  reason: string;
}

function tagProblem(tag: string): string | null {
  if (tag.length > MAX_TAG) return `is ${tag.length} characters long; expected a tag of at most ${MAX_TAG}`;
  return REVISION_TAG.test(tag) ? null : `${JSON.stringify(tag)} is not a revision tag; ${REVISION_TAG_EXPECTED}`;
}

/** The first header field a patch's exporter would not have written, or null. */
export function patchHeaderProblem(
  patch: Pick<GoldPatch, 'revision' | 'base_revision' | 'created_by'>,
): PatchHeaderProblem | null {
  const revision = tagProblem(patch.revision);
  if (revision !== null) return { field: 'revision', reason: revision };
  const base = tagProblem(patch.base_revision);
  if (base !== null) return { field: 'base_revision', reason: base };
  if (patch.revision === patch.base_revision)
    return {
      field: 'revision',
      reason: `${JSON.stringify(patch.revision)} is the base revision's own tag; a patch makes a new revision on top of its base`,
    };
  const name = patch.created_by;
  if (name.trim() === '' || name.trim() !== name)
    return {
      field: 'created_by',
      reason: `${JSON.stringify(name)} is not an engineer's name (blank, or spaces around it)`,
    };
  if (name.length > MAX_NAME)
    return { field: 'created_by', reason: `is ${name.length} characters long; expected a name of at most ${MAX_NAME}` };
  if (CONTROLS.test(name))
    return {
      field: 'created_by',
      reason: `${JSON.stringify(name)} holds control characters; expected a name without them`,
    };
  return null;
}
