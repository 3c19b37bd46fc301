import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { ErrorPage } from './error-page.tsx';

/** Status and text of whatever a loader, middleware or render threw, as the root boundary reads them. */
export function describeRouteError(error: unknown): { status: number; message: string | undefined } {
  if (isRouteErrorResponse(error)) {
    return { status: error.status, message: typeof error.data === 'string' ? error.data : error.statusText };
  }
  return { status: 500, message: error instanceof Error ? error.message : undefined };
}

/**
 * A page's error inside its layout (navigation and footer stay). Retrying runs the loaders again;
 * a successful revalidation clears the error and renders the page.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const { status, message } = describeRouteError(error);
  const retryable = status >= 500 || status === 408 || status === 429;
  return (
    <ErrorPage
      status={status}
      message={message}
      onRetry={retryable ? () => void revalidator.revalidate() : undefined}
    />
  );
}
