import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, request } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';

/** A page behind a mailed link: sends the token once on arrival, then shows success or the error. */
export function TokenPage<T>({
  title,
  url,
  onDone,
  success,
}: {
  title: string;
  url: string;
  onDone?: (result: T) => Promise<void> | void;
  success: ReactNode;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [state, setState] = useState<'working' | 'done' | 'failed'>('working');
  const [error, setError] = useState<string>();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    request<T>(url, { method: 'POST', body: { token: params.get('token') ?? '' } })
      .then(async (result) => {
        await onDone?.(result);
        setState('done');
      })
      .catch((e) => {
        setError(
          e instanceof ApiError && e.code !== 'validation_failed'
            ? t(`errors.${e.code}`)
            : t('errors.link_invalid'),
        );
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
          {error}
        </div>
      )}
    </main>
  );
}
