import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { useStandalone } from '../../lib/use-standalone.ts';
import { useMember } from '../session/member-session.tsx';

type FooterProps = {
  siteName: string;
  supportEmail: string;
  companyName: string;
  kvk: string;
  minAge: number;
  fictionalPlural: string;
};

// `support` is the domain's support address (a mailto link), not a page.
const FOOTER_LINKS = [
  { to: '/pages/terms', key: 'footer.terms' },
  { to: '/pages/privacy', key: 'footer.privacy' },
  { to: '/pages/cookies', key: 'footer.cookies' },
  { to: '/pages/ban', key: 'footer.ban' },
  { to: '/pricing', key: 'footer.pricing' },
  { to: '/complaints', key: 'footer.complaints' },
  { to: '/pages/return-policy', key: 'footer.return_policy' },
  { to: '/pages/faq', key: 'footer.faq' },
  { to: 'support', key: 'footer.support' },
] as const;

/**
 * The members' and the installed app's links (spec §3, "a different footer and link set"): help
 * first (what a member looks for at the bottom of a page), then the rules; not the price list, whose
 * packages a member buys on /credits, which the menu links.
 */
const MEMBER_FOOTER_LINKS = [
  { to: '/pages/faq', key: 'footer.faq' },
  { to: 'support', key: 'footer.support' },
  { to: '/complaints', key: 'footer.complaints' },
  { to: '/pages/terms', key: 'footer.terms' },
  { to: '/pages/privacy', key: 'footer.privacy' },
  { to: '/pages/cookies', key: 'footer.cookies' },
  { to: '/pages/return-policy', key: 'footer.return_policy' },
  { to: '/pages/ban', key: 'footer.ban' },
] as const;

/** The members' footer shows to a logged-in member on every page but the home page, and in the installed app. */
export function footerKind(input: { loggedIn: boolean; pathname: string; standalone: boolean }) {
  if (input.standalone) return 'member';
  return input.loggedIn && input.pathname !== '/' ? 'member' : 'site';
}

export function SiteFooter({
  siteName,
  supportEmail,
  companyName,
  kvk,
  minAge,
  fictionalPlural,
}: FooterProps) {
  const { t } = useTranslation();
  const kind = footerKind({
    loggedIn: Boolean(useMember()),
    pathname: useLocation().pathname,
    standalone: useStandalone(),
  });
  const links = kind === 'member' ? MEMBER_FOOTER_LINKS : FOOTER_LINKS;
  return (
    <footer className={kind === 'member' ? 'site-footer site-footer-member' : 'site-footer'}>
      <div className="container">
        <nav aria-label={t('footer.label')}>
          <ul className="footer-links">
            {links.map((link) => (
              <li key={link.to}>
                {link.to === 'support' ? (
                  <a href={`mailto:${supportEmail}`}>{t(link.key)}</a>
                ) : (
                  <Link to={link.to}>{t(link.key)}</Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <p className="disclaimer">
          {t('footer.disclaimer', {
            site_name: siteName,
            min_age: minAge,
            fictional_plural: fictionalPlural,
          })}
        </p>
        <p className="copyright">
          © {new Date().getFullYear()} {companyName} · {t('footer.kvk', { kvk })}
        </p>
      </div>
    </footer>
  );
}
