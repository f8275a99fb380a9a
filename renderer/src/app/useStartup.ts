// Loads what every screen needs, and reloads it after each import or demo.
import { useEffect } from 'react';
import { resetRows } from '../features/queue/grid-bridge';
import { onJobFinished } from '../stores/import-store';
import { useInfoStore } from '../stores/info-store';
import { useQueueStore } from '../stores/queue-store';
import { useSettingsStore } from '../stores/settings-store';

export function useStartup(): void {
  useEffect(() => {
    void useInfoStore.getState().refresh();
    void useSettingsStore.getState().load();
    void useQueueStore.getState().loadFacets();
    return onJobFinished((job) => {
      if (job.state !== 'done') return;
      void useInfoStore.getState().refresh();
      void useQueueStore.getState().loadFacets();
      resetRows();
    });
  }, []);
}
