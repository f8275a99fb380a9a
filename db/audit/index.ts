// The gold error-rate audit in the store (design.md §10).
export { AuditError } from './errors';
export { auditCellId, countFrame, readFrame, frameSizes } from './frame';
export { drawRound, readRounds } from './rounds';
export { recordVerdict } from './verdicts';
export { auditCellItem, getAuditCell, listAuditCells } from './cells';
export { auditEstimate, auditOverview } from './estimate';
export { auditLogLines, isAuditLine, mergeAuditLines } from './log';
