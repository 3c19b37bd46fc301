import { useState } from 'react';
import { Link } from 'react-router';
import { PASSWORD_MAX, PASSWORD_MIN, SIGNUP_MESSAGE_MAX } from '../../../shared/contracts/auth.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { errorId, FieldError, invalidProps } from './signup-field-error.tsx';
import type { StepProps } from './signup-step-types.ts';
import { passwordRules, type RuleState } from './signup-steps.ts';

const RULE_ICON: Record<RuleState, string> = { pending: '○', ok: '✓', fail: '✕' };

/** Step 4: password with its rules shown up front, the terms, and an optional first message. */
export function SignupStepPassword({ draft, errors, onChange, minAge }: StepProps) {
  const { t } = useTranslation();
  // The link texts sit inside one sentence, so each language can order it freely.
  const terms = t('signup.password.accept_terms', { min_age: minAge }).split(/(\{terms\}|\{privacy\})/);
  return (
    <>
      <SignupPasswordField draft={draft} errors={errors} onChange={onChange} minAge={minAge} />
      <div className="mb-3">
        <label className="form-label" htmlFor="signup-message">
          {t('signup.password.message_label')} <span className="optional-mark">{t('signup.optional')}</span>
        </label>
        <textarea
          id="signup-message"
          className={`form-control${errors.signup_message ? ' is-invalid' : ''}`}
          rows={3}
          maxLength={SIGNUP_MESSAGE_MAX}
          placeholder={t('signup.password.message_placeholder')}
          value={draft.signup_message}
          onChange={(e) => onChange({ signup_message: e.target.value })}
          {...invalidProps('signup_message', errors.signup_message)}
        />
        <div className="form-text d-flex message-help">
          <span>{t('signup.password.message_help')}</span>
          <span aria-hidden="true">
            {draft.signup_message.length}/{SIGNUP_MESSAGE_MAX}
          </span>
        </div>
        <FieldError field="signup_message" code={errors.signup_message} minAge={minAge} />
      </div>
      <div className="form-check terms-check">
        <input
          id="signup-terms"
          type="checkbox"
          className={`form-check-input${errors.accept_terms ? ' is-invalid' : ''}`}
          checked={draft.accept_terms}
          onChange={(e) => onChange({ accept_terms: e.target.checked })}
          {...invalidProps('accept_terms', errors.accept_terms)}
        />
        <label className="form-check-label" htmlFor="signup-terms">
          {terms.map((part, i) =>
            part === '{terms}' ? (
              // A new tab keeps the half-filled form.
              <Link key={part} to="/pages/terms" target="_blank" rel="noopener">
                {t('signup.password.terms_link')}
              </Link>
            ) : part === '{privacy}' ? (
              <Link key={part} to="/pages/privacy" target="_blank" rel="noopener">
                {t('signup.password.privacy_link')}
              </Link>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed pieces of one sentence
              <span key={i}>{part}</span>
            ),
          )}
        </label>
        <FieldError field="accept_terms" code={errors.accept_terms} minAge={minAge} />
      </div>
    </>
  );
}

/** The password with its rules shown up front and a strength hint; also asked on /complete-signup. */
export function SignupPasswordField({ draft, errors, onChange, minAge }: StepProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const rules = passwordRules(draft.password, draft.email, draft.name);
  const ruleItems = [
    ['length', rules.length, t('signup.password.rule_length', { password_min: PASSWORD_MIN })],
    ['personal', rules.personal, t('signup.password.rule_personal')],
    ['common', rules.common, t('signup.password.rule_common')],
  ] as const;
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor="signup-password">
        {t('signup.password.label')}
      </label>
      <div className="password-field">
        <input
          id="signup-password"
          type={visible ? 'text' : 'password'}
          className={`form-control form-control-lg${errors.password ? ' is-invalid' : ''}`}
          autoComplete="new-password"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={PASSWORD_MAX}
          value={draft.password}
          onChange={(e) => onChange({ password: e.target.value })}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={[errors.password ? errorId('password') : '', 'signup-password-rules']
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
      <FieldError field="password" code={errors.password} minAge={minAge} />
      <div className="password-strength" data-strength={rules.strength} aria-live="polite">
        <div className="password-strength-bar" aria-hidden="true">
          <span />
          <span />
          <span />
          <span />
        </div>
        <span className="password-strength-label">
          {t('signup.password.strength_label')}:{' '}
          {draft.password ? t(`signup.password.strength.s${rules.strength}`) : '–'}
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
    </div>
  );
}
