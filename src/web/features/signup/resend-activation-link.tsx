import { useTranslation } from '../../lib/i18n.tsx';
import { resendErrorText, type useResendActivation } from './use-resend-activation.ts';

type Resend = ReturnType<typeof useResendActivation>;

/** "Send the mail again" as a link-styled button, then what came of it (sent, or why not). */
export function ResendActivationLink({
  state,
  resend,
  buttonClassName,
}: Resend & { buttonClassName: string }) {
  const { t } = useTranslation();
  return (
    <>
      {state === 'sent' ? (
        <p className="signup-ok small mb-0" role="status">
          {t('signup.inbox.resent')}
        </p>
      ) : (
        <button type="button" className={buttonClassName} disabled={state === 'sending'} onClick={resend}>
          {state === 'sending' ? t('signup.inbox.resending') : t('signup.inbox.resend')}
        </button>
      )}
      {typeof state === 'object' && (
        <p className="signup-error-text small mb-0" role="alert">
          {resendErrorText(t, state.error)}
        </p>
      )}
    </>
  );
}
