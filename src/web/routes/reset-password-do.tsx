import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PasswordResetDoSchema } from '../../shared/contracts/auth.ts';
import { NewPasswordFields } from '../features/account/new-password-fields.tsx';
import { request } from '../lib/api.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import { useZodForm } from '../lib/use-zod-form.ts';
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
  // The token rides along from the mailed link; a broken one is reported above the form.
  const { formRef, onSubmit, field, formError, formErrorCode, busy } = useZodForm(PasswordResetDoSchema, {
    defaultValues: { token: params.get('token') ?? '', password: '', password_repeat: '' },
    shownFields: ['password', 'password_repeat'],
  });
  const [done, setDone] = useState(false);
  const send = onSubmit(async (values) => {
    await request('/api/password-reset-do.php', { method: 'POST', body: values });
    setDone(true);
  });
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
        <form ref={formRef} onSubmit={send} noValidate className="card card-body shadow-sm">
          {formError && (
            <div className="alert alert-danger" role="alert">
              {formError}{' '}
              {formErrorCode === 'link_invalid' && (
                <Link to="/reset-password">{t('password_reset.request_new')}</Link>
              )}
            </div>
          )}
          <NewPasswordFields
            field={field}
            labels={{
              password: t('password_reset.new_password'),
              password_repeat: t('password_reset.repeat'),
            }}
            required
          />
          <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
            {t('password_reset.save')}
          </button>
        </form>
      )}
    </main>
  );
}

export default withPageTexts(ResetPasswordDo);
