import { data } from 'react-router';
import { RouteErrorBoundary } from '../features/site/route-error-boundary.tsx';

/** Any path no other route claims: a real 404 status, shown by the error page. */
export async function loader() {
  throw data('Not found', { status: 404 });
}

export default function NotFound() {
  return null;
}

/**
 * Shown inside the default layout, so the missing page keeps the site's navigation and footer
 * (the root boundary, for errors that break the layout itself, has neither).
 */
export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
