import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { EnablePushAlert } from '../features/notifications/enable-push-alert.tsx';
import { PushSync } from '../features/notifications/push-sync.tsx';
import { ModerationNotices } from '../features/reports/moderation-notices.tsx';
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
  // The area is at least a screen high (app.scss .member-area): the footer starts below the fold,
  // so lists that arrive after the first paint do not push it across the screen (layout shift).
  return (
    <QueryClientProvider client={queryClient}>
      <div className="member-area">
        <ModerationNotices />
        <Outlet />
        <PushSync />
        <EnablePushAlert />
      </div>
    </QueryClientProvider>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
