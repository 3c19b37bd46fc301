import { dynamicKey } from '../../../shared/i18n/translator.ts';
import { PercentBar } from '../../components/ui/percent-bar.tsx';
import { useTranslation } from '../../lib/i18n.tsx';

export const PROGRESS_PHASES = ['checking', 'creating', 'matches', 'email'] as const;
/** How long each phase shows at least; the request usually finishes well within the sequence. */
export const PROGRESS_PHASE_MS = 600;

/** "Checking profile → Creating account → Looking for matches → Sending e-mail" while the account is made. */
export function SignupProgress({ phase }: { phase: number }) {
  const { t } = useTranslation();
  const percent = Math.round((Math.min(phase, PROGRESS_PHASES.length) / PROGRESS_PHASES.length) * 100);
  return (
    <div className="signup-progress">
      <div className="signup-progress-heart" aria-hidden="true">
        ♥
      </div>
      <PercentBar
        className="signup-progress-bar"
        label={t('signup.progress.title')}
        percent={percent}
        minShown={8}
      />
      <ol className="signup-progress-list">
        {PROGRESS_PHASES.map((name, index) => {
          const state = index < phase ? 'done' : index === phase ? 'current' : 'todo';
          return (
            <li
              key={name}
              className={`signup-progress-item signup-progress-${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="signup-progress-icon" aria-hidden="true">
                {state === 'done' ? '✓' : state === 'current' ? '' : '•'}
              </span>
              {t(`signup.progress.${name}`)}
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {phase < PROGRESS_PHASES.length ? t(dynamicKey(`signup.progress.${PROGRESS_PHASES[phase]}`)) : ''}
      </p>
    </div>
  );
}
