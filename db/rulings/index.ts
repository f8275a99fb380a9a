// Rulings (design.md §6): append-only events, each dispute's status from the
// store's policy, and the ruling logs that carry them between stores. What
// other folders call; everything else in this folder is internal.
export type { RulingSpelling } from './check';
export { goldProblem } from './check';
export { exportRulingLog, mergeRulingLogs } from './log';
export { notARulingLog, opensRulingLog } from './log-sniff';
export type { MisplacedRuling } from './misplaced';
export { misplacedRulings } from './misplaced';
export { policyEffect, readPolicy, writePolicy } from './policy';
export { recordRuling, retractRuling, RulingError } from './record';
export { rowAnswersTo } from './row-identity';
export { agreementStats } from './stats';
export { liveRulings, refreshAllStatuses, refreshStatus, upgradeAgreementKeys } from './status';
export { readRulingViews } from './views';
