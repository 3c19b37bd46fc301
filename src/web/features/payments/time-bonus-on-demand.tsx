import { Suspense } from 'react';
import { useMatches } from 'react-router';
import { onDemand } from '../../lib/on-demand.ts';
import { useSession } from '../session/member-session.tsx';
import { inMembersArea } from './time-bonus.logic.ts';

// Part of the first paint, fetched only when it shows: the server renders the banner into the
// HTML, and the browser keeps that HTML until the banner's code is there. Visitors and most members
// never need the code, so the pages without it stay lighter.
const timeBonus = onDemand(() => import('./time-bonus.tsx').then((m) => m.TimeBonus));

/** The time-bonus banner and modal, in the members area, while the session says the bonus runs. */
export function TimeBonusOnDemand() {
  const { user } = useSession();
  const routeIds = useMatches().map((match) => match.id);
  if (!user?.time_bonus || !inMembersArea(routeIds)) return null;
  const TimeBonus = timeBonus();
  return (
    <Suspense fallback={null}>
      <TimeBonus user={{ ...user, time_bonus: user.time_bonus }} />
    </Suspense>
  );
}
