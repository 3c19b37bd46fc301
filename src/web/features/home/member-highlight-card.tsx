import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MemberCard } from '../../../shared/contracts/members.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { memberCardSettings, useRootData } from '../../lib/root-data.ts';
import { usePlaceName } from '../../lib/use-country-name.ts';
import { useDistanceLabel } from '../../lib/use-distance-label.ts';

type Props = {
  member: MemberCard;
  cdnPrefix: string;
  fictionalIcon: string;
  fictionalWarning: string;
  /** The profile page; the whole card becomes its link (search results, related profiles). */
  to?: string;
  /** On the photo, above the card's link: the like button of member lists. */
  action?: ReactNode;
  /** Below the place, above the card's link: a reason, a mark, a link. */
  footer?: ReactNode;
  /**
   * How soon the photo loads: 'high' for the first card of a list (usually the page's largest
   * paint), 'eager' for the rest of the first row, lazy otherwise.
   */
  priority?: 'high' | 'eager';
};

/** A member as a card: the home page highlights, search results and related profiles. */
export function MemberHighlightCard({
  member,
  cdnPrefix,
  fictionalIcon,
  fictionalWarning,
  to,
  action,
  footer,
  priority,
}: Props) {
  const { t } = useTranslation();
  const placeName = usePlaceName();
  const place = placeName(member.city, member.country);
  const distance = useDistanceLabel()(member.distance_km);
  // The name gives way to the age on a narrow card (members.scss .member-card-name-text).
  const title = (
    <>
      <span className="member-card-name-text">{member.name},</span>{' '}
      <span className="member-card-age">{member.age}</span>
    </>
  );
  return (
    <article className={`member-card${to ? ' member-card-linked' : ''}`}>
      <div className="member-card-photo">
        {member.main_image ? (
          <img
            src={`${cdnPrefix}${member.main_image.filename}`}
            alt={t('home.highlights.photo_alt', { name: member.name })}
            width={600}
            height={750}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority === 'high' ? 'high' : undefined}
            decoding="async"
          />
        ) : (
          <span className="member-card-no-photo" aria-hidden="true">
            {member.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        {member.fictional && (
          <span className="fictional-badge" title={fictionalWarning}>
            <img src={fictionalIcon} alt="" width={18} height={18} />
            <span className="visually-hidden">{fictionalWarning}</span>
          </span>
        )}
        {action}
      </div>
      <div className="member-card-body">
        <h3 className="member-card-name">
          {to ? (
            // The link's box covers the card (CSS), so the card is one target with one accessible name.
            <Link to={to} className="member-card-link">
              {title}
            </Link>
          ) : (
            title
          )}
        </h3>
        <p className="member-card-place">{place}</p>
        {distance && <p className="member-card-distance">{distance}</p>}
        {footer && <div className="member-card-footer">{footer}</div>}
      </div>
    </article>
  );
}

/** Cards without a like button in the home page's plain grid: its highlights, the matches after sign-up. */
export function MemberHighlightGrid({ members }: { members: readonly MemberCard[] }) {
  const root = useRootData();
  if (!root) return null;
  const { settings } = root;
  return (
    <div className="member-grid">
      {members.map((member) => (
        <MemberHighlightCard key={member.id} member={member} {...memberCardSettings(settings)} />
      ))}
    </div>
  );
}
