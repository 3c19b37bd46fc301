import { useMatches } from 'react-router';
import { useSession } from '../session/member-session.tsx';
import { inMembersArea } from './time-bonus.logic.ts';
import { TimeBonus } from './time-bonus.tsx';

/** The time-bonus banner and modal, in the members area, while the session says the bonus runs. */
export function TimeBonusOnDemand() {
  const { user } = useSession();
  const routeIds = useMatches().map((match) => match.id);
  if (!user?.time_bonus || !inMembersArea(routeIds)) return null;
  // Not lazy: the banner is part of the first paint (time-bonus.tsx); only its modal loads apart.
  return <TimeBonus user={{ ...user, time_bonus: user.time_bonus }} />;
}
