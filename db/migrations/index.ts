// Ordered migrations: the store's PRAGMA user_version is the number applied.
import * as initial from './001-initial';
import * as reports from './002-reports';
import * as revisions from './003-revisions';
import * as disputeSystems from './004-dispute-systems';
import * as disputeSystemsLines from './005-dispute-systems-lines';
import * as cellsRunKeys from './006-cells-run-keys';
import * as revisionPatchPath from './007-revision-patch-path';
import * as rulingRowIdentity from './008-ruling-row-identity';
import * as rulingRowEntitySealed from './009-ruling-row-entity-sealed';
import * as cellsIndexRecordedGold from './010-cells-index-recorded-gold';
import * as rulingAcceptedSpelling from './011-ruling-accepted-spelling';
import * as columnRulesSealed from './012-column-rules-sealed';
import * as audit from './013-audit';
import * as taskSearchTexts from './014-task-search-texts';
import type { Sealer } from '../seal';
import type { Db } from '../store';

export interface Migration {
  version: number;
  name: string;
  up: string;
  /** Rewrites rows after `up`, in the same transaction, with the store's seal key at hand. */
  data?: (db: Db, sealer: Sealer) => void;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'initial', up: initial.up },
  { version: 2, name: 'reports', up: reports.up },
  { version: 3, name: 'revisions', up: revisions.up },
  { version: 4, name: 'dispute systems as a column', up: disputeSystems.up },
  { version: 5, name: 'dispute systems on lines', up: disputeSystemsLines.up },
  { version: 6, name: 'flat cells runs keyed by file name', up: cellsRunKeys.up },
  { version: 7, name: 'revision patch path', up: revisionPatchPath.up },
  { version: 8, name: 'ruling row identity', up: rulingRowIdentity.up },
  { version: 9, name: 'ruling row entity sealed', up: rulingRowEntitySealed.up },
  { version: 10, name: 'cells index holds recorded gold', up: cellsIndexRecordedGold.up },
  { version: 11, name: 'ruling accepted spelling', up: rulingAcceptedSpelling.up },
  { version: 12, name: 'column rules sealed', up: columnRulesSealed.up, data: columnRulesSealed.data },
  { version: 13, name: 'gold error-rate audit', up: audit.up },
  { version: 14, name: 'task search texts', up: taskSearchTexts.up, data: taskSearchTexts.data },
];

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
