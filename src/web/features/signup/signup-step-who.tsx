import { dynamicKey } from '../../../shared/i18n/translator.ts';
import { GENDERS } from '../../../shared/profile-options.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { errorId, FieldError } from './signup-field-error.tsx';
import type { StepProps } from './signup-step-types.ts';
import { type Seeking, sexualityFor } from './signup-steps.ts';

const SEEKING: readonly Seeking[] = ['male', 'female', 'both'];
const SYMBOL = { male: '♂', female: '♀', both: '⚤' } as const;

/** Step 0: who you are and whom you seek, as two rows of large tiles. */
export function SignupStepWho({ draft, errors, onChange, minAge }: StepProps) {
  const { t } = useTranslation();
  const sexuality = sexualityFor(draft.gender, draft.seeking);
  return (
    <>
      <fieldset className="signup-fieldset" aria-describedby={errors.gender ? errorId('gender') : undefined}>
        <legend className="form-label">{t('signup.who.i_am')}</legend>
        <div className="choice-tiles choice-tiles-2">
          {GENDERS.map((gender) => (
            <div key={gender}>
              <input
                type="radio"
                className="btn-check"
                name="gender"
                id={`signup-gender-${gender}`}
                value={gender}
                checked={draft.gender === gender}
                onChange={() => onChange({ gender })}
              />
              <label className="choice-tile" htmlFor={`signup-gender-${gender}`}>
                <span className={`choice-symbol choice-symbol-${gender}`} aria-hidden="true">
                  {SYMBOL[gender]}
                </span>
                {t(`signup.who.gender.${gender}`)}
              </label>
            </div>
          ))}
        </div>
        <FieldError field="gender" code={errors.gender} minAge={minAge} />
      </fieldset>
      <fieldset
        className="signup-fieldset"
        aria-describedby={errors.sexuality ? errorId('sexuality') : undefined}
      >
        <legend className="form-label">{t('signup.who.looking_for')}</legend>
        <div className="choice-tiles choice-tiles-3">
          {SEEKING.map((seeking) => (
            <div key={seeking}>
              <input
                type="radio"
                className="btn-check"
                name="seeking"
                id={`signup-seeking-${seeking}`}
                value={seeking}
                checked={draft.seeking === seeking}
                onChange={() => onChange({ seeking })}
              />
              <label className="choice-tile" htmlFor={`signup-seeking-${seeking}`}>
                <span className={`choice-symbol choice-symbol-${seeking}`} aria-hidden="true">
                  {SYMBOL[seeking]}
                </span>
                {t(`signup.who.seeking.${seeking}`)}
              </label>
            </div>
          ))}
        </div>
        <FieldError field="sexuality" code={errors.sexuality} minAge={minAge} />
      </fieldset>
      <p className="signup-summary" aria-live="polite">
        {draft.gender && sexuality ? (
          <>
            <span aria-hidden="true">♥ </span>
            {t(dynamicKey(`signup.who.summary.${draft.gender}_${sexuality}`))}
          </>
        ) : null}
      </p>
    </>
  );
}
