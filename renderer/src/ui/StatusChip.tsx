import type { DisputeStatus } from '../../../shared/domain';
import { STATUS_LABELS } from '../lib/format';

export function StatusChip({ status }: { status: DisputeStatus }) {
  return <span className={`chip chip-status chip-${status}`}>{STATUS_LABELS[status]}</span>;
}
