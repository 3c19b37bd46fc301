import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';

type FooterProps = {
  siteName: string;
  supportEmail: string;
  companyName: string;
  kvk: string;
  minAge: number;
  fictionalPlural: string;
};

const FOOTER_LINKS = [
  { to: '/pages/terms', key: 'footer.terms' },
  { to: '/pages/privacy', key: 'footer.privacy' },
  { to: '/pages/cookies', key: 'footer.cookies' },
  { to: '/pages/ban', key: 'footer.ban' },
  { to: '/pricing', key: 'footer.pricing' },
  { to: '/complaints', key: 'footer.complaints' },
  { to: '/pages/return-policy', key: 'footer.return_policy' },
  { to: '/pages/faq', key: 'footer.faq' },
] as const;

export function SiteFooter({
  siteName,
  supportEmail,
  companyName,
  kvk,
  minAge,
  fictionalPlural,
}: FooterProps) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container">
        <nav aria-label={t('footer.label')}>
          <ul className="footer-links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.key)}</Link>
              </li>
            ))}
            <li>
              <a href={`mailto:${supportEmail}`}>{t('footer.support')}</a>
            </li>
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
