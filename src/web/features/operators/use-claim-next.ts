import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { OperatorClaim, OperatorQueueFilter } from '../../../shared/contracts/operators.ts';
import { ApiError } from '../../lib/api.ts';
import { adminRequest } from '../admin/admin-api.ts';

/** Typing in a field never claims: N is a letter there. */
const inTextField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * "Claim next": the oldest waiting conversation of the filters, then its screen. Bound to the N key
 * outside text fields, so after an answer the next one is one key away.
 */
export function useClaimNext(filter: OperatorQueueFilter = {}) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { profile, language, country } = filter;
  const claimNext = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const claim = await adminRequest<OperatorClaim>('/api/admin/operator-claim.php', {
        method: 'POST',
        body: { profile, language, country },
      });
      await navigate(`/admin/operators/${claim.conversation.id}`);
    } catch (e) {
      setError(e instanceof ApiError ? e.code : 'network_error');
    } finally {
      setBusy(false);
    }
  }, [navigate, profile, language, country]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'n' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (inTextField(event.target)) return;
      event.preventDefault();
      void claimNext();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [claimNext]);
  return { claimNext, error, busy };
}
