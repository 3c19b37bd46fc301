import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';

/**
 * "I am {min_age} years or older and accept the {terms} and the {privacy}." with its two links: the
 * link texts sit inside one sentence, so each language can order it freely. The links open a new
 * tab, which keeps a half-filled form. Shared by the wizard and the advertising entry's short form.
 */
export function TermsSentence({ minAge }: { minAge: number }) {
  const { t } = useTranslation();
  const sentence = t('signup.password.accept_terms', { min_age: minAge }).split(/(\{terms\}|\{privacy\})/);
  return sentence.map((part, i) =>
    part === '{terms}' ? (
      <Link key={part} to="/pages/terms" target="_blank" rel="noopener">
        {t('signup.password.terms_link')}
      </Link>
    ) : part === '{privacy}' ? (
      <Link key={part} to="/pages/privacy" target="_blank" rel="noopener">
        {t('signup.password.privacy_link')}
      </Link>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: fixed pieces of one sentence
      <span key={i}>{part}</span>
    ),
  );
}
