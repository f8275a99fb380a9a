// Drawing a round (design.md §10): a seeded simple random sample without
// replacement in each stratum, of the sizes asked, from the frame cells no
// earlier round drew. The frame sizes N_h of this moment are recorded with it.
import { randomBytes } from 'node:crypto';
import { drawStratum } from '../../shared/audit';
import type { AuditStratum } from '../../shared/audit';
import { AUDIT_STRATA } from '../../shared/audit';
import type { AuditRoundView } from '../../shared/audit';
import { sha256Hex } from '../../shared/sha256';
import type { Store } from '../store';
import { AuditError } from './errors';
import type { FrameCell } from './frame';
import { auditCellId, frameSizes, readFrame } from './frame';

export interface DrawInput {
  disputed: number;
  undisputed: number;
  seed?: string | undefined;
}

interface RoundRow {
  id: string;
  seq: number;
  seed: string;
  disputed_asked: number;
  undisputed_asked: number;
  disputed_frame: number;
  undisputed_frame: number;
  drawn_by: string;
  drawn_at: string;
}

/** A round's id: its seed and sizes after the rounds before it, so the same draw in another store is the same round. */
export function roundId(seed: string, asked: Record<AuditStratum, number>, earlier: readonly string[]): string {
  return `r-${sha256Hex(['round', seed, String(asked.disputed), String(asked.undisputed), ...earlier].join('\u0000')).slice(0, 20)}`;
}

export function drawRound(store: Store, input: DrawInput, engineer: string): AuditRoundView {
  const { db } = store;
  return db
    .transaction((): AuditRoundView => {
      const frame = readFrame(store);
      if (frame.length === 0) throw new AuditError('the store holds no gold cells to audit: import a dataset first');
      const sizes = frameSizes(frame);
      const asked: Record<AuditStratum, number> = { disputed: input.disputed, undisputed: input.undisputed };
      if (asked.disputed + asked.undisputed === 0)
        throw new AuditError('a sample needs at least one cell: ask for --disputed N or --undisputed M above 0');
      for (const stratum of AUDIT_STRATA) {
        if (asked[stratum] > sizes.undrawn[stratum]) {
          throw new AuditError(
            `--${stratum} ${asked[stratum]}: the ${stratum} stratum has ${sizes.undrawn[stratum]} cells not drawn yet (of ${sizes.frame[stratum]})`,
          );
        }
      }
      const seed = input.seed ?? randomBytes(4).toString('hex');
      const earlier = db.prepare<[], string>('SELECT id FROM audit_rounds ORDER BY seq').pluck().all();
      const id = roundId(seed, asked, earlier);
      const seq = earlier.length + 1;
      const drawnAt = new Date().toISOString();
      db.prepare(
        `INSERT INTO audit_rounds (id, seq, seed, disputed_asked, undisputed_asked, disputed_frame, undisputed_frame, drawn_by, drawn_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        seq,
        seed,
        asked.disputed,
        asked.undisputed,
        sizes.frame.disputed,
        sizes.frame.undisputed,
        engineer,
        drawnAt,
      );
      const gold = db.prepare<[string, number, string], { state: 'value' | 'blank'; value_s: string | null }>(
        'SELECT state, value_s FROM gold_cells WHERE task_id = ? AND row_idx = ? AND column_name = ?',
      );
      const insert = db.prepare(
        `INSERT INTO audit_cells (id, round_id, draw_idx, task_id, gold_row, column_name, stratum, gold_state, gold_value_s)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const stratum of AUDIT_STRATA) {
        const eligible = frame.filter((cell) => cell.stratum === stratum && !cell.drawn);
        drawStratum<FrameCell>(eligible, asked[stratum], seed, stratum).forEach((cell, index) => {
          const goldCell = gold.get(cell.task_id, cell.gold_row, cell.column_name)!;
          // Already sealed with this store's key: copied as it is, never opened.
          insert.run(
            auditCellId(cell.task_id, cell.gold_row, cell.column_name),
            id,
            index,
            cell.task_id,
            cell.gold_row,
            cell.column_name,
            stratum,
            goldCell.state,
            goldCell.value_s,
          );
        });
      }
      return readRounds(store).find((round) => round.id === id)!;
    })
    .immediate();
}

export function readRounds(store: Store): AuditRoundView[] {
  const counts = store.db
    .prepare<[], { round_id: string; stratum: AuditStratum; cells: number }>(
      'SELECT round_id, stratum, count(*) AS cells FROM audit_cells GROUP BY round_id, stratum',
    )
    .all();
  return store.db
    .prepare<[], RoundRow>('SELECT * FROM audit_rounds ORDER BY seq')
    .all()
    .map((row) => {
      const drawn = (stratum: AuditStratum): number =>
        counts.find((c) => c.round_id === row.id && c.stratum === stratum)?.cells ?? 0;
      return {
        id: row.id,
        round: row.seq,
        seed: row.seed,
        asked: { disputed: row.disputed_asked, undisputed: row.undisputed_asked },
        frame: { disputed: row.disputed_frame, undisputed: row.undisputed_frame },
        drawn: { disputed: drawn('disputed'), undisputed: drawn('undisputed') },
        drawn_by: row.drawn_by,
        drawn_at: row.drawn_at,
      };
    });
}
