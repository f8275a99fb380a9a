export function ProgressBar({ done, total }: { done: number; total: number }) {
  const fraction = total > 0 ? Math.min(1, done / total) : 0;
  return (
    <div
      className={`progress ${total === 0 ? 'progress-indeterminate' : ''}`}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
    >
      <div className="progress-fill" style={{ width: `${Math.round(fraction * 100)}%` }} />
    </div>
  );
}
