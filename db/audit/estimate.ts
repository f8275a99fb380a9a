// The audit's estimate from the store (design.md §10). Rounds pool by
// stratum: a stratum's sample is every cell drawn in it in any round (each
// round draws only cells no earlier round drew, so together they are one
// simple random sample without replacement from the stratum), and its frame
// size N_h is the one the latest round recorded (the dataset as last drawn
// from). After a revision, the settled-incorrect cells whose dispute that
// revision (or an earlier one) changed gold for count as correct.
import { stratifiedEstimate } from '../../shared/audit';
import { datasetCardSentence } from '../../shared/audit';
import type { AuditStratum } from '../../shared/audit';
import { AUDIT_STRATA, Z_95 } from '../../shared/audit';
import type { AuditEstimateView, AuditOverview } from '../../shared/audit';
import { NotFoundError } from '../not-found';
import type { Store } from '../store';
import { countFrame } from './frame';
import { readRounds } from './rounds';
import { cellStandings } from './standings';

interface Revision {
  tag: string;
  recorded_at: string;
}

function exportedRevisions(store: Store): Revision[] {
  return store.db.prepare<[], Revision>('SELECT tag, recorded_at FROM revisions ORDER BY recorded_at, tag').all();
}

/** Disputes whose gold the revisions up to and including `tag` change. */
function fixedDisputes(store: Store, tag: string): Set<string> {
  const revisions = exportedRevisions(store);
  const index = revisions.findIndex((revision) => revision.tag === tag);
  if (index === -1) {
    const known = revisions.map((revision) => revision.tag);
    throw new NotFoundError(
      `--revision ${tag}: not a revision this store exported (${known.length > 0 ? `it has ${known.join(', ')}` : 'it has exported none'})`,
    );
  }
  const upTo = new Set(revisions.slice(0, index + 1).map((revision) => revision.tag));
  const rows = store.db
    .prepare<[], { revision: string; dispute_id: string }>('SELECT revision, dispute_id FROM revision_disputes')
    .all();
  return new Set(rows.filter((row) => upTo.has(row.revision)).map((row) => row.dispute_id));
}

export const METHOD =
  'Stratified estimate over the audit frame (attribute gold cells whose gold is a value or blank), strata disputed and undisputed: ' +
  'p = Σ W_h p_h with W_h = N_h / N, N_h as the latest round recorded it (rounds pool by stratum; each round draws only cells not drawn before); ' +
  'V = Σ W_h² (1 − n_h/N_h) p_h (1 − p_h) / (n_h − 1) over strata with n_h ≥ 2; ' +
  `95% Wilson interval (z = ${Z_95}) at n_eff = p (1 − p) / V (Σ n_h when V = 0); each stratum's own Wilson interval at n_h; ` +
  'unsure and unsettled cells left out.';

export function auditEstimate(store: Store, revision?: string): AuditEstimateView {
  const fixed = revision === undefined ? new Set<string>() : fixedDisputes(store, revision);
  const rounds = readRounds(store);
  const latest = rounds.at(-1);
  const standings = cellStandings(store);
  const cells = store.db
    .prepare<[], { id: string; stratum: AuditStratum; dispute_id: string | null }>(
      'SELECT id, stratum, dispute_id FROM audit_cells',
    )
    .all();
  const counts = Object.fromEntries(AUDIT_STRATA.map((name) => [name, { n: 0, incorrect: 0 }])) as Record<
    AuditStratum,
    { n: number; incorrect: number }
  >;
  let unsure = 0,
    pending = 0,
    conflicts = 0,
    unblinded = 0,
    found = 0,
    fixedCount = 0;
  for (const cell of cells) {
    const standing = standings.get(cell.id);
    if (!standing || standing.status !== 'settled') {
      pending++;
      if (standing?.status === 'conflict') conflicts++;
      continue;
    }
    if ([...standing.positions.values()].some((position) => position.unblinded)) unblinded++;
    if (standing.verdict === 'unsure') {
      unsure++;
      continue;
    }
    counts[cell.stratum].n++;
    if (standing.verdict !== 'incorrect') continue;
    found++;
    if (cell.dispute_id !== null && fixed.has(cell.dispute_id)) fixedCount++;
    else counts[cell.stratum].incorrect++;
  }
  const estimate = stratifiedEstimate(
    AUDIT_STRATA.map((name) => ({
      name,
      // The frame a stratum's cells were drawn from can only be larger than what was drawn from it.
      frame: Math.max(latest?.frame[name] ?? 0, counts[name].n),
      n: counts[name].n,
      incorrect: counts[name].incorrect,
    })),
  );
  const notes = [...estimate.notes];
  if (revision !== undefined)
    notes.push(`after ${revision}: ${fixedCount} of the ${found} incorrect cells found are fixed and count as correct`);
  return {
    ...estimate,
    notes,
    unsure,
    pending,
    conflicts,
    unblinded,
    audited: cells.length,
    revision: revision ?? null,
    found,
    fixed: fixedCount,
    method: notes.length > 0 ? `${METHOD} ${notes.map((note) => `Note: ${note}.`).join(' ')}` : METHOD,
    sentence: datasetCardSentence(estimate, { revision: revision ?? null, unsure, pending, unblinded }),
  };
}

export function auditOverview(store: Store): AuditOverview {
  const { frame, undrawn } = countFrame(store);
  return {
    frame,
    undrawn,
    rounds: readRounds(store),
    estimate: auditEstimate(store),
    revisions: exportedRevisions(store).map((revision) => auditEstimate(store, revision.tag)),
  };
}
