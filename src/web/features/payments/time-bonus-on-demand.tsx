import { lazy, Suspense } from 'react';
import { useMatches } from 'react-router';
import { useSession } from '../session/member-session.tsx';
import { inMembersArea } from './time-bonus.logic.ts';

const load = () => import('./time-bonus.tsx');

// Lazy, yet part of the first paint: the server renders the banner into the HTML, and the browser
// keeps that HTML until the banner's code is there (React hydrates the boundary when it arrives).
// Visitors and most members never need the code, so the pages without it stay lighter.
const TimeBonusLazy = lazy(() => load().then((m) => ({ default: m.TimeBonus })));

// The server loads the code as it starts, and renders the banner with it once there: a lazy part
// the server has not loaded yet is streamed after the rest of the page, so the first page after a
// start had its banner at the end of the HTML, where a browser without JavaScript leaves it.
let onServer: Awaited<ReturnType<typeof load>> | undefined;
if (typeof document === 'undefined')
  void load().then((m) => {
    onServer = m;
  });

/** The time-bonus banner and modal, in the members area, while the session says the bonus runs. */
export function TimeBonusOnDemand() {
  const { user } = useSession();
  const routeIds = useMatches().map((match) => match.id);
  if (!user?.time_bonus || !inMembersArea(routeIds)) return null;
  const TimeBonus = onServer?.TimeBonus ?? TimeBonusLazy;
  return (
    <Suspense fallback={null}>
      <TimeBonus user={{ ...user, time_bonus: user.time_bonus }} />
    </Suspense>
  );
}
