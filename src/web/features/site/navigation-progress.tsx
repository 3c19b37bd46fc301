import { useNavigation } from 'react-router';
import { LIMITS } from '../../../shared/limits.ts';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';

export function NavigationProgress() {
  const navigation = useNavigation();
  return (
    <ProgressBar
      active={navigation.state !== 'idle'}
      throttleMs={LIMITS.progressBarThrottleMs}
      durationMs={LIMITS.progressBarDurationMs}
    />
  );
}
