import { useState } from 'react';
import { useFormState } from 'react-hook-form';
import { Link } from 'react-router';
import { NAME_MAX, NAME_MIN } from '../../../shared/contracts/auth.ts';
import { ApiError, request } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { SignupField } from './signup-field.tsx';
import { controlProps, FieldError } from './signup-field-error.tsx';
import type { StepProps } from './signup-step-types.ts';
import { useDraftField } from './use-draft-field.ts';

type Props = StepProps & {
  suggestion: string | undefined;
  onApplySuggestion: () => void;
  onEmailBlur: () => void;
  /** The server said this address belongs to an account that is about to be deleted. */
  pendingDeletion: boolean;
};

/** Step 3: the public username and the e-mail address, with a "did you mean" for typos. */
export function SignupStepAccount({
  control,
  fieldError,
  minAge,
  suggestion,
  onApplySuggestion,
  onEmailBlur,
  pendingDeletion,
}: Props) {
  const { t } = useTranslation();
  const email = useDraftField(control, 'email');
  const error = fieldError('email');
  // The code, not the text, decides whether logging in is offered instead.
  const code = useFormState({ control, name: 'email' }).errors.email?.message;
  return (
    <>
      <SignupNameField control={control} fieldError={fieldError} minAge={minAge} />
      <SignupField id="signup-email" label={t('signup.account.email')}>
        <input
          id="signup-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={254}
          {...email}
          onBlur={() => {
            email.onBlur();
            onEmailBlur();
          }}
          {...controlProps('email', error, 'form-control form-control-lg')}
        />
        <FieldError field="email" text={error}>
          {code === 'email_exists' && (
            <>
              {' '}
              <Link to="/login">{t('signup.account.login_instead')}</Link>
            </>
          )}
        </FieldError>
        {suggestion && (
          <p className="email-suggestion" aria-live="polite">
            {t('signup.account.did_you_mean')
              .split(/(\{email\})/)
              .map((part, i) =>
                part === '{email}' ? (
                  <button
                    key={part}
                    type="button"
                    className="btn btn-link email-suggestion-apply"
                    onClick={onApplySuggestion}
                  >
                    {suggestion}
                  </button>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed pieces of one sentence
                  <span key={i}>{part}</span>
                ),
              )}
          </p>
        )}
        <p className="form-text">{t('signup.account.email_help')}</p>
      </SignupField>
      {pendingDeletion && <PendingDeletionNotice email={email.value} />}
    </>
  );
}

/** The public username, with its rules; also asked on /complete-signup. */
export function SignupNameField({ control, fieldError }: StepProps) {
  const { t } = useTranslation();
  const name = useDraftField(control, 'name');
  const error = fieldError('name');
  return (
    <SignupField id="signup-name" label={t('signup.account.name')}>
      <input
        id="signup-name"
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={NAME_MAX}
        {...name}
        {...controlProps('name', error, 'form-control form-control-lg')}
      />
      <FieldError field="name" text={error} />
      <p className="form-text">{t('signup.account.name_help', { name_min: NAME_MIN, name_max: NAME_MAX })}</p>
    </SignupField>
  );
}

function PendingDeletionNotice({ email }: { email: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | { error: string }>('idle');
  const send = async () => {
    setState('sending');
    try {
      await request('/api/reactivation-request.php', { method: 'POST', body: { email: email.trim() } });
      setState('sent');
    } catch (error) {
      setState({ error: error instanceof ApiError ? error.code : 'general' });
    }
  };
  return (
    <div className="alert alert-warning" role="alert">
      <p>{t('validation.email_pending_deletion')}</p>
      {state === 'sent' ? (
        <p className="mb-0" role="status">
          {t('signup.account.reactivation_sent', { email: email.trim() })}
        </p>
      ) : (
        <>
          <button type="button" className="btn btn-warning" disabled={state === 'sending'} onClick={send}>
            {t('signup.account.reactivation_button')}
          </button>
          {typeof state === 'object' && (
            <p className="mb-0 mt-3">
              {t(state.error === 'rate_limited' ? 'errors.rate_limited' : 'errors.general')}
            </p>
          )}
        </>
      )}
    </div>
  );
}
