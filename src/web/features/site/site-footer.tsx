import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { RootData } from '../../lib/root-data.ts';
import { useStandalone } from '../../lib/use-standalone.ts';
import { useMember } from '../session/member-session.tsx';

/** The footer's part of the root data: the site's name, rules and support address, and the company. */
type FooterProps = {
  settings: Pick<RootData['settings'], 'name' | 'support_email' | 'min_age' | 'fictional_plural'>;
  company: Pick<RootData['company'], 'name' | 'kvk'>;
};

/** Where each footer text leads: a page, or (null) the domain's support address as a mailto link. */
const FOOTER_TARGETS = {
  'footer.terms': '/pages/terms',
  'footer.privacy': '/pages/privacy',
  'footer.cookies': '/pages/cookies',
  'footer.ban': '/pages/ban',
  'footer.pricing': '/pricing',
  'footer.complaints': '/complaints',
  'footer.return_policy': '/pages/return-policy',
  'footer.faq': '/pages/faq',
  'footer.support': null,
} as const;
type FooterLink = keyof typeof FOOTER_TARGETS;

const SITE_LINKS: readonly FooterLink[] = [
  'footer.terms',
  'footer.privacy',
  'footer.cookies',
  'footer.ban',
  'footer.pricing',
  'footer.complaints',
  'footer.return_policy',
  'footer.faq',
  'footer.support',
];

/**
 * The members' and the installed app's links (spec §3, "a different footer and link set"): help
 * first (what a member looks for at the bottom of a page), then the rules; not the price list, whose
 * packages a member buys on /credits, which the menu links.
 */
const MEMBER_LINKS: readonly FooterLink[] = [
  'footer.faq',
  'footer.support',
  'footer.complaints',
  'footer.terms',
  'footer.privacy',
  'footer.cookies',
  'footer.return_policy',
  'footer.ban',
];

/** The members' footer shows to a logged-in member on every page but the home page, and in the installed app. */
export function footerKind(input: { loggedIn: boolean; pathname: string; standalone: boolean }) {
  if (input.standalone) return 'member';
  return input.loggedIn && input.pathname !== '/' ? 'member' : 'site';
}

export function SiteFooter({ settings, company }: FooterProps) {
  const { t } = useTranslation();
  const kind = footerKind({
    loggedIn: Boolean(useMember()),
    pathname: useLocation().pathname,
    standalone: useStandalone(),
  });
  const links = kind === 'member' ? MEMBER_LINKS : SITE_LINKS;
  return (
    <footer className={kind === 'member' ? 'site-footer site-footer-member' : 'site-footer'}>
      <div className="container">
        <nav aria-label={t('footer.label')}>
          <ul className="footer-links">
            {links.map((key) => {
              const to = FOOTER_TARGETS[key];
              return (
                <li key={key}>
                  {to === null ? (
                    <a href={`mailto:${settings.support_email}`}>{t(key)}</a>
                  ) : (
                    <Link to={to}>{t(key)}</Link>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>
        <p className="disclaimer">
          {t('footer.disclaimer', {
            site_name: settings.name,
            min_age: settings.min_age,
            fictional_plural: settings.fictional_plural,
          })}
        </p>
        <p className="copyright">
          © {new Date().getFullYear()} {company.name} · {t('footer.kvk', { kvk: company.kvk })}
        </p>
      </div>
    </footer>
  );
}
