import type { MemberCard } from '../../../shared/contracts/members.ts';
import { useTranslation } from '../../lib/i18n.tsx';

type Props = { member: MemberCard; cdnPrefix: string; fictionalIcon: string; fictionalWarning: string };

export function MemberHighlightCard({ member, cdnPrefix, fictionalIcon, fictionalWarning }: Props) {
  const { t } = useTranslation();
  const place = [member.city, member.country].filter(Boolean).join(', ');
  return (
    <article className="member-card">
      <div className="member-card-photo">
        {member.main_image ? (
          <img
            src={`${cdnPrefix}${member.main_image.filename}`}
            alt={t('home.highlights.photo_alt', { name: member.name })}
            width={600}
            height={750}
            loading="lazy"
            decoding="async"
          />
        ) : null}
        {member.fictional && (
          <span className="fictional-badge" title={fictionalWarning}>
            <img src={fictionalIcon} alt="" width={18} height={18} />
            <span className="visually-hidden">{fictionalWarning}</span>
          </span>
        )}
      </div>
      <div className="member-card-body">
        <h3 className="member-card-name">
          {member.name}, <span className="member-card-age">{member.age}</span>
        </h3>
        <p className="member-card-place">{place}</p>
      </div>
    </article>
  );
}
