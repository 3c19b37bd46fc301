import { useEffect, useState } from 'react';

type ProgressBarProps = { active: boolean; throttleMs: number; durationMs: number };

/**
 * A thin bar at the top while a navigation runs. It appears only when loading takes longer than
 * the throttle, creeps towards 90% over the duration, and completes when loading ends.
 */
export function ProgressBar({ active, throttleMs, durationMs }: ProgressBarProps) {
  const [phase, setPhase] = useState<'idle' | 'running' | 'done'>('idle');
  useEffect(() => {
    if (active) {
      const timer = setTimeout(() => setPhase('running'), throttleMs);
      return () => clearTimeout(timer);
    }
    setPhase((p) => (p === 'running' ? 'done' : 'idle'));
    const timer = setTimeout(() => setPhase('idle'), 300);
    return () => clearTimeout(timer);
  }, [active, throttleMs]);
  if (phase === 'idle') return null;
  return (
    <div
      className={`nav-progress nav-progress-${phase}`}
      role="progressbar"
      aria-hidden="true"
      style={{ animationDuration: `${durationMs}ms` }}
    />
  );
}
