import { useMemo } from 'react';
import {
  makeCompleteSignupSchema,
  SIGNUP_PART_FIELDS,
  type SignupPart,
  type User,
} from '../../../shared/contracts/auth.ts';
import type { Settings } from '../../../shared/contracts/settings.ts';
import type { TranslationKey } from '../../../shared/i18n/keys.generated.ts';
import { ApiError, request } from '../../lib/api.ts';
import { readApiError } from '../../lib/api-form-errors.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { useSession } from '../session/member-session.tsx';
import { completionDraft, validateCompletion } from './complete-signup-logic.ts';
import { validationVars } from './signup-field-error.tsx';
import { draftResolver } from './signup-resolver.ts';
import { SignupNameField } from './signup-step-account.tsx';
import { SignupStepBirth } from './signup-step-birth.tsx';
import { SignupStepLocation } from './signup-step-location.tsx';
import { SignupPasswordField } from './signup-step-password.tsx';
import type { SignupField } from './signup-steps.ts';
import { useClearErrorOnChange } from './use-draft-field.ts';

/** The section title of each part: the sign-up step that asks the same. */
const PART_TITLE: Record<SignupPart, TranslationKey> = {
  name: 'signup.account.title',
  date_of_birth: 'signup.birth.title',
  location: 'signup.location.title',
  password: 'signup.password.title',
};

/** Failures that have their own text above the form; any other is the general one. */
const NOTICE_CODES = ['rate_limited', 'network_error', 'service_unavailable'];

/**
 * /complete-signup: the parts an advertising entry left out, on one page, with the sign-up's own
 * fields, rules and texts. Saved, the member goes on to `next`: the member search, or the
 * conversation with the member an entry page showed.
 */
export function CompleteSignupForm({
  user,
  settings,
  next,
}: {
  user: User;
  settings: Settings;
  /** Where the finished member goes (a path on this site). */
  next: string;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const minAge = settings.min_age;
  const missing = user.signup_missing;
  const schema = useMemo(
    () => makeCompleteSignupSchema({ minAge, email: user.email, missing }),
    [minAge, user.email, missing],
  );
  const shownFields: readonly SignupField[] = missing.flatMap((part) => SIGNUP_PART_FIELDS[part]);
  const { form, formRef, onSubmit, showApiError, fieldError, formError, busy } = useZodForm(
    draftResolver((draft) => validateCompletion(schema, draft, missing)),
    {
      defaultValues: completionDraft(user, settings.countries),
      // As in the wizard: an error stands until its input changes, and is checked again on submit.
      reValidateMode: 'onSubmit',
      // A server error of a field this page does not ask moves above the form.
      shownFields,
      vars: validationVars(minAge),
    },
  );

  useClearErrorOnChange(form);

  const send = async (input: Record<string, unknown>) => {
    try {
      const { user: finished } = await request<{ user: User }>('/api/complete-signup.php', {
        method: 'POST',
        body: input,
      });
      await session.signIn(finished, next);
    } catch (error) {
      const read = readApiError(error, shownFields);
      const readable = read.form || Object.keys(read.fields).length > 0;
      if (error instanceof ApiError && error.code === 'validation_failed' && readable) {
        showApiError(error);
        return;
      }
      const code = error instanceof ApiError && NOTICE_CODES.includes(error.code) ? error.code : 'general';
      form.setError('root.server', { type: 'error', message: code });
    }
  };

  const stepProps = { control: form.control, fieldError, minAge };
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit(send)} className="complete-signup-form">
      {formError && (
        <div className="alert alert-danger" role="alert">
          {formError}
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
