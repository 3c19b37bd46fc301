import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { dynamicKey } from '../../../shared/i18n/translator.ts';
import {
  GENDERS,
  type Gender,
  SEEKING,
  type Seeking,
  sexualityFor,
} from '../../../shared/profile-options.ts';
import { FormField } from '../../components/ui/form-field.tsx';
import { ApiError, request } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { TermsSentence } from '../signup/terms-sentence.tsx';

type Errors = { fields: Record<string, string>; form?: string };

/** The validation keys the server sent per field (details.fieldErrors), the first of each. */
function errorsOf(error: unknown): Errors {
  if (!(error instanceof ApiError)) return { fields: {}, form: 'general' };
  const fieldErrors = (error.details as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors;
  if (!fieldErrors) return { fields: {}, form: error.code };
  const fields: Record<string, string> = {};
  for (const [field, codes] of Object.entries(fieldErrors)) if (codes[0]) fields[field] = codes[0];
  return { fields };
}

/**
 * The advertising entry's one short step (POST /api/signup-entry.php: the e-mail address, who you
 * are and whom you seek, the terms); then /complete-signup asks the rest, as it does for every
 * entry. The member the page showed goes with it (not the others it may show instead). Kept free of zod and the wizard's modules: the entry page's JavaScript stays small, and
 * the server's answer carries the sign-up's own texts.
 */
export function EntrySignupForm({
  submitLabel,
  minAge,
  memberId,
}: {
  submitLabel: string;
  minAge: number;
  /** The member the page shows in front: the new member's free messages go to them. */
  memberId: number | null;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [gender, setGender] = useState<Gender | ''>('');
  const [seeking, setSeeking] = useState<Seeking | ''>('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({ fields: {} });
  const fieldText = (field: string) => {
    const code = errors.fields[field];
    return code ? t(dynamicKey(`validation.${code}`)) : undefined;
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const missing: Record<string, string> = {};
    // The browser's own reading of the address (type=email) before anything else: every field
    // says what is wrong at once, not the address only after the rest was put right.
    const email = event.currentTarget.elements.namedItem('email');
    if (email instanceof HTMLInputElement && !email.validity.valid) missing.email = 'invalid_email';
    if (!gender) missing.gender = 'gender_required';
    if (!seeking) missing.sexuality = 'sexuality_required';
    if (form.get('accept_terms') !== 'on') missing.accept_terms = 'accept_terms_required';
    if (Object.keys(missing).length > 0) {
      setErrors({ fields: missing });
      return;
    }
    setBusy(true);
    try {
      await request('/api/signup-entry.php', {
        method: 'POST',
        body: {
          email: String(form.get('email') ?? '').trim(),
          gender,
          sexuality: sexualityFor(gender, seeking),
          accept_terms: true,
          ...(memberId !== null ? { member: { id: memberId } } : {}),
        },
      });
      // A full load: the new session's member, its navigation and /complete-signup's guard; then on
      // to the member the page showed, where the free messages wait.
      window.location.assign(
        memberId !== null
          ? `/complete-signup?next=${encodeURIComponent(`/members/${memberId}/chat`)}`
          : '/complete-signup',
      );
    } catch (error) {
      setErrors(errorsOf(error));
      setBusy(false);
    }
  }

  return (
    <form className="entry-form" method="post" onSubmit={submit} noValidate>
      {errors.form && (
        <p className="alert alert-danger" role="alert">
          {errorText(t, errors.form)}
        </p>
      )}
      <FormField
        id="entry-email"
        name="email"
        type="email"
        autoComplete="email"
        required
        large
        label={t('landers.entry.email')}
        error={fieldText('email')}
      />
      <ChoiceRow
        legend={t('signup.who.i_am')}
        name="gender"
        options={GENDERS}
        value={gender}
        onChange={(value) => setGender(value as Gender)}
        label={(option) => t(dynamicKey(`signup.who.gender.${option}`))}
        error={fieldText('gender')}
      />
      <ChoiceRow
        legend={t('signup.who.looking_for')}
        name="seeking"
        options={SEEKING}
        value={seeking}
        onChange={(value) => setSeeking(value as Seeking)}
        label={(option) => t(dynamicKey(`signup.who.seeking.${option}`))}
        error={fieldText('sexuality')}
      />
      <div className="form-check mb-3">
        <input
          id="entry-terms"
          name="accept_terms"
          type="checkbox"
          className={`form-check-input${fieldText('accept_terms') ? ' is-invalid' : ''}`}
        />
        <label className="form-check-label" htmlFor="entry-terms">
          <TermsSentence minAge={minAge} />
        </label>
        {fieldText('accept_terms') && <p className="invalid-feedback d-block">{fieldText('accept_terms')}</p>}
      </div>
      {/* Until the script runs, the button waits: a plain post would have nowhere to go. */}
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={!hydrated || busy}>
        {busy ? t('landers.entry.busy') : submitLabel}
      </button>
      <noscript>
        <Link to="/signup" className="btn btn-link w-100">
          {t('landers.cta')}
        </Link>
      </noscript>
    </form>
  );
}

function ChoiceRow<T extends string>(props: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T | '';
  onChange: (value: T) => void;
  label: (option: T) => string;
  error: string | undefined;
}) {
  return (
    <fieldset className="entry-choices mb-3">
      <legend className="form-label">{props.legend}</legend>
      <div className="entry-choice-row">
        {props.options.map((option) => (
          <span key={option}>
            <input
              type="radio"
              className="btn-check"
              name={props.name}
              id={`entry-${props.name}-${option}`}
              value={option}
              checked={props.value === option}
              onChange={() => props.onChange(option)}
            />
            <label className="btn btn-outline-primary" htmlFor={`entry-${props.name}-${option}`}>
              {props.label(option)}
            </label>
          </span>
        ))}
      </div>
      {props.error && <p className="invalid-feedback d-block">{props.error}</p>}
    </fieldset>
  );
}
