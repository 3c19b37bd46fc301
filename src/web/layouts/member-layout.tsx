import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { RouteErrorBoundary } from '../features/site/route-error-boundary.tsx';
import { getQueryClient } from '../lib/query-client.ts';
import { guards } from '../lib/route-middleware.ts';

/**
 * Member-only pages inside the default layout's chrome (docs/decisions/0016): visitors are sent
 * to the login page before any loader runs, and the pages read server state through TanStack
 * Query, whose code loads with these pages only, not with the public ones.
 */
export const middleware = guards('auth');

export default function MemberLayout() {
  // useState: one client per server render (per request), the page's single client in the browser.
  const [queryClient] = useState(getQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
