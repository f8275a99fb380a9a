export class AuditError extends Error {
  override name = 'AuditError';
}
