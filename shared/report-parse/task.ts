// Which task a report is about: any task id of the catalogue written in the
// title or body (case-insensitive, as whole words).
import type { LabelledField } from './fields';
import { unwrapValue } from './text';

export interface TaskMention {
  id: string;
  /** Offset of the first mention in the searched text (title first). */
  first: number;
  count: number;
  inTitle: boolean;
  /** Matched only by the part before `:` (`atlas/0007` for `atlas/0007:zelda remakes`). */
  byStem: boolean;
}

const ID_CHAR = /[\p{L}\p{N}_-]/u;

function squash(text: string): string {
  return text.toLowerCase().replace(/\s+/gu, ' ');
}

/** Offsets where `needle` occurs with no id character glued to either side. */
function occurrences(haystack: string, needle: string): number[] {
  const out: number[] = [];
  if (needle === '') return out;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1];
    const after = haystack[at + needle.length];
    if ((before === undefined || !ID_CHAR.test(before)) && (after === undefined || !ID_CHAR.test(after))) out.push(at);
  }
  return out;
}

/** The part of an id a person may write alone: up to the first `:` or space. */
export function idStem(id: string): string | null {
  const stem = id.split(/[:\s]/u)[0]!;
  return stem !== id && stem.length >= 4 ? stem : null;
}

/**
 * Every catalogue task mentioned, ordered by first mention. A longer id wins
 * over an id it contains at the same place; stems count only when the stem
 * belongs to a single task and that task's full id is not written.
 */
export function findTaskMentions(title: string, body: string, taskIds: readonly string[]): TaskMention[] {
  const text = `${squash(title)}\n${squash(body)}`;
  const titleEnd = squash(title).length;
  const claimed: { start: number; end: number }[] = [];
  const mentions: TaskMention[] = [];
  const byLength = [...taskIds].sort((a, b) => b.length - a.length);
  for (const id of byLength) {
    const needle = squash(id);
    const spots = occurrences(text, needle).filter((at) => !claimed.some((c) => at >= c.start && at < c.end));
    if (spots.length === 0) continue;
    for (const at of spots) claimed.push({ start: at, end: at + needle.length });
    mentions.push({ id, first: spots[0]!, count: spots.length, inTitle: spots[0]! < titleEnd, byStem: false });
  }
  const stems = new Map<string, string[]>();
  for (const id of taskIds) {
    const stem = idStem(id);
    if (stem) stems.set(squash(stem), [...(stems.get(squash(stem)) ?? []), id]);
  }
  for (const [stem, ids] of stems) {
    if (ids.length !== 1 || mentions.some((m) => m.id === ids[0])) continue;
    const spots = occurrences(text, stem).filter((at) => !claimed.some((c) => at >= c.start && at < c.end));
    if (spots.length === 0) continue;
    mentions.push({ id: ids[0]!, first: spots[0]!, count: spots.length, inTitle: spots[0]! < titleEnd, byStem: true });
  }
  return mentions.sort((a, b) => a.first - b.first);
}

/** The task a labelled "Task id" answer names, if it names a catalogue task. */
export function taskFromField(
  field: LabelledField | undefined,
  mentions: readonly TaskMention[],
  taskIds: readonly string[],
): string | null {
  if (!field) return null;
  const written = squash(unwrapValue(field.value.split('\n')[0] ?? ''));
  const exact = taskIds.find((id) => squash(id) === written);
  if (exact) return exact;
  // The answer may carry more words ("atlas-0003 (the bridges task)"): the mention inside it.
  const inside = mentions.filter((m) => occurrences(written, squash(m.id)).length > 0);
  return inside[0]?.id ?? null;
}

/** What a "Task id" answer says when it names no catalogue task: kept so the engineer sees it. */
export function writtenTaskId(field: LabelledField | undefined): string | null {
  if (!field) return null;
  const line = unwrapValue(field.value.split('\n')[0] ?? '');
  return line !== '' && line.length <= 120 ? line : null;
}
