import { lazy, Suspense } from 'react';
import { useMatches } from 'react-router';
import { useSession } from '../session/member-session.tsx';
import { inMembersArea } from './time-bonus.logic.ts';

// Lazy, yet part of the first paint: the server renders the banner into the HTML, and the browser
// keeps that HTML until the banner's code is there (React hydrates the boundary when it arrives).
// Visitors and most members never need the code, so the pages without it stay lighter.
const TimeBonus = lazy(() => import('./time-bonus.tsx').then((m) => ({ default: m.TimeBonus })));

/** The time-bonus banner and modal, in the members area, while the session says the bonus runs. */
export function TimeBonusOnDemand() {
  const { user } = useSession();
  const routeIds = useMatches().map((match) => match.id);
  if (!user?.time_bonus || !inMembersArea(routeIds)) return null;
  return (
    <Suspense fallback={null}>
      <TimeBonus user={{ ...user, time_bonus: user.time_bonus }} />
    </Suspense>
  );
}
