import { data, Link } from 'react-router';
import { ENTRY_DESIGNS, type EntryDesign, resolveSlug } from '../../../shared/contracts/landers.ts';
import type { MemberCard, MemberProfile } from '../../../shared/contracts/members.ts';
import { createTranslator } from '../../../shared/i18n/translator.ts';
import { EntrySignupForm } from '../../features/landers/entry-signup-form.tsx';
import { LanderPhoto, LanderShell } from '../../features/landers/lander-shell.tsx';
import { landerLinks } from '../../features/landers/lander-styles.ts';
import { RouteErrorBoundary } from '../../features/site/route-error-boundary.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { withPageTexts } from '../../lib/page-texts.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { usePlaceName } from '../../lib/use-country-name.ts';
import type { Route } from './+types/member-entry';

export const links: Route.LinksFunction = landerLinks;

/** The first lines of a member's own text: enough to be a person, short enough for a phone. */
const EXCERPT_LENGTH = 180;

function excerptOf(text: string | null): string | null {
  if (!text) return null;
  const trimmed = text.trim();
  if (trimmed.length <= EXCERPT_LENGTH) return trimmed;
  const cut = trimmed.slice(0, EXCERPT_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), EXCERPT_LENGTH - 30))}…`;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const design = new URL(request.url).pathname.split('/')[3] as EntryDesign;
  const id = Number(params.id);
  if (!ENTRY_DESIGNS.includes(design) || !Number.isSafeInteger(id) || id <= 0)
    throw data('Not found', { status: 404 });
  const { slug, copyLocale } = resolveSlug(params.slug, context.locale);
  const copy = createTranslator(context.landers.copy(copyLocale));
  const found = await context.members.get(id);
  // Hidden, blocked or gone: the same page with others instead of an error (the ad was paid for).
  const member = found.ok ? found.data.member : null;
  const others = found.ok ? found.data.related : await context.site.listHighlights();
  const vars = { name: member?.name ?? '' };
  return {
    design,
    slug,
    copyLocale,
    member: member && {
      ...member,
      about_me: excerptOf(member.about_me),
      photos: [],
    },
    others: others.slice(0, 6),
    title: member
      ? copy(design === 'signup' ? 'landers.entry.signup_title' : 'landers.entry.title', vars)
      : copy('landers.entry.others_title'),
    lead: member ? copy('landers.entry.lead', vars) : copy('landers.entry.others_lead'),
    texts: context.pageTexts('entry'),
  };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  return pageMeta(matches, page?.title, page?.lead);
}

function MemberInFront({ member, design }: { member: MemberProfile; design: EntryDesign }) {
  const place = usePlaceName();
  const card: MemberCard = member;
  return (
    <figure className={`entry-member entry-member-${design}`}>
      <LanderPhoto member={card} size="full" priority className="lander-photo entry-member-photo" />
      <figcaption className="entry-member-text">
        <p className="entry-member-name">
          {member.name}, {member.age}
        </p>
        <p className="entry-member-place">{place(member.city, member.country)}</p>
        {member.about_me && <blockquote className="entry-member-about">{member.about_me}</blockquote>}
      </figcaption>
    </figure>
  );
}

/**
 * /members/{id}/landing, /signup, /landing2/{slug?} and /landing3/{slug?}: the member the ad
 * showed in front and the one short sign-up step. Four designs of one entry, the shared shell.
 */
function MemberEntry({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const { design, slug, copyLocale, member, others, title, lead } = loaderData;
  // A member who follows an ad is already in: straight to the conversation, or to the search.
  const form = root?.user ? (
    <div className="lander-actions">
      <Link
        to={member ? `/members/${member.id}/chat` : '/members'}
        className="btn btn-primary btn-lg lander-cta"
      >
        {member ? t('landers.entry.write', { name: member.name }) : t('landers.entry.more_members')}
      </Link>
    </div>
  ) : (
    <div className="entry-card">
      <EntrySignupForm
        submitLabel={member ? t('landers.entry.submit') : t('landers.cta')}
        minAge={root?.settings.min_age ?? 18}
        memberId={member?.id ?? null}
      />
    </div>
  );
  return (
    <LanderShell
      source={`entry-${design}`}
      slug={slug}
      title={title}
      lead={lead}
      copyLang={copyLocale}
      members={member ? [member, ...others] : others}
      className={`entry entry-${design}`}
      backdrop={member ? <MemberInFront member={member} design={design} /> : undefined}
      action={form}
    >
      {others.length > 0 && (
        <section className="container lander-section" aria-label={t('landers.nearby')}>
          <ul className="lander-gallery entry-others">
            {others.map((other) => (
              <li key={other.id} className="lander-gallery-item">
                <LanderPhoto member={other} />
                <p className="lander-gallery-name">
                  {other.name}, {other.age}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </LanderShell>
  );
}

export default withPageTexts(MemberEntry);

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
