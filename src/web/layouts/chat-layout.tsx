import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { LiveConnectionsOnDemand } from '../features/likes/live-connections-on-demand.tsx';
import { TimeBonusOnDemand } from '../features/payments/time-bonus-on-demand.tsx';
import { MemberSessionProvider } from '../features/session/member-session.tsx';
import { NavigationProgress } from '../features/site/navigation-progress.tsx';
import { OfflineBanner } from '../features/site/offline-banner.tsx';
import { RouteErrorBoundary } from '../features/site/route-error-boundary.tsx';
import { getQueryClient } from '../lib/query-client.ts';
import { useRootData } from '../lib/root-data.ts';
import { guards } from '../lib/route-middleware.ts';

/** Members only, like the member layout (docs/decisions/0016): visitors log in first. */
export const middleware = guards('auth');

/**
 * Full screen: the conversation uses the whole viewport, no header or footer. The member session
 * (badges, title count, the tab's real-time channel) lives here too, since this layout is not
 * inside the default one.
 */
export default function ChatLayout() {
  const data = useRootData();
  // useState: one client per server render (per request), the page's single client in the browser.
  const [queryClient] = useState(getQueryClient);
  return (
    <MemberSessionProvider initial={data?.user ?? null} live={LiveConnectionsOnDemand}>
      <QueryClientProvider client={queryClient}>
        <div className="layout-chat">
          <NavigationProgress />
          <OfflineBanner />
          <TimeBonusOnDemand />
          <Outlet />
        </div>
      </QueryClientProvider>
    </MemberSessionProvider>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
