import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { useApiForm } from '../features/account/use-api-form.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import type { Route } from './+types/reset-password';

export async function loader({ context }: Route.LoaderArgs) {
  return { texts: context.pageTexts('account'), title: context.t('password_reset.title') };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

function ResetPassword() {
  const { t } = useTranslation();
  const form = useApiForm<{ ok: true }>('/api/password-reset.php', ['email']);
  const [sentTo, setSentTo] = useState<string>();
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    if (await form.submit({ email })) setSentTo(email);
  };
  return (
    <main id="main" className="container narrow-page auth-page">
      <h1>{t('password_reset.title')}</h1>
      {sentTo ? (
        <div className="alert alert-success" role="status">
          {t('password_reset.sent', { email: sentTo })}
        </div>
      ) : (
        <>
          <p className="lead">{t('password_reset.intro')}</p>
          <form onSubmit={onSubmit} noValidate className="card card-body shadow-sm">
            <FormAlert message={form.error} />
            <FormField
              id="email"
              type="email"
              label={t('password_reset.email')}
              autoComplete="email"
              required
              error={form.fieldErrors.email}
            />
            <button type="submit" className="btn btn-primary btn-lg" disabled={form.busy}>
              {t('password_reset.submit')}
            </button>
          </form>
        </>
      )}
      <p className="mt-3">
        <Link to="/login">{t('password_reset.back_to_login')}</Link>
      </p>
    </main>
  );
}

export default withPageTexts(ResetPassword);
