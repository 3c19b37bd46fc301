import { useState } from 'react';
import { Link } from 'react-router';
import { EmailOnlySchema } from '../../shared/contracts/auth.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { request } from '../lib/api.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import { useZodForm } from '../lib/use-zod-form.ts';
import type { Route } from './+types/reset-password';

export async function loader({ context }: Route.LoaderArgs) {
  return { texts: context.pageTexts('account'), title: context.t('password_reset.title') };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

function ResetPassword() {
  const { t } = useTranslation();
  const { formRef, onSubmit, field, formError, busy } = useZodForm(EmailOnlySchema, {
    defaultValues: { email: '' },
  });
  const [sentTo, setSentTo] = useState<string>();
  const send = onSubmit(async (values) => {
    await request('/api/password-reset.php', { method: 'POST', body: values });
    setSentTo(values.email);
  });
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
          <form ref={formRef} onSubmit={send} noValidate className="card card-body shadow-sm">
            <FormAlert message={formError} />
            <FormField
              id="email"
              type="email"
              label={t('password_reset.email')}
              autoComplete="email"
              required
              {...field('email')}
            />
            <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
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
