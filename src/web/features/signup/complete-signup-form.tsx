import { type FormEvent, useMemo, useRef, useState } from 'react';
import { makeCompleteSignupSchema, type SignupPart, type User } from '../../../shared/contracts/auth.ts';
import type { Settings } from '../../../shared/contracts/settings.ts';
import type { TranslationKey } from '../../../shared/i18n/keys.generated.ts';
import { dynamicKey } from '../../../shared/i18n/translator.ts';
import { ApiError, request } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useFocusFirstError } from '../../lib/use-focus-first-error.ts';
import { useSession } from '../session/member-session.tsx';
import { completionDraft, validateCompletion } from './complete-signup-logic.ts';
import { validationVars } from './signup-field-error.tsx';
import { SignupNameField } from './signup-step-account.tsx';
import { SignupStepBirth } from './signup-step-birth.tsx';
import { SignupStepLocation } from './signup-step-location.tsx';
import { SignupPasswordField } from './signup-step-password.tsx';
import {
  clearTouchedErrors,
  type FieldErrors,
  mapServerFieldErrors,
  type SignupDraft,
} from './signup-steps.ts';

/** The section title of each part: the sign-up step that asks the same. */
const PART_TITLE: Record<SignupPart, TranslationKey> = {
  name: 'signup.account.title',
  date_of_birth: 'signup.birth.title',
  location: 'signup.location.title',
  password: 'signup.password.title',
};

/**
 * /complete-signup: the parts an advertising entry left out, on one page, with the sign-up's own
 * fields, rules and texts. Saved, the member goes on to the member search.
 */
export function CompleteSignupForm({ user, settings }: { user: User; settings: Settings }) {
  const { t } = useTranslation();
  const session = useSession();
  const minAge = settings.min_age;
  const missing = user.signup_missing;
  const schema = useMemo(
    () => makeCompleteSignupSchema({ minAge, email: user.email, missing }),
    [minAge, user.email, missing],
  );
  const [draft, setDraft] = useState<SignupDraft>(() => completionDraft(user, settings.countries));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(form);

  const update = (patch: Partial<SignupDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => clearTouchedErrors(e, patch));
  };
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    focusFirstError();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setNotice(undefined);
    const checked = validateCompletion(schema, draft, missing);
    if (!checked.ok) return showErrors(checked.errors);
    setBusy(true);
    try {
      const { user: finished } = await request<{ user: User }>('/api/complete-signup.php', {
        method: 'POST',
        body: checked.input,
      });
      await session.signIn(finished, '/members');
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.code === 'validation_failed') {
        const details = error.details as { fieldErrors?: Record<string, string[]> } | undefined;
        const mapped = mapServerFieldErrors(details?.fieldErrors ?? {});
        if (mapped.general) setNotice(`validation.${mapped.general}`);
        if (Object.keys(mapped.errors).length > 0) return showErrors(mapped.errors);
        if (mapped.general) return;
      }
      const code = error instanceof ApiError ? error.code : 'general';
      setNotice(
        ['rate_limited', 'network_error', 'service_unavailable'].includes(code)
          ? `errors.${code}`
          : 'errors.general',
      );
    }
  };

  const stepProps = { draft, errors, onChange: update, minAge };
  return (
    <form ref={form} noValidate onSubmit={onSubmit} className="complete-signup-form">
      {notice && (
        <div className="alert alert-danger" role="alert">
          {t(dynamicKey(notice), validationVars(minAge))}
        </div>
      )}
      {missing.map((part) => (
        <section key={part} className="complete-signup-part" aria-labelledby={`complete-${part}`}>
          <h2 id={`complete-${part}`} className="complete-signup-part-title">
            {t(PART_TITLE[part])}
          </h2>
          {part === 'name' && <SignupNameField {...stepProps} />}
          {part === 'date_of_birth' && <SignupStepBirth {...stepProps} />}
          {part === 'location' && <SignupStepLocation {...stepProps} countries={settings.countries} />}
          {part === 'password' && <SignupPasswordField {...stepProps} />}
        </section>
      ))}
      <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {t('signup.complete.submit')}
      </button>
    </form>
  );
}
