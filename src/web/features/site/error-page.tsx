import { Component, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { useSession } from '../session/member-session.tsx';

type Props = {
  status: number;
  message?: string;
  /** Offered where asking again can help (a failed load), never for a missing page. */
  onRetry?: () => void;
};

/** Shown when a page fails; if showing it fails too, MinimalFallback takes over. */
export function ErrorPage(props: Props) {
  return (
    <ErrorFallbackBoundary>
      <ErrorContent {...props} />
    </ErrorFallbackBoundary>
  );
}

function ErrorContent({ status, message, onRetry }: Props) {
  const { t } = useTranslation();
  // Outside the layouts (the root boundary) there is no session provider: a visitor's links then.
  const { user } = useSession();
  const notFound = status === 404;
  const heading = notFound ? t('errors.page_not_found') : t('errors.title', { status });
  return (
    <main className="error-page container" id="main">
      <title>{heading}</title>
      <p className="error-status" aria-hidden="true">
        {status}
      </p>
      <h1 className="h3">{heading}</h1>
      {!notFound && (
        <p className="lead">
          {message && message !== 'Unexpected Server Error' ? message : t('errors.general')}
        </p>
      )}
      <div className="d-flex gap-2 flex-wrap mt-3">
        {onRetry && !notFound && (
          <button type="button" className="btn btn-outline-primary" onClick={onRetry}>
            {t('errors.retry')}
          </button>
        )}
        {/* Plain links, not the router's: they work even when the app around them failed. */}
        {user && (
          <a href="/members" className="btn btn-primary">
            {t('member_nav.search')}
          </a>
        )}
        <a href="/" className={user ? 'btn btn-outline-primary' : 'btn btn-primary'}>
          {t('errors.back_home')}
        </a>
      </div>
    </main>
  );
}

function MinimalFallback() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32, textAlign: 'center' }}>
      <title>Error</title>
      <h1>Error</h1>
      <p>
        <a href="/">Home</a>
      </p>
    </main>
  );
}

class ErrorFallbackBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <MinimalFallback /> : this.props.children;
  }
}
