// The review screen: filter bar over the queue grid, the dispute panel beside.
import { useEffect } from 'react';
import type { DisputeFilter } from '../../../../shared/api';
import { useQueueStore } from '../../stores/queue-store';
import { DisputePanel } from '../dispute/DisputePanel';
import { FilterBar } from './FilterBar';
import { QueueGrid } from './QueueGrid';

export function QueueView({ preset }: { preset: DisputeFilter }) {
  const setPreset = useQueueStore((s) => s.setPreset);
  useEffect(() => setPreset(preset), [preset, setPreset]);
  return (
    <div className="review">
      <div className="review-queue">
        <FilterBar />
        <QueueGrid />
      </div>
      <DisputePanel />
    </div>
  );
}
