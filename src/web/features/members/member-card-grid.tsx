import type { ReactNode } from 'react';
import type { MemberCard } from '../../../shared/contracts/members.ts';
import { useCountryName } from '../../lib/use-country-name.ts';
import { useRootData } from '../../root.tsx';
import { MemberHighlightCard } from '../home/member-highlight-card.tsx';

/**
 * Members as linked cards in a responsive grid (2 columns on phones, up to 6 on wide screens).
 * `footer`: what a list adds under each card, outside the card's link (the match finder's reasons).
 */
export function MemberCardGrid<M extends MemberCard>({
  members,
  className,
  footer,
}: {
  members: readonly M[];
  className?: string;
  footer?: (member: M) => ReactNode;
}) {
  const root = useRootData();
  const countryName = useCountryName();
  if (!root) return null;
  const { settings } = root;
  return (
    <ul className={`member-results-grid ${className ?? ''}`}>
      {members.map((member) => (
        <li key={member.id}>
          <MemberHighlightCard
            member={member}
            to={`/members/${member.id}`}
            cdnPrefix={settings.cdn_prefix}
            fictionalIcon={settings.fictional_icon}
            fictionalWarning={settings.fictional_warning}
            countryName={countryName}
          />
          {footer?.(member)}
        </li>
      ))}
    </ul>
  );
}
