import { useState } from 'react';
import { data, Link, redirect, useNavigate, useSearchParams } from 'react-router';
import { LoginInputSchema, type User } from '../../shared/contracts/auth.ts';
import type { TranslateVars } from '../../shared/i18n/translator.ts';
import { FormField } from '../components/ui/form-field.tsx';
import { useSession } from '../features/session/member-session.tsx';
import { ApiError, request } from '../lib/api.ts';
import { formErrorText } from '../lib/api-form-errors.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { guards } from '../lib/route-middleware.ts';
import { sitePath } from '../lib/site-path.ts';
import { useZodForm } from '../lib/use-zod-form.ts';
import type { Route } from './+types/login';

export const middleware = guards('guest');

export async function loader({ context }: Route.LoaderArgs) {
  return { title: context.t('login.title') };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

/**
 * The form posted without JavaScript (with it, the page calls POST /api/user.php itself): the same
 * login, limits and lockout, then the member page; a refusal shows the page again with its text and
 * the typed address (never the password).
 */
export async function action({ request: posted, context }: Route.ActionArgs) {
  const form = await posted.formData();
  const email = String(form.get('email') ?? '');
  const parsed = LoginInputSchema.safeParse({ email, password: String(form.get('password') ?? '') });
  // Spec: never which of the two was wrong, so a field the schema refuses is a failed login too.
  const result = parsed.success
    ? await context.auth.login(parsed.data)
    : { ok: false as const, status: 400, code: 'login_failed', details: undefined };
  if (result.ok) throw redirect(sitePath(new URL(posted.url).searchParams.get('redirect'), '/members'));
  // A suspended account (the right password) is shown the ban policy, not the form again.
  if (result.code === 'account_suspended') throw redirect(BAN_PAGE);
  const vars = (result.details && typeof result.details === 'object' ? result.details : {}) as TranslateVars;
  return data(
    { email, error: { code: result.code, kind: 'error' as const, vars } },
    { status: result.status },
  );
}

/** Where a suspended member's login leads. */
const BAN_PAGE = '/pages/ban';

export default function Login({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  // Spec: a failed log-in says so above the form, never which of the two was wrong.
  const {
    form,
    formRef,
    onSubmit,
    formError: clientError,
    formErrorCode: clientErrorCode,
    // The form posts to this route without JavaScript: its button works before the script runs.
    sending: busy,
  } = useZodForm(LoginInputSchema, {
    defaultValues: { email: actionData?.email ?? '', password: '' },
    shownFields: [],
  });
  // The answer to a post without JavaScript, until the page's own checks have something to say.
  const posted = actionData?.error;
  const formError = clientError ?? (posted && formErrorText(t, posted));
  const formErrorCode = clientError ? clientErrorCode : posted?.code;
  const [reactivationSent, setReactivationSent] = useState(false);

  const send = onSubmit(async (values) => {
    const result = await request<{ user: User }>('/api/user.php', { method: 'POST', body: values }).catch(
      (error: unknown) => {
        if (error instanceof ApiError && error.code === 'account_suspended') return null;
        throw error;
      },
    );
    if (!result) {
      await navigate(BAN_PAGE);
      return;
    }
    await session.signIn(result.user, sitePath(params.get('redirect'), '/members'));
  });
  const requestReactivation = async () => {
    const email = form.getValues('email');
    await request('/api/reactivation-request.php', { method: 'POST', body: { email } }).catch(() => {});
    setReactivationSent(true);
  };

  return (
    <main id="main" className="container narrow-page auth-page">
      <h1>{t('login.title')}</h1>
      <p className="lead">{t('login.intro')}</p>
      <form ref={formRef} method="post" onSubmit={send} noValidate className="card card-body shadow-sm">
        {formError && (
          <div className="alert alert-danger" role="alert">
            {formError}
            {formErrorCode === 'account_pending_deletion' && (
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
          // Rendered by the server too: the address typed before a refused post without JavaScript.
          defaultValue={actionData?.email}
          {...form.register('email')}
        />
        <FormField
          id="password"
          type="password"
          label={t('login.password')}
          autoComplete="current-password"
          required
          {...form.register('password')}
        />
        <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
          {busy ? t('login.busy') : t('login.submit')}
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
