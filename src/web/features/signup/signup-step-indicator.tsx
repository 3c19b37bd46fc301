import { useTranslation } from '../../lib/i18n.tsx';
import { SIGNUP_STEPS, type SignupStep } from './signup-steps.ts';

/** The five form steps as numbered dots; steps already done can be revisited with a tap. */
export function SignupStepIndicator({
  current,
  onSelect,
}: {
  /** 5 once all form steps are done (push prompt, inbox). */
  current: number;
  onSelect?: (step: SignupStep) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className="signup-steps" aria-label={t('signup.steps_label')}>
      <ol>
        {SIGNUP_STEPS.map((name, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          const label = t(`signup.steps.${name}`);
          return (
            <li key={name} className={`signup-step signup-step-${state}`}>
              {state === 'done' && onSelect ? (
                <button
                  type="button"
                  className="signup-step-dot"
                  onClick={() => onSelect(index as SignupStep)}
                >
                  <span aria-hidden="true">✓</span>
                  <span className="visually-hidden">
                    {t('signup.step_done', { step: index + 1, name: label })}
                  </span>
                </button>
              ) : (
                <span className="signup-step-dot" aria-current={state === 'current' ? 'step' : undefined}>
                  <span aria-hidden="true">{state === 'done' ? '✓' : index + 1}</span>
                  <span className="visually-hidden">
                    {t(state === 'done' ? 'signup.step_done' : 'signup.step_numbered', {
                      step: index + 1,
                      name: label,
                    })}
                  </span>
                </span>
              )}
              <span className="signup-step-label" aria-hidden="true">
                {label}
              </span>
            </li>
          );
        })}
      </ol>
      {current < SIGNUP_STEPS.length && (
        <p className="signup-step-count" aria-hidden="true">
          {t('signup.step_of', { current: current + 1, total: SIGNUP_STEPS.length })}
        </p>
      )}
    </nav>
  );
}
