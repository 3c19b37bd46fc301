import { Form, redirect } from 'react-router';
import {
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_DAYS,
  LOCALE_INFO,
  LOCALES,
} from '../../shared/i18n/locales.ts';
import { useChangeLanguage } from '../features/i18n/use-change-language.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/lang-config';

export async function loader({ context }: Route.LoaderArgs) {
  return { title: context.t('language.title') };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

/** Without JavaScript the choice is a form post: the cookie is set and the page shown again. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = form.get('locale');
  if (!isLocale(locale)) return { error: true };
  throw redirect('/lang-config', {
    headers: {
      'set-cookie': `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_DAYS * 86_400}; SameSite=Lax`,
    },
  });
}

export default function LangConfig() {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  return (
    <main id="main" className="container narrow-page">
      <h1>{t('language.title')}</h1>
      <p className="lead">{t('language.intro')}</p>
      <Form method="post" className="language-list" reloadDocument>
        {LOCALES.map((locale) => (
          <button
            key={locale}
            type="submit"
            name="locale"
            value={locale}
            lang={locale}
            aria-pressed={i18n.language === locale}
            className={`btn btn-lg language-option${i18n.language === locale ? ' btn-primary' : ' btn-outline-secondary'}`}
            onClick={(event) => {
              event.preventDefault();
              void changeLanguage(locale);
            }}
          >
            <span className="language-code">{locale.toUpperCase()}</span> {LOCALE_INFO[locale].name}
          </button>
        ))}
      </Form>
    </main>
  );
}
