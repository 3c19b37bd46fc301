import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { User } from '../../shared/contracts/auth.ts';
import { FormField } from '../components/ui/form-field.tsx';
import { useApiForm } from '../features/account/use-api-form.ts';
import { useSession } from '../features/session/member-session.tsx';
import { request } from '../lib/api.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { guards } from '../lib/route-middleware.ts';
import type { Route } from './+types/login';

export const middleware = guards('guest');

export async function loader({ context }: Route.LoaderArgs) {
  return { title: context.t('login.title') };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

/** Only paths on this site: an open redirect would let a phishing link bounce through our login. */
function safeRedirect(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : '/members';
}

export default function Login() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const session = useSession();
  const form = useApiForm<{ user: User }>('/api/user.php');
  const [email, setEmail] = useState('');
  const [reactivationSent, setReactivationSent] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const result = await form.submit({ email: data.get('email'), password: data.get('password') });
    if (result) {
      await session.signIn(result.user, safeRedirect(params.get('redirect')));
    }
  };
  const requestReactivation = async () => {
    await request('/api/reactivation-request.php', { method: 'POST', body: { email } }).catch(() => {});
    setReactivationSent(true);
  };

  return (
    <main id="main" className="container narrow-page auth-page">
      <h1>{t('login.title')}</h1>
      <p className="lead">{t('login.intro')}</p>
      <form method="post" onSubmit={onSubmit} noValidate className="card card-body shadow-sm">
        {form.error && (
          <div className="alert alert-danger" role="alert">
            {form.error}
            {form.errorCode === 'account_pending_deletion' && (
              <div className="mt-3">
                {reactivationSent ? (
                  <span role="status">{t('login.reactivation_sent')}</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary"
                    onClick={() => void requestReactivation()}
                  >
                    {t('login.reactivation_button')}
                  </button>
                )}
              </div>
            )}
          </div>
        )}
        <FormField
          id="email"
          type="text"
          label={t('login.email')}
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <FormField
          id="password"
          type="password"
          label={t('login.password')}
          autoComplete="current-password"
          required
        />
        <button type="submit" className="btn btn-primary btn-lg" disabled={form.busy}>
          {form.busy ? t('login.busy') : t('login.submit')}
        </button>
        <p className="mt-3 mb-0 login-links">
          <Link to="/reset-password">{t('login.forgot')}</Link>
          <Link to="/signup" data-signup="">
            {t('login.signup')}
          </Link>
        </p>
      </form>
    </main>
  );
}
