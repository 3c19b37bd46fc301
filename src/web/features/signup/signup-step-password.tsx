import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { PASSWORD_MAX, PASSWORD_MIN, SIGNUP_MESSAGE_MAX } from '../../../shared/contracts/auth.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { SignupField } from './signup-field.tsx';
import { controlProps, errorId, FieldError } from './signup-field-error.tsx';
import type { StepProps } from './signup-step-types.ts';
import { passwordRules, type RuleState } from './signup-steps.ts';
import { TermsSentence } from './terms-sentence.tsx';
import { useDraftField } from './use-draft-field.ts';

const RULE_ICON: Record<RuleState, string> = { pending: '○', ok: '✓', fail: '✕' };

/** Step 4: password with its rules shown up front, the terms, and an optional first message. */
export function SignupStepPassword({ control, fieldError, minAge }: StepProps) {
  const { t } = useTranslation();
  const message = useDraftField(control, 'signup_message');
  const terms = useDraftField(control, 'accept_terms');
  const errors = { signup_message: fieldError('signup_message'), accept_terms: fieldError('accept_terms') };
  return (
    <>
      <SignupPasswordField control={control} fieldError={fieldError} minAge={minAge} />
      <SignupField id="signup-message" label={t('signup.password.message_label')} optional>
        <textarea
          id="signup-message"
          rows={3}
          maxLength={SIGNUP_MESSAGE_MAX}
          placeholder={t('signup.password.message_placeholder')}
          {...message}
          {...controlProps('signup_message', errors.signup_message, 'form-control')}
        />
        <div className="form-text d-flex message-help">
          <span>{t('signup.password.message_help')}</span>
          <span aria-hidden="true">
            {message.value.length}/{SIGNUP_MESSAGE_MAX}
          </span>
        </div>
        <FieldError field="signup_message" text={errors.signup_message} />
      </SignupField>
      <div className="form-check terms-check">
        <input
          id="signup-terms"
          type="checkbox"
          ref={terms.ref}
          checked={terms.value}
          onChange={(e) => terms.onChange(e.target.checked)}
          onBlur={terms.onBlur}
          {...controlProps('accept_terms', errors.accept_terms, 'form-check-input')}
        />
        <label className="form-check-label" htmlFor="signup-terms">
          <TermsSentence minAge={minAge} />
        </label>
        <FieldError field="accept_terms" text={errors.accept_terms} />
      </div>
    </>
  );
}

/** The password with its rules shown up front and a strength hint; also asked on /complete-signup. */
export function SignupPasswordField({ control, fieldError }: StepProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const password = useDraftField(control, 'password');
  const [email, name] = useWatch({ control, name: ['email', 'name'] });
  const error = fieldError('password');
  const rules = passwordRules(password.value, email, name);
  const ruleItems = [
    ['length', rules.length, t('signup.password.rule_length', { password_min: PASSWORD_MIN })],
    ['personal', rules.personal, t('signup.password.rule_personal')],
    ['common', rules.common, t('signup.password.rule_common')],
  ] as const;
  return (
    <SignupField id="signup-password" label={t('signup.password.label')}>
      <div className="password-field">
        <input
          id="signup-password"
          type={visible ? 'text' : 'password'}
          className={`form-control form-control-lg${error ? ' is-invalid' : ''}`}
          autoComplete="new-password"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={PASSWORD_MAX}
          {...password}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId('password') : '', 'signup-password-rules']
            .filter(Boolean)
            .join(' ')}
        />
        <button
          type="button"
          className="btn btn-link password-toggle"
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t('signup.password.hide') : t('signup.password.show')}
        </button>
      </div>
      <FieldError field="password" text={error} />
      <div className="password-strength" data-strength={rules.strength} aria-live="polite">
        <div className="password-strength-bar" aria-hidden="true">
          <span />
          <span />
          <span />
          <span />
        </div>
        <span className="password-strength-label">
          {t('signup.password.strength_label')}:{' '}
          {password.value ? t(`signup.password.strength.s${rules.strength}`) : '–'}
        </span>
      </div>
      <ul className="password-rules" id="signup-password-rules">
        {ruleItems.map(([key, state, text]) => (
          <li key={key} className={`password-rule password-rule-${state}`}>
            <span className="password-rule-icon" aria-hidden="true">
              {RULE_ICON[state]}
            </span>
            {text}
            {state !== 'pending' && (
              <span className="visually-hidden"> ({t(`signup.password.rule_${state}`)})</span>
            )}
          </li>
        ))}
      </ul>
    </SignupField>
  );
}
