import { LOCALE_INFO, LOCALES, type Locale } from '../../../shared/i18n/locales.ts';
import { Dropdown } from '../../components/ui/dropdown.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { useChangeLanguage } from './use-change-language.ts';

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const current = i18n.language as Locale;
  return (
    <Dropdown
      hiddenLabel={t('language.choose')}
      buttonClassName="btn btn-sm btn-outline-secondary language-toggle"
      label={<span>{current.toUpperCase()}</span>}
    >
      {(close) =>
        LOCALES.map((locale) => (
          <li key={locale}>
            <button
              type="button"
              lang={locale}
              className={`dropdown-item${locale === current ? ' active' : ''}`}
              aria-current={locale === current ? 'true' : undefined}
              onClick={() => {
                close();
                void changeLanguage(locale);
              }}
            >
              {LOCALE_INFO[locale].name}
            </button>
          </li>
        ))
      }
    </Dropdown>
  );
}
