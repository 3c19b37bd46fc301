import type { QueuedMember } from '../../../shared/contracts/moderation.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useCountryName } from '../../lib/use-country-name.ts';
import { formatWait } from './wait-duration.ts';

/**
 * Whose photo or text it is and how long it has waited. Never a link: staff do not open members'
 * pages (the member's own page would count a visit and show what a moderator need not see).
 */
export function QueuedMemberLine({
  member,
  createdAt,
  now,
}: {
  member: QueuedMember;
  createdAt: string;
  now: string;
}) {
  const { t, i18n } = useTranslation();
  const countryName = useCountryName();
  const facts = [
    member.age === null ? null : t('moderation.age', { age: member.age }),
    member.country ? countryName(member.country) : null,
  ].filter(Boolean);
  return (
    <div className="moderation-member">
      <strong>{member.name}</strong>
      {facts.length > 0 && <span> · {facts.join(' · ')}</span>}
      <div className="text-body-secondary small">
        {t('moderation.waited', { duration: formatWait(createdAt, now, i18n.language) })}
      </div>
    </div>
  );
}
