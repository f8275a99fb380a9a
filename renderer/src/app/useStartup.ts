// Loads what every screen needs, and reloads it after each import or demo,
// and after another process writes to the store.
import { useEffect } from 'react';
import { refreshRows, resetRows } from '../features/queue/grid-bridge';
import { watchExternalWrites } from '../features/review/external-writes';
import { refreshEverything } from '../features/review/refresh';
import { useDisputeStore } from '../stores/dispute-store';
import { onJobFinished } from '../stores/import-store';
import { useInfoStore } from '../stores/info-store';
import { useQueueStore } from '../stores/queue-store';
import { onReportsChanged, useReportsStore } from '../stores/reports-store';
import { useSettingsStore } from '../stores/settings-store';
import { useStatsStore } from '../stores/stats-store';

export function useStartup(): void {
  useEffect(() => {
    void useInfoStore.getState().refresh();
    void useSettingsStore.getState().load();
    void useQueueStore.getState().loadFacets();
    const stopJobs = onJobFinished((job) => {
      if (job.state !== 'done') return;
      void useInfoStore.getState().refresh();
      void useQueueStore.getState().loadFacets();
      // An import may carry ruling logs: statistics and the open dispute's history change too.
      void useStatsStore.getState().refresh();
      void useDisputeStore.getState().reload();
      // Issue files may come with any import.
      if (useReportsStore.getState().loaded) void useReportsStore.getState().refresh();
      resetRows();
    });
    // Reports imported, fixed or linked by hand: report disputes may appear or go.
    const stopReports = onReportsChanged(() => {
      void useInfoStore.getState().refresh();
      void useQueueStore.getState().loadFacets();
      void useDisputeStore.getState().reload();
      refreshRows();
    });
    // "Mine" and blind review depend on who is ruling: reload both on a new name.
    const stopEngineer = useInfoStore.subscribe((state, previous) => {
      if (previous.info && state.info && state.info.engineer !== previous.info.engineer) {
        useQueueStore.getState().followEngineer(state.info.engineer);
        refreshRows();
        void useDisputeStore.getState().reload();
      }
    });
    // Another process wrote to the store (a `rule` on the command line): everything shown follows, in place.
    const stopExternal = watchExternalWrites(() => {
      void useQueueStore.getState().loadFacets();
      if (useReportsStore.getState().loaded) void useReportsStore.getState().refresh();
      void refreshEverything();
    });
    return () => {
      stopJobs();
      stopEngineer();
      stopReports();
      stopExternal();
    };
  }, []);
}
