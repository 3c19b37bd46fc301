import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MemberHighlightGrid } from '../features/home/member-highlight-card.tsx';
import { RouteErrorBoundary } from '../features/site/route-error-boundary.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import { useRootData } from '../lib/root-data.ts';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  return { highlights: await context.site.listHighlights() };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.data as { settings: { index_title: string; description: string } } | undefined;
  return [
    { title: root?.settings.index_title ?? '' },
    { name: 'description', content: root?.settings.description ?? '' },
  ];
}

const STEPS = ['profile', 'search', 'chat'] as const;
const REASONS = ['verified', 'privacy', 'payments', 'service'] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  if (!root) return null;
  const { settings, company } = root;
  const vars = { site_name: settings.name, min_age: settings.min_age };
  return (
    <main id="main" className="home">
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-copy">
            <p className="hero-kicker">{t('home.hero.kicker', vars)}</p>
            <h1 className="hero-title">{t('home.hero.title', vars)}</h1>
            <p className="hero-lead">{t('home.hero.lead', vars)}</p>
            <div className="hero-actions">
              <Link to="/signup" data-signup="" className="btn btn-light btn-lg hero-cta">
                {t('home.hero.cta')}
              </Link>
              <Link to="/members" className="btn btn-outline-light btn-lg">
                {t('home.hero.browse')}
              </Link>
            </div>
            <ul className="hero-trust">
              <li>{t('home.hero.trust_free')}</li>
              <li>{t('home.hero.trust_verified')}</li>
              <li>{t('home.hero.trust_company')}</li>
            </ul>
          </div>
          <div className="hero-art" aria-hidden="true">
            {loaderData.highlights.slice(0, 3).map((m, i) =>
              m.main_image ? (
                <img
                  key={m.id}
                  className={`hero-photo hero-photo-${i}`}
                  src={`${settings.cdn_prefix}${m.main_image.thumb_filename}`}
                  alt=""
                  width={200}
                  height={250}
                  // Hidden below 992 px: lazy keeps phones from downloading them at all.
                  loading="lazy"
                />
              ) : null,
            )}
          </div>
        </div>
      </section>

      <HomeSection className="how-it-works" titleId="how-title" title={t('home.how.title')}>
        <ol className="steps">
          {STEPS.map((step, i) => (
            <li key={step} className="step">
              <span className="step-number" aria-hidden="true">
                {i + 1}
              </span>
              <h3 className="h5">{t(`home.how.${step}.title`)}</h3>
              <p>{t(`home.how.${step}.text`, vars)}</p>
            </li>
          ))}
        </ol>
      </HomeSection>

      {loaderData.highlights.length > 0 && (
        <HomeSection className="highlights" titleId="highlights-title" title={t('home.highlights.title')}>
          <p className="section-lead">{t('home.highlights.lead', vars)}</p>
          <MemberHighlightGrid members={loaderData.highlights} />
          <div className="text-center mt-4">
            <Link to="/signup" data-signup="" className="btn btn-primary btn-lg">
              {t('home.highlights.cta')}
            </Link>
          </div>
        </HomeSection>
      )}

      <HomeSection className="reasons" titleId="reasons-title" title={t('home.reasons.title', vars)}>
        <div className="reason-grid">
          {REASONS.map((reason) => (
            <div key={reason} className="reason">
              <h3 className="h6">{t(`home.reasons.${reason}.title`)}</h3>
              <p>{t(`home.reasons.${reason}.text`, vars)}</p>
            </div>
          ))}
        </div>
      </HomeSection>

      <section className="cta-band">
        <div className="container text-center">
          <h2 className="h3">{t('home.cta.title')}</h2>
          <p>{t('home.cta.text', { signup_credits: settings.signup_credits })}</p>
          <Link to="/signup" data-signup="" className="btn btn-light btn-lg">
            {t('home.cta.button')}
          </Link>
        </div>
      </section>

      <HomeSection
        className="trust-notes"
        titleId="trust-title"
        title={t('home.trust.title')}
        titleClassName="h6 text-uppercase"
      >
        <p>{t('home.trust.age', vars)}</p>
        <p className="d-flex gap-2 align-items-start">
          <img src={settings.fictional_icon} alt="" width={20} height={20} />
          <span>
            {t('home.trust.fictional', {
              fictional_plural: settings.fictional_plural,
              site_name: settings.name,
            })}{' '}
            <Link to="/pages/terms">{t('footer.terms')}</Link>
          </span>
        </p>
        <p>
          {t('home.trust.company', {
            site_name: settings.name,
            company_name: company.name,
            address: company.address,
            city: company.city,
            kvk: company.kvk,
          })}{' '}
          <Link to="/pages/privacy">{t('footer.privacy')}</Link> ·{' '}
          <Link to="/pages/cookies">{t('footer.cookies')}</Link>
        </p>
      </HomeSection>
    </main>
  );
}

/** A band of the page: its spacing, the container, and a landmark named by its own heading. */
function HomeSection({
  className,
  titleId,
  title,
  titleClassName = 'section-title',
  children,
}: {
  className: string;
  titleId: string;
  title: string;
  titleClassName?: string;
  children: ReactNode;
}) {
  return (
    <section className={`section ${className}`} aria-labelledby={titleId}>
      <div className="container">
        <h2 id={titleId} className={titleClassName}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** A failed service call keeps the site's navigation around the error, with a retry. */
export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
