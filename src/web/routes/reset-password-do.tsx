import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormField } from '../components/ui/form-field.tsx';
import { useApiForm } from '../features/account/use-api-form.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import type { Route } from './+types/reset-password-do';

export async function loader({ context }: Route.LoaderArgs) {
  return { texts: context.pageTexts('account'), title: context.t('password_reset.new_title') };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

function ResetPasswordDo() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const form = useApiForm<{ ok: true }>('/api/password-reset-do.php', ['password', 'password_repeat']);
  const [done, setDone] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const result = await form.submit({
      token: params.get('token') ?? '',
      password: data.get('password'),
      password_repeat: data.get('password_repeat'),
    });
    if (result) setDone(true);
  };
  return (
    <main id="main" className="container narrow-page auth-page">
      <h1>{t('password_reset.new_title')}</h1>
      {!params.get('token') ? (
        // A link without its token (cut off by a mail program) can never work: say so at once.
        <div className="alert alert-danger" role="alert">
          {t('errors.link_invalid')} <Link to="/reset-password">{t('password_reset.request_new')}</Link>
        </div>
      ) : done ? (
        <div className="alert alert-success" role="status">
          {t('password_reset.done')} <Link to="/login">{t('login.submit')}</Link>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="card card-body shadow-sm">
          {form.error && (
            <div className="alert alert-danger" role="alert">
              {form.error}{' '}
              {form.errorCode === 'link_invalid' && (
                <Link to="/reset-password">{t('password_reset.request_new')}</Link>
              )}
            </div>
          )}
          <FormField
            id="password"
            type="password"
            label={t('password_reset.new_password')}
            autoComplete="new-password"
            required
            error={form.fieldErrors.password}
          />
          <FormField
            id="password_repeat"
            type="password"
            label={t('password_reset.repeat')}
            autoComplete="new-password"
            required
            error={form.fieldErrors.password_repeat}
          />
          <button type="submit" className="btn btn-primary btn-lg" disabled={form.busy}>
            {t('password_reset.save')}
          </button>
        </form>
      )}
    </main>
  );
}

export default withPageTexts(ResetPasswordDo);
