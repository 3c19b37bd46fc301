import type { ReactNode } from 'react';
import type { MemberCard } from '../../../shared/contracts/members.ts';
import { memberCardSettings, useRootData } from '../../lib/root-data.ts';
import { MemberHighlightCard } from '../home/member-highlight-card.tsx';
import { LikeButton } from '../likes/like-button.tsx';
import { useSession } from '../session/member-session.tsx';

/** The cards whose photos load at once: a phone's first row, most of a desktop's. */
const EAGER_CARDS = 4;

/**
 * Members as linked cards in a responsive grid (2 columns on phones, up to 6 on wide screens), each
 * with its like button (visitors are asked to log in).
 */
export function MemberCardGrid<M extends MemberCard>({
  members,
  className,
  linkTo = (member) => `/members/${member.id}`,
  footer,
  onLikedChange,
}: {
  members: readonly M[];
  className?: string;
  /** The card's link; the profile by default (/likes/m/{id} for a received like, which marks it seen). */
  linkTo?: (member: M) => string;
  /** Under a card's name and place: a reason, a "new" mark, a message link. */
  footer?: (member: M) => ReactNode;
  onLikedChange?: (member: M, liked: boolean) => void;
}) {
  const root = useRootData();
  const { user } = useSession();
  if (!root) return null;
  const { settings } = root;
  return (
    <ul className={`member-results-grid ${className ?? ''}`}>
      {members.map((member, index) => (
        <li key={member.id}>
          <MemberHighlightCard
            member={member}
            priority={index === 0 ? 'high' : index < EAGER_CARDS ? 'eager' : undefined}
            to={linkTo(member)}
            {...memberCardSettings(settings)}
            action={
              <LikeButton
                member={member}
                liked={member.liked ?? false}
                loggedIn={user !== null}
                onLikedChange={onLikedChange && ((liked) => onLikedChange(member, liked))}
              />
            }
            footer={footer?.(member)}
          />
        </li>
      ))}
    </ul>
  );
}
