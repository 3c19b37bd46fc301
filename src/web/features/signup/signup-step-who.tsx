import { dynamicKey } from '../../../shared/i18n/translator.ts';
import { GENDERS, SEEKING, sexualityFor } from '../../../shared/profile-options.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { errorId, FieldError } from './signup-field-error.tsx';
import type { StepProps } from './signup-step-types.ts';
import { useDraftField } from './use-draft-field.ts';

const SYMBOL = { male: '♂', female: '♀', both: '⚤' } as const;

/** Step 0: who you are and whom you seek, as two rows of large tiles. */
export function SignupStepWho({ control, fieldError }: StepProps) {
  const { t } = useTranslation();
  const gender = useDraftField(control, 'gender');
  const seeking = useDraftField(control, 'seeking');
  const sexuality = sexualityFor(gender.value, seeking.value);
  const genderError = fieldError('gender');
  const sexualityError = fieldError('sexuality');
  return (
    <>
      <fieldset className="signup-fieldset" aria-describedby={genderError ? errorId('gender') : undefined}>
        <legend className="form-label">{t('signup.who.i_am')}</legend>
        <div className="choice-tiles choice-tiles-2">
          {GENDERS.map((option) => (
            <div key={option}>
              <input
                type="radio"
                className="btn-check"
                name="gender"
                id={`signup-gender-${option}`}
                value={option}
                checked={gender.value === option}
                onChange={() => gender.onChange(option)}
              />
              <label className="choice-tile" htmlFor={`signup-gender-${option}`}>
                <span className={`choice-symbol choice-symbol-${option}`} aria-hidden="true">
                  {SYMBOL[option]}
                </span>
                {t(`signup.who.gender.${option}`)}
              </label>
            </div>
          ))}
        </div>
        <FieldError field="gender" text={genderError} />
      </fieldset>
      <fieldset
        className="signup-fieldset"
        aria-describedby={sexualityError ? errorId('sexuality') : undefined}
      >
        <legend className="form-label">{t('signup.who.looking_for')}</legend>
        <div className="choice-tiles choice-tiles-3">
          {SEEKING.map((option) => (
            <div key={option}>
              <input
                type="radio"
                className="btn-check"
                name="seeking"
                id={`signup-seeking-${option}`}
                value={option}
                checked={seeking.value === option}
                onChange={() => seeking.onChange(option)}
              />
              <label className="choice-tile" htmlFor={`signup-seeking-${option}`}>
                <span className={`choice-symbol choice-symbol-${option}`} aria-hidden="true">
                  {SYMBOL[option]}
                </span>
                {t(`signup.who.seeking.${option}`)}
              </label>
            </div>
          ))}
        </div>
        <FieldError field="sexuality" text={sexualityError} />
      </fieldset>
      <p className="signup-summary" aria-live="polite">
        {gender.value && sexuality ? (
          <>
            <span aria-hidden="true">♥ </span>
            {t(dynamicKey(`signup.who.summary.${gender.value}_${sexuality}`))}
          </>
        ) : null}
      </p>
    </>
  );
}
