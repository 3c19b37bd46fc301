import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';

/**
 * A back-office page's error inside the admin layout (header and nav stay): 403 says the person's
 * roles do not open it, anything else the error's text (dataOrThrow's code) and the way back.
 */
export function AdminErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const code =
    isRouteErrorResponse(error) && error.data && typeof error.data === 'object'
      ? (error.data as { code?: unknown }).code
      : undefined;
  const forbidden = status === 403;
  const heading = forbidden ? t('admin.forbidden_title') : t('admin.error_title');
  return (
    <div className="admin-narrow">
      <title>{heading}</title>
      <h1 className="h3">{heading}</h1>
      <p className="lead">
        {forbidden ? t('admin.forbidden_text') : errorText(t, typeof code === 'string' ? code : undefined)}
      </p>
      <Link to="/admin" className="btn btn-outline-primary">
        {t('admin.back_home')}
      </Link>
    </div>
  );
}
