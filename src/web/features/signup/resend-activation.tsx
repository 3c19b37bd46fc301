import { useState } from 'react';
import type { KeyedTranslate } from '../../../shared/i18n/translator.ts';
import { ApiError, request } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';

/** Sends the activation mail again for the logged-in member; the caller shows the outcome. */
export function useResendActivation(csrfToken: string | undefined) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | { error: string }>('idle');
  const resend = async () => {
    setState('sending');
    try {
      await request('/api/activation-resend.php', {
        method: 'POST',
        headers: csrfToken ? { 'x-csrf-token': csrfToken } : {},
      });
      setState('sent');
    } catch (error) {
      setState({ error: error instanceof ApiError ? error.code : 'general' });
    }
  };
  return { state, resend };
}

/**
 * Only a refusal the member can act on (wait, reconnect) is named; anything else is the general text.
 * Its three keys directly, not through error-text.ts: the account banner is on every page, and the
 * list of every error code that error-text.ts checks a code against would come with it.
 */
function resendErrorText(t: KeyedTranslate, code: string): string {
  if (code === 'rate_limited') return t('errors.rate_limited');
  if (code === 'network_error') return t('errors.network_error');
  return t('errors.general');
}

type ResendActivation = ReturnType<typeof useResendActivation>;

/**
 * "Send again", then what came of it: the sent notice instead of the button, or why it failed.
 * The words are the sign-up's unless the caller brings its own: the account banner on every page
 * has its own (its texts load with every page, the sign-up's do not) and sits inside a sentence
 * (`inline`).
 */
export function ResendActivationOutcome({
  state,
  resend,
  texts,
  look,
}: ResendActivation & {
  texts?: { resend: string; resending: string; resent: string };
  look: { button: string; done: string; error: string; inline?: boolean };
}) {
  const { t } = useTranslation();
  const Text = look.inline ? 'span' : 'p';
  const words = texts ?? {
    resend: t('signup.inbox.resend'),
    resending: t('signup.inbox.resending'),
    resent: t('signup.inbox.resent'),
  };
  if (state === 'sent')
    return (
      <Text className={look.done} role="status">
        {words.resent}
      </Text>
    );
  return (
    <>
      <button type="button" className={look.button} disabled={state === 'sending'} onClick={resend}>
        {state === 'sending' ? words.resending : words.resend}
      </button>
      {typeof state === 'object' && (
        <Text className={look.error} role="alert">
          {resendErrorText(t, state.error)}
        </Text>
      )}
    </>
  );
}

/** The sign-up's "send again" link, under its mail step and in the activation reminder. */
export function ResendActivationLink({
  buttonClassName,
  ...resendState
}: ResendActivation & { buttonClassName: string }) {
  return (
    <ResendActivationOutcome
      {...resendState}
      look={{ button: buttonClassName, done: 'signup-ok small mb-0', error: 'signup-error-text small mb-0' }}
    />
  );
}
