/**
 * How far a task is, as a bar that screen readers read as a percentage. `minShown` keeps a sliver of
 * the bar in view at the start, where a bar of 0% would look broken; the value read out stays true.
 */
export function PercentBar({
  className,
  label,
  percent,
  minShown = 0,
}: {
  className: string;
  label: string;
  percent: number;
  minShown?: number;
}) {
  return (
    <div
      className={className}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <span style={{ width: `${Math.max(percent, minShown)}%` }} />
    </div>
  );
}
