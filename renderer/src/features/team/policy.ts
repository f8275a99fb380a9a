// The store's resolution policy (kept in the store, shared by every engineer):
// saving it recomputes statuses, so counts, grid, panel and stats follow.
import { api, errorMessage } from '../../api/client';
import { policyLong, type PolicyView } from '../../lib/format';
import { notify } from '../../stores/ui-store';
import { refreshEverything } from '../review/refresh';

export async function savePolicy(policy: PolicyView): Promise<boolean> {
  try {
    const saved = await api.setPolicy(policy);
    notify(`Policy saved: ${policyLong(saved)} Statuses recomputed.`, 'success');
  } catch (error) {
    notify(`Policy not saved: ${errorMessage(error)}`, 'error');
    return false;
  }
  await refreshEverything();
  return true;
}
