// A reply to a reporter, for the engineer to copy or post: confirmed and
// fixed in revision TAG, or not confirmed with the sources that support the
// gold. It never quotes gold values, entity names or the question (the
// dataset is kept out of plain text on the web): the text is fixed wording
// plus the task id, the row number, the revision and source links, and a
// source whose address spells out a gold term is withheld.
import type { Decision, RuleType } from '../../shared/domain';
import { safeExternalUrl } from '../../shared/host';
import type { ReportRef } from '../../shared/api';
import type { Store } from '../store';
import { findLeaks, goldTerms } from './gold-terms';
import { findReport, ReportError } from './records';
import type { ReplyDraft, ReplyOutcome } from '../../shared/report-types';

// The draft's shape is part of the API contract (shared/report-types.ts).
export type { ReplyDraft, ReplyOutcome };

/** Decisions that leave gold as it was. */
const KEEPS_GOLD: ReadonlySet<Decision> = new Set(['keep_gold', 'reject_row']);

interface DisputeState {
  id: string;
  kind: string;
  task_id: string;
  gold_row: number | null;
  column_name: string | null;
  rule_type: RuleType | 'entity' | null;
  status: string;
  settled_by_revision: string | null;
}

function greeting(author: string | null): string {
  return author !== null && /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/u.test(author)
    ? `Thanks for the report, @${author}.`
    : 'Thanks for the report.';
}

function where(dispute: DisputeState): string {
  const task = `task \`${dispute.task_id}\``;
  if (dispute.kind === 'missing_row') return `the entity you reported (${task})`;
  if (dispute.gold_row === null) return `your report on ${task}`;
  return `the ${dispute.column_name === null ? 'row' : 'cell'} you reported (${task}, row ${dispute.gold_row + 1})`;
}

interface Settled {
  decision: Decision | 'revision';
}

/** The agreed decision on a settled dispute, or null while it is open or in conflict. */
function settledDecision(store: Store, dispute: DisputeState): Settled | null {
  if (dispute.status !== 'resolved') return null;
  const latest = store.db
    .prepare<[string], Settled & { decision: Decision }>(
      `SELECT r.decision FROM positions p JOIN rulings r ON r.id = p.ruling_id WHERE p.dispute_id = ? ORDER BY r.created_at DESC, r.id DESC LIMIT 1`,
    )
    .get(dispute.id);
  return latest ?? (dispute.settled_by_revision !== null ? { decision: 'revision' } : null);
}

/**
 * What the confirmation says was done, without quoting any value and without
 * saying whether the value the reporter proposed is the one gold now holds: a
 * public reply that did would confirm gold to anyone who reads the issue.
 */
function confirmation(settled: Settled, place: string): string {
  const checked = `we checked ${place} against your sources`;
  switch (settled.decision) {
    case 'accept_system':
    case 'new_value':
    case 'accept_both':
      return `We confirmed your report: ${checked} and corrected this cell.`;
    case 'mark_blank':
      return `We confirmed your report: ${checked} and marked this cell as having no value.`;
    case 'mark_ungraded':
      return `We confirmed your report: ${checked} and marked this cell as not gradable, so answers are no longer scored on it.`;
    case 'remove_row':
      return `We confirmed your report: ${checked} and removed this row from the dataset.`;
    case 'add_row':
      return `We confirmed your report: ${checked} and added the missing entity to the dataset.`;
    case 'add_alias':
      return `We confirmed your report: ${checked} and recorded the name you gave as another name of an entity already in the table.`;
    default:
      return `We confirmed your report: ${checked} and corrected the dataset.`;
  }
}

/** Links supporting the gold: the gold cell's sources and the evidence of the rulings that kept it. */
function supportingSources(store: Store, dispute: DisputeState): string[] {
  const { db, sealer } = store;
  const links: string[] = [];
  if (dispute.gold_row !== null && dispute.column_name !== null) {
    const cell = db
      .prepare<[string, number, string], { sources_s: string }>(
        'SELECT sources_s FROM gold_cells WHERE task_id = ? AND row_idx = ? AND column_name = ?',
      )
      .get(dispute.task_id, dispute.gold_row, dispute.column_name);
    links.push(...sealer.openJson<string[]>(cell?.sources_s, []));
  }
  for (const ruling of db
    .prepare<[string], { evidence_s: string }>(
      'SELECT r.evidence_s FROM positions p JOIN rulings r ON r.id = p.ruling_id WHERE p.dispute_id = ?',
    )
    .all(dispute.id)) {
    links.push(...sealer.openJson<string[]>(ruling.evidence_s, []));
  }
  return [...new Set(links.map((link) => safeExternalUrl(link)).filter((link): link is string => link !== null))];
}

/**
 * A reply that names a revision tells the reporter the fix has shipped and
 * closes the issue, so the tag must be one this store exported or applied (a
 * typo would promise a dataset that does not exist) and must change gold for
 * the report's dispute (another revision did not fix this report).
 */
function checkRevision(store: Store, tag: string, reportNumber: number, disputeId: string | null): void {
  const known = store.db
    .prepare<[], { tag: string }>('SELECT tag FROM revisions ORDER BY recorded_at, tag')
    .all()
    .map((row) => row.tag);
  if (!known.includes(tag)) {
    const list = known.length > 0 ? `known: ${known.join(', ')}` : 'none yet: export the patch first';
    throw new ReportError(`no revision ${JSON.stringify(tag)} in this store's revision history (${list})`);
  }
  if (disputeId === null) {
    throw new ReportError(
      `report #${reportNumber} is linked to no dispute, so revision ${JSON.stringify(tag)} cannot have fixed it: link it first, or reply without a revision`,
    );
  }
  const carries =
    store.db.prepare('SELECT 1 FROM revision_disputes WHERE revision = ? AND dispute_id = ?').get(tag, disputeId) !==
    undefined;
  if (!carries) {
    const others = store.db
      .prepare<[string], { revision: string }>(
        'SELECT revision FROM revision_disputes WHERE dispute_id = ? ORDER BY revision',
      )
      .all(disputeId)
      .map((row) => row.revision);
    const hint =
      others.length > 0 ? `it is changed in ${others.join(', ')}` : 'no revision in this store changes it yet';
    throw new ReportError(
      `revision ${JSON.stringify(tag)} carries no change for dispute ${disputeId} (report #${reportNumber}): ${hint}`,
    );
  }
}

export function draftReply(store: Store, ref: ReportRef, options: { revision?: string } = {}): ReplyDraft {
  const { db } = store;
  const report = findReport(store, ref);
  const link = db
    .prepare<[number], { dispute_id: string }>('SELECT dispute_id FROM report_links WHERE report_id = ?')
    .get(report.id);
  const dispute = link
    ? db
        .prepare<[string], DisputeState>(
          'SELECT id, kind, task_id, gold_row, column_name, rule_type, status, settled_by_revision FROM disputes WHERE id = ?',
        )
        .get(link.dispute_id)
    : undefined;
  if (options.revision !== undefined) checkRevision(store, options.revision, report.number, dispute?.id ?? null);
  const base = {
    number: report.number,
    repo: report.repo,
    dispute_id: dispute?.id ?? null,
    sources: [] as string[],
    withheld_sources: 0,
  };
  const hello = greeting(report.author);

  if (!dispute) {
    const text = report.task_id
      ? `${hello}\n\nWe have it in our review queue for task \`${report.task_id}\` and will reply here once it is settled.`
      : `${hello}\n\nWe could not tell which task, row and column it is about. Could you edit the issue to give the task id, the row (its number or the entity's name), the column's name and a link to a source for the correct value? Please do not paste the question or the table: we keep the dataset out of plain text on the web.`;
    return {
      ...base,
      outcome: report.task_id ? 'under_review' : 'needs_details',
      revision: null,
      text,
      closes: false,
      close_reason: null,
    };
  }

  const settled = settledDecision(store, dispute);
  const revision = options.revision ?? dispute.settled_by_revision ?? null;
  const place = where(dispute);
  if (settled === null) {
    const text = `${hello}\n\nIt is in our review queue: ${place}. We will reply here once engineers have checked it against your sources.`;
    return { ...base, outcome: 'under_review', revision: null, text, closes: false, close_reason: null };
  }
  if (settled.decision !== 'revision' && KEEPS_GOLD.has(settled.decision)) {
    const terms = goldTerms(store, dispute.task_id);
    const all = supportingSources(store, dispute);
    const cited = all.filter((url) => findLeaks(url, terms).length === 0);
    const list = cited.length > 0 ? `\n\n${cited.map((url) => `- ${url}`).join('\n')}` : '';
    const intro =
      cited.length > 0
        ? 'the sources below support the current answer'
        : 'the sources behind the current answer support it';
    const text =
      `${hello}\n\nWe checked ${place} against your sources, and ${intro}, so we are keeping it.${list}\n\n` +
      'If you have a source we missed, please reply with a link and we will look again. (We do not quote the dataset here, to keep it out of plain text on the web.)';
    return {
      ...base,
      outcome: 'not_confirmed',
      revision,
      text,
      sources: cited,
      withheld_sources: all.length - cited.length,
      closes: true,
      close_reason: 'not_planned',
    };
  }
  const shipped =
    revision !== null
      ? `The fix ships in dataset revision \`${revision}\`.`
      : 'The fix will ship in the next tagged dataset revision.';
  const text = `${hello}\n\n${confirmation(settled, place)} ${shipped}`;
  // Closed once the fix has shipped; before that the reporter can follow the issue.
  return { ...base, outcome: 'confirmed', revision, text, closes: revision !== null, close_reason: 'completed' };
}
