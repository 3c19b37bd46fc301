import { Link } from 'react-router';
import {
  GENDERS,
  type Gender,
  SEXUALITIES,
  type Sexuality,
  soughtGenders,
} from '../../shared/profile-options.ts';
import { MemberHighlightGrid } from '../features/home/member-highlight-card.tsx';
import { signupLinks } from '../features/signup/signup-styles.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import { useRootData } from '../lib/root-data.ts';
import type { Route } from './+types/signup-matches';

export const links: Route.LinksFunction = signupLinks;

const isGender = (v: unknown): v is Gender => GENDERS.includes(v as Gender);
const isSexuality = (v: unknown): v is Sexuality => SEXUALITIES.includes(v as Sexuality);

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // The wizard passes what the member just chose; a logged-in member's profile says the same.
  const gender = params.get('gender') ?? context.user?.profile.gender;
  const sexuality = params.get('sexuality') ?? context.user?.profile.sexuality;
  const country = params.get('country') ?? context.user?.profile.country;
  const all = await context.site.listHighlights();
  const wanted = isGender(gender) && isSexuality(sexuality) ? soughtGenders(gender, sexuality) : undefined;
  const matching = wanted ? all.filter((m) => wanted.includes(m.gender)) : all;
  // Members from the member's own country first; an empty filter result falls back to everyone.
  const members = (matching.length > 0 ? matching : all).toSorted(
    (a, b) => Number(b.country === country) - Number(a.country === country),
  );
  return {
    texts: context.pageTexts('signup'),
    title: context.t('signup.matches.title'),
    members,
    loggedIn: context.user !== null,
  };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

/** Members who fit the search the new member just described, to show what awaits after activation. */
function SignupMatches({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  if (!root) return null;
  const { settings } = root;
  const { members, loggedIn } = loaderData;
  return (
    <main id="main" className="signup-matches">
      <section className="signup-matches-hero">
        <div className="container">
          <h1 className="signup-matches-title">{t('signup.matches.title')}</h1>
          {members.length > 0 && (
            <p className="signup-matches-lead">
              {t('signup.matches.lead', { count: members.length, site_name: settings.name })}
            </p>
          )}
        </div>
      </section>
      <section className="section">
        <div className="container">
          {members.length > 0 ? (
            <MemberHighlightGrid members={members} />
          ) : (
            <p className="section-lead">{t('signup.matches.empty')}</p>
          )}
          <div className="text-center mt-4">
            {loggedIn ? (
              <Link to="/members" className="btn btn-primary btn-lg">
                {t('signup.matches.cta_member')}
              </Link>
            ) : (
              <Link to="/signup" data-signup="" className="btn btn-primary btn-lg">
                {t('signup.matches.cta_visitor')}
              </Link>
            )}
          </div>
        </div>
      </section>
    </main>
  );
}

export default withPageTexts(SignupMatches);
