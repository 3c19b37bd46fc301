import { useMemo } from 'react';
import { ageOnDate, isValidIsoDate } from '../../../shared/contracts/auth.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { errorId, FieldError } from './signup-field-error.tsx';
import type { StepProps } from './signup-step-types.ts';
import { birthYears, composeBirthDate } from './signup-steps.ts';

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** Step 1: date of birth as three selects, which every phone renders as a native wheel. */
export function SignupStepBirth({ draft, errors, onChange, minAge }: StepProps) {
  const { t, i18n } = useTranslation();
  const monthNames = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
    return MONTHS.map((m) => format.format(new Date(Date.UTC(2000, m - 1, 1))));
  }, [i18n.language]);
  const years = useMemo(() => birthYears(new Date(), minAge), [minAge]);
  const date = composeBirthDate(draft.birth_day, draft.birth_month, draft.birth_year);
  const age = date && isValidIsoDate(date) ? ageOnDate(date, new Date()) : undefined;
  const invalid = errors.date_of_birth ? ' is-invalid' : '';
  const describedBy = errors.date_of_birth ? errorId('date_of_birth') : undefined;
  return (
    <fieldset className="signup-fieldset" aria-describedby={describedBy}>
      <legend className="form-label">{t('signup.birth.label')}</legend>
      <div className="birth-selects">
        <div>
          <label className="form-label small" htmlFor="signup-birth-day">
            {t('signup.birth.day')}
          </label>
          <select
            id="signup-birth-day"
            className={`form-select${invalid}`}
            autoComplete="bday-day"
            value={draft.birth_day}
            onChange={(e) => onChange({ birth_day: e.target.value })}
          >
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
            value={draft.birth_month}
            onChange={(e) => onChange({ birth_month: e.target.value })}
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
            value={draft.birth_year}
            onChange={(e) => onChange({ birth_year: e.target.value })}
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
      <FieldError field="date_of_birth" code={errors.date_of_birth} minAge={minAge} />
      {age !== undefined && age >= minAge && !errors.date_of_birth && (
        <p className="signup-summary" aria-live="polite">
          {t('signup.birth.age', { age })}
        </p>
      )}
      <p className="form-text">{t('signup.birth.privacy')}</p>
    </fieldset>
  );
}
