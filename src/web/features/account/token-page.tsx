import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { request } from '../../lib/api.ts';
import { describeApiError } from '../../lib/api-form-errors.ts';
import { useTranslation } from '../../lib/i18n.tsx';

/** A page behind a mailed link: sends the token once on arrival, then shows success or the error. */
export function TokenPage<T>({
  title,
  url,
  onDone,
  success,
  failure,
}: {
  title: string;
  url: string;
  onDone?: (result: T) => Promise<void> | void;
  success: ReactNode;
  /** Where to go from a broken link, e.g. a link to request a new mail. */
  failure?: ReactNode;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [state, setState] = useState<'working' | 'done' | 'failed'>('working');
  const [error, setError] = useState<string>();
  // A token works once: React's double effects in development must not spend it twice.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const token = params.get('token');
    if (!token) {
      setError(t('errors.link_invalid'));
      setState('failed');
      return;
    }
    request<T>(url, { method: 'POST', body: { token } })
      .then(async (result) => {
        await onDone?.(result);
        setState('done');
      })
      .catch((e: unknown) => {
        setError(describeApiError(e, t, []).error ?? t('errors.link_invalid'));
        setState('failed');
      });
  }, [params, url, onDone, t]);
  return (
    <main id="main" className="container narrow-page">
      <h1>{title}</h1>
      {state === 'working' && <p role="status">{t('account.working')}</p>}
      {state === 'done' && success}
      {state === 'failed' && (
        <div className="alert alert-danger" role="alert">
          {error} {failure}
        </div>
      )}
    </main>
  );
}
