import { useState } from 'react';
import { data, Form, redirect, redirectDocument, useNavigation } from 'react-router';
import { StaffLoginInputSchema, StaffTotpInputSchema } from '../../shared/contracts/staff.ts';
import type { TranslateVars } from '../../shared/i18n/translator.ts';
import { FormField } from '../components/ui/form-field.tsx';
import { adminPageMeta } from '../features/admin/admin-route.ts';
import { errorText } from '../lib/error-text.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { sitePath } from '../lib/site-path.ts';
import type { Route } from './+types/admin-login';

/** Back-office paths of this site only (sitePath): the back office's login leads nowhere else. */
function safeNext(value: string | null): string {
  const path = sitePath(value, '/admin');
  return /^\/admin(\/|$|\?)/.test(path) ? path : '/admin';
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const next = safeNext(new URL(request.url).searchParams.get('next'));
  const state = await context.staff.loginState();
  // No session (or a stale one): the password first.
  return { next, state: state.ok ? state.data : ({ step: 'password' } as const) };
}

export function meta({ matches }: Route.MetaArgs) {
  return adminPageMeta(matches, 'admin.login.title');
}

type Refusal = { error: { code: string; vars: TranslateVars }; email?: string };
const refused = (result: { status: number; code: string; details?: unknown }, email?: string) =>
  data<Refusal>(
    {
      email,
      error: {
        code: result.code,
        vars: (result.details && typeof result.details === 'object' ? result.details : {}) as TranslateVars,
      },
    },
    { status: result.status },
  );

/**
 * Both steps as form posts, with or without JavaScript (React Router's Form posts here either
 * way): the same logins, limits and lockout as /api/admin/login.php and totp.php. The last step
 * loads the back office as a new document, so its layout reads the new session.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const next = safeNext(url.searchParams.get('next'));
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'restart') {
    await context.staff.logout();
    throw redirect(`${url.pathname}${url.search}`);
  }
  if (intent === 'password') {
    const parsed = StaffLoginInputSchema.safeParse({
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
    });
    // As the member login: never which of the two was wrong.
    if (!parsed.success)
      return refused({ status: 400, code: 'login_failed' }, String(form.get('email') ?? ''));
    const result = await context.staff.login(parsed.data);
    if (!result.ok) return refused(result, parsed.data.email);
    throw redirect(`${url.pathname}${url.search}`);
  }
  const parsed = StaffTotpInputSchema.safeParse({ code: String(form.get('code') ?? '') });
  if (!parsed.success) return refused({ status: 400, code: 'totp_invalid' });
  const result = await context.staff.totp(parsed.data);
  if (!result.ok) return refused(result);
  if (result.data.step === 'done' && result.data.recoveryCodes)
    return { recoveryCodes: result.data.recoveryCodes, next };
  throw redirectDocument(next);
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const { state, next } = loaderData;
  const error =
    actionData && 'error' in actionData && actionData.error
      ? errorText(t, actionData.error.code, { vars: actionData.error.vars })
      : null;
  const alert = error && (
    <div className="alert alert-danger" role="alert">
      {error}
    </div>
  );

  if (actionData && 'recoveryCodes' in actionData && actionData.recoveryCodes)
    return <RecoveryCodes codes={actionData.recoveryCodes} next={actionData.next} />;

  if (state.step === 'done')
    return (
      <div className="admin-narrow">
        <h1>{t('admin.login.title')}</h1>
        <a href={next} className="btn btn-primary">
          {t('admin.back_home')}
        </a>
      </div>
    );

  if (state.step === 'password')
    return (
      <div className="admin-narrow">
        <h1>{t('admin.login.title')}</h1>
        {/* Keys: React must not reuse the password's input for the code (its value would stay). */}
        <Form key="password" method="post" className="admin-panel" noValidate>
          {alert}
          <input type="hidden" name="intent" value="password" />
          <FormField
            id="email"
            type="email"
            label={t('admin.login.email')}
            autoComplete="username"
            required
            defaultValue={actionData && 'email' in actionData ? actionData.email : undefined}
          />
          <FormField
            id="password"
            type="password"
            label={t('admin.login.password')}
            autoComplete="current-password"
            required
          />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('admin.login.busy') : t('admin.login.submit')}
          </button>
        </Form>
      </div>
    );

  const setup = state.step === 'totp_setup' ? state : null;
  return (
    <div className="admin-narrow">
      <h1>{setup ? t('admin.login.setup_title') : t('admin.login.code_title')}</h1>
      <Form key="code" method="post" className="admin-panel" noValidate>
        {alert}
        {setup ? (
          <>
            <p>{t('admin.login.setup_intro')}</p>
            <img
              className="admin-qr d-block mb-3"
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
              alt={t('admin.login.qr_alt')}
            />
            <SecretKey secret={setup.secret} />
          </>
        ) : (
          <p>{t('admin.login.code_intro')}</p>
        )}
        <input type="hidden" name="intent" value="code" />
        <FormField
          id="code"
          type="text"
          label={t('admin.login.code')}
          autoComplete="one-time-code"
          inputMode={setup ? 'numeric' : 'text'}
          required
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy
            ? t('admin.login.busy')
            : setup
              ? t('admin.login.setup_submit')
              : t('admin.login.code_submit')}
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="restart" />
        <button type="submit" className="btn btn-link px-0">
          {t('admin.login.restart')}
        </button>
      </Form>
    </div>
  );
}

function SecretKey({ secret }: { secret: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className="mb-3">
      <p className="mb-1">{t('admin.login.secret_label')}</p>
      <code className="admin-secret d-block mb-2" data-testid="totp-secret">
        {secret}
      </code>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        onClick={() => void navigator.clipboard?.writeText(secret).then(() => setCopied(true))}
      >
        {copied ? t('admin.login.copied') : t('admin.login.copy')}
      </button>
    </div>
  );
}

/** Shown once, right after the set-up: the back office opens only after the person says they stored them. */
function RecoveryCodes({ codes, next }: { codes: string[]; next: string }) {
  const { t } = useTranslation();
  return (
    <div className="admin-narrow">
      <h1>{t('admin.login.recovery_title')}</h1>
      <div className="admin-panel">
        <p>{t('admin.login.recovery_intro')}</p>
        <ol className="admin-recovery-codes" data-testid="recovery-codes">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        {/* A new document: the layout then reads the completed session. */}
        <a href={next} className="btn btn-primary">
          {t('admin.login.recovery_stored')}
        </a>
      </div>
    </div>
  );
}
