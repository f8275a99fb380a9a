// One dispute as `disputes --json` prints it.
import type { ClusterView, GoldView } from '../../shared/api-types';
import type { DisputeKind, DisputeStatus } from '../../shared/domain';

export interface DisputeRecord {
  id: string;
  kind: DisputeKind;
  task_id: string;
  gold_row: number | null;
  entity: string;
  column: string | null;
  gold: GoldView;
  clusters: ClusterView[];
  contesting: number;
  systems: string[];
  status: DisputeStatus;
  priority: number;
}
