import { lazyNamed } from '../../lib/on-demand.ts';

/**
 * The real-time channel, the match and new-like modals and the auto-like (live-connections.tsx),
 * members only: a layout hands it to MemberSessionProvider, which mounts it once a member is
 * known, so visitors' pages never load it. Through the layout rather than imported by the session,
 * which likes' own components use: no import circle between the two features.
 */
export const LiveConnectionsOnDemand = lazyNamed(() =>
  import('./live-connections.tsx').then((m) => m.LiveConnections),
);
