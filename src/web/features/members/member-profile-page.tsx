import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MemberCard, MemberProfile } from '../../../shared/contracts/members.ts';
import { dynamicKey } from '../../../shared/i18n/translator.ts';
import { TitledSection } from '../../components/ui/titled-section.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { useCountryName } from '../../lib/use-country-name.ts';
import { useDistanceLabel } from '../../lib/use-distance-label.ts';
import { type RegionsSeed, useRegions } from '../../lib/use-regions.ts';
import { useSession } from '../session/member-session.tsx';
import { BackButton } from './back-button.tsx';
import { FictionalWarning } from './fictional-warning.tsx';
import { MemberActions } from './member-actions.tsx';
import { MemberCardGrid } from './member-card-grid.tsx';
import { placeLine, profileDetails, profileHighlights } from './member-details.ts';
import { MemberPhotos } from './member-photos.tsx';

export type MemberPageData =
  /** `regions`: the member's country's, when the profile names a region (its name is in the HTML). */
  | { kind: 'profile'; member: MemberProfile; related: MemberCard[]; regions?: RegionsSeed }
  /** The member blocked the viewer (HTTP 403). */
  | { kind: 'blocked'; name: string }
  /** No such visible member (HTTP 404). */
  | { kind: 'not_found' };

function Profile({
  member,
  related,
  regionsSeed,
}: {
  member: MemberProfile;
  related: MemberCard[];
  regionsSeed?: RegionsSeed;
}) {
  const { t } = useTranslation();
  const root = useRootData();
  const { user } = useSession();
  const countryName = useCountryName();
  const distanceLabel = useDistanceLabel();
  const regions = useRegions(member.region ? member.country : '', regionsSeed);
  if (!root) return null;
  const { settings } = root;
  const visible = settings.visible_profile_fields;
  const place = placeLine(member, visible, {
    country: countryName,
    region: (code) => regions.regions.find((r) => r.code === code)?.name,
  });
  const distance = distanceLabel(member.distance_km);
  const highlights = profileHighlights(member, visible);
  const details = profileDetails(member, visible);
  const interests = visible.includes('interests') ? member.interests : [];
  const aboutMe = visible.includes('about_me') ? member.about_me?.trim() : '';
  const option = (field: string, value: string) => {
    const key = `options.${field}.${value}`;
    const text = t(dynamicKey(key));
    return text === key ? value : text;
  };

  return (
    <>
      <div className="member-profile-layout">
        <MemberPhotos member={member} cdnPrefix={settings.cdn_prefix} loggedIn={user !== null} />
        <div className="member-info">
          <header className="member-header">
            <h1 className="member-profile-name">
              {member.name}
              {visible.includes('age') && <span className="member-profile-age">, {member.age}</span>}
            </h1>
            {place && <p className="member-place">{place}</p>}
            {distance && <p className="member-distance">{distance}</p>}
            {member.fictional && (
              <FictionalWarning icon={settings.fictional_icon} text={settings.fictional_warning} />
            )}
            {member.relation.is_self && <p className="alert alert-info">{t('member_view.self_notice')}</p>}
            {highlights.length > 0 && (
              <ul className="member-highlights" aria-label={t('member_view.highlights')}>
                {highlights.map((fact) => (
                  <li key={fact.field} className="member-chip">
                    {option(fact.field, fact.value)}
                  </li>
                ))}
              </ul>
            )}
            <MemberActions key={member.id} member={member} loggedIn={user !== null} />
          </header>
          {aboutMe && (
            <MemberSection part="about">
              <p className="member-about">{aboutMe}</p>
            </MemberSection>
          )}
          {details.length > 0 && (
            <MemberSection part="details">
              <dl className="member-details">
                {details.map((fact) => (
                  <div key={fact.field} className="member-detail">
                    <dt>{t(`fields.${fact.field}`)}</dt>
                    <dd>{option(fact.field, fact.value)}</dd>
                  </div>
                ))}
              </dl>
            </MemberSection>
          )}
          {interests.length > 0 && (
            <MemberSection part="interests">
              <ul className="member-interests">
                {interests.map((key) => (
                  <li key={key} className="member-chip member-chip-light">
                    {t(dynamicKey(`interests.${key}`))}
                  </li>
                ))}
              </ul>
            </MemberSection>
          )}
        </div>
      </div>
      {related.length > 0 && (
        <TitledSection
          className="member-related"
          titleId="member-related"
          titleClassName="h4"
          title={t('member_view.related_title')}
        >
          <MemberCardGrid members={related} />
        </TitledSection>
      )}
    </>
  );
}

function Unavailable({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="member-unavailable card card-body text-center">
      <h1 className="h4">{text}</h1>
      <p className="mb-0 mt-3">
        <Link to="/members" className="btn btn-primary">
          {t('member_view.back_to_search')}
        </Link>
      </p>
    </div>
  );
}

/** /members/:id and /likes/m/:id: one member's profile, or why it cannot be shown. */
export function MemberProfilePage({ data }: { data: MemberPageData }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="member-page">
      <BackButton label={t('member_view.back')} className="member-back" />
      {data.kind === 'profile' && (
        <Profile member={data.member} related={data.related} regionsSeed={data.regions} />
      )}
      {data.kind === 'blocked' && <Unavailable text={t('errors.blocked_by_member', { name: data.name })} />}
      {data.kind === 'not_found' && <Unavailable text={t('errors.member_not_found')} />}
    </main>
  );
}

/** A part of the profile under its own heading (member_view.{part}_title). */
function MemberSection({ part, children }: { part: 'about' | 'details' | 'interests'; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <TitledSection
      className="member-section"
      titleId={`member-${part}`}
      title={t(`member_view.${part}_title`)}
    >
      {children}
    </TitledSection>
  );
}
