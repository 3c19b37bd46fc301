import { useState } from 'react';
import type { KeyedTranslate } from '../../../shared/i18n/translator.ts';
import { ApiError, request } from '../../lib/api.ts';

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
export function resendErrorText(t: KeyedTranslate, code: string): string {
  if (code === 'rate_limited') return t('errors.rate_limited');
  if (code === 'network_error') return t('errors.network_error');
  return t('errors.general');
}
