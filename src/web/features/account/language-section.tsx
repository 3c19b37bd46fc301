import { LOCALE_INFO, LOCALES, type Locale } from '../../../shared/i18n/locales.ts';
import { FormSelect } from '../../components/ui/form-field.tsx';
import { CardSection } from '../../components/ui/titled-section.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { useChangeLanguage } from '../i18n/use-change-language.ts';
import { useSaveLanguage } from '../session/session-queries.ts';

/**
 * The settings screen's language: applied at once, no submit, so there is nothing for a form
 * library to hold; a failed save still switches this tab (the menu does the same).
 */
export function LanguageSection() {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const saveLanguage = useSaveLanguage();
  const choose = async (locale: Locale) => {
    await saveLanguage.mutateAsync(locale).catch(() => {});
    await changeLanguage(locale);
  };
  return (
    <CardSection titleId="language-h" title={t('account.language_title')}>
      <FormSelect
        id="language"
        label={t('account.language_label')}
        className="mb-0"
        value={i18n.language}
        onChange={(e) => void choose(e.target.value as Locale)}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {LOCALE_INFO[l].name}
          </option>
        ))}
      </FormSelect>
    </CardSection>
  );
}
