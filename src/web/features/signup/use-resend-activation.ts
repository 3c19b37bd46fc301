import { useState } from 'react';
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

export function resendErrorKey(
  code: string,
): 'errors.rate_limited' | 'errors.network_error' | 'errors.general' {
  return code === 'rate_limited' || code === 'network_error' ? `errors.${code}` : 'errors.general';
}
