import { useMemo } from 'react';
import { isValidIsoDate } from '../../../shared/contracts/auth.ts';
import { ageOn } from '../../../shared/contracts/members.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { errorId, FieldError } from './signup-field-error.tsx';
import type { StepProps } from './signup-step-types.ts';
import { birthYears, composeBirthDate } from './signup-steps.ts';
import { useDraftField } from './use-draft-field.ts';

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** Step 1: date of birth as three selects, which every phone renders as a native wheel. */
export function SignupStepBirth({ control, fieldError, minAge }: StepProps) {
  const { t, i18n } = useTranslation();
  const monthNames = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
    return MONTHS.map((m) => format.format(new Date(Date.UTC(2000, m - 1, 1))));
  }, [i18n.language]);
  const years = useMemo(() => birthYears(new Date(), minAge), [minAge]);
  const day = useDraftField(control, 'birth_day');
  const month = useDraftField(control, 'birth_month');
  const year = useDraftField(control, 'birth_year');
  const date = composeBirthDate(day.value, month.value, year.value);
  const age = date && isValidIsoDate(date) ? ageOn(date, new Date()) : undefined;
  const error = fieldError('date_of_birth');
  const invalid = error ? ' is-invalid' : '';
  const describedBy = error ? errorId('date_of_birth') : undefined;
  return (
    <fieldset className="signup-fieldset" aria-describedby={describedBy}>
      <legend className="form-label">{t('signup.birth.label')}</legend>
      <div className="birth-selects">
        <div>
          <label className="form-label small" htmlFor="signup-birth-day">
            {t('signup.birth.day')}
          </label>
          <select id="signup-birth-day" className={`form-select${invalid}`} autoComplete="bday-day" {...day}>
            <option value="">–</option>
            {DAYS.map((d) => (
              <option key={d} value={String(d)}>
                {d}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="form-label small" htmlFor="signup-birth-month">
            {t('signup.birth.month')}
          </label>
          <select
            id="signup-birth-month"
            className={`form-select${invalid}`}
            autoComplete="bday-month"
            {...month}
          >
            <option value="">–</option>
            {MONTHS.map((m, i) => (
              <option key={m} value={String(m)}>
                {monthNames[i]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="form-label small" htmlFor="signup-birth-year">
            {t('signup.birth.year')}
          </label>
          <select
            id="signup-birth-year"
            className={`form-select${invalid}`}
            autoComplete="bday-year"
            {...year}
          >
            <option value="">–</option>
            {years.map((y) => (
              <option key={y} value={String(y)}>
                {y}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldError field="date_of_birth" text={error} />
      {age !== undefined && age >= minAge && !error && (
        <p className="signup-summary" aria-live="polite">
          {t('signup.birth.age', { age })}
        </p>
      )}
      <p className="form-text">{t('signup.birth.privacy')}</p>
    </fieldset>
  );
}
