import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { DELETE_REASONS } from '../../shared/contracts/auth.ts';
import { LOCALE_INFO, LOCALES, type Locale } from '../../shared/i18n/locales.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { MainPhotoSection } from '../features/account/main-photo-section.tsx';
import { useApiForm } from '../features/account/use-api-form.ts';
import { useChangeLanguage } from '../features/i18n/use-change-language.ts';
import { useSession } from '../features/session/member-session.tsx';
import { useSaveLanguage } from '../features/session/session-queries.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import { useRootData } from '../root.tsx';
import type { Route } from './+types/settings';

// The member layout's middleware keeps visitors out.
export async function loader({ context }: Route.LoaderArgs) {
  return { texts: context.pageTexts('account'), title: context.t('account.title') };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

function PasswordSection() {
  const { t } = useTranslation();
  const form = useApiForm<{ ok: true }>('/api/password.php', ['old_password', 'password', 'password_repeat']);
  const [saved, setSaved] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const el = event.currentTarget;
    const data = new FormData(el);
    setSaved(false);
    if (
      await form.submit({
        old_password: data.get('old_password'),
        password: data.get('password'),
        password_repeat: data.get('password_repeat'),
      })
    ) {
      el.reset();
      setSaved(true);
    }
  };
  return (
    <section className="card card-body shadow-sm mb-4" aria-labelledby="password-h">
      <h2 id="password-h" className="h5">
        {t('account.password_title')}
      </h2>
      <form onSubmit={onSubmit} noValidate>
        {saved && (
          <div className="alert alert-success" role="status">
            {t('account.password_saved')}
          </div>
        )}
        <FormAlert message={form.error} />
        <FormField
          id="old_password"
          type="password"
          label={t('account.old_password')}
          autoComplete="current-password"
          error={form.fieldErrors.old_password}
        />
        <FormField
          id="password"
          type="password"
          label={t('account.new_password')}
          autoComplete="new-password"
          error={form.fieldErrors.password}
        />
        <FormField
          id="password_repeat"
          type="password"
          label={t('account.repeat_password')}
          autoComplete="new-password"
          error={form.fieldErrors.password_repeat}
        />
        <button type="submit" className="btn btn-primary" disabled={form.busy}>
          {t('account.save')}
        </button>
      </form>
    </section>
  );
}

function EmailSection({ current }: { current: string }) {
  const { t } = useTranslation();
  const form = useApiForm<{ ok: true }>('/api/mail-change.php', ['email', 'password']);
  const [sentTo, setSentTo] = useState<string>();
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('new_email') ?? '');
    if (await form.submit({ email, password: data.get('mail_password') })) setSentTo(email);
  };
  return (
    <section className="card card-body shadow-sm mb-4" aria-labelledby="email-h">
      <h2 id="email-h" className="h5">
        {t('account.email_title')}
      </h2>
      <p className="text-body-secondary">{t('account.email_current', { email: current })}</p>
      {sentTo ? (
        <div className="alert alert-success" role="status">
          {t('account.email_sent', { email: sentTo })}
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <FormAlert message={form.error} />
          <FormField
            id="new_email"
            type="email"
            label={t('account.new_email')}
            autoComplete="email"
            error={form.fieldErrors.email}
          />
          <FormField
            id="mail_password"
            type="password"
            label={t('account.confirm_with_password')}
            autoComplete="current-password"
            error={form.fieldErrors.password}
          />
          <button type="submit" className="btn btn-primary" disabled={form.busy}>
            {t('account.email_submit')}
          </button>
        </form>
      )}
    </section>
  );
}

function LanguageSection() {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const saveLanguage = useSaveLanguage();
  const choose = async (locale: Locale) => {
    await saveLanguage.mutateAsync(locale).catch(() => {});
    await changeLanguage(locale);
  };
  return (
    <section className="card card-body shadow-sm mb-4" aria-labelledby="language-h">
      <h2 id="language-h" className="h5">
        {t('account.language_title')}
      </h2>
      <label className="form-label" htmlFor="language">
        {t('account.language_label')}
      </label>
      <select
        id="language"
        className="form-select"
        value={i18n.language}
        onChange={(e) => void choose(e.target.value as Locale)}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {LOCALE_INFO[l].name}
          </option>
        ))}
      </select>
    </section>
  );
}

/** Confirmation, reasons, a retention offer, then the password: leaving takes three clear decisions. */
function DeleteSection({ discount, askPassword }: { discount: number; askPassword: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const form = useApiForm<{ ok: true }>('/api/account-delete.php', ['password']);
  const [step, setStep] = useState<'closed' | 'reasons' | 'offer' | 'confirm' | 'stayed'>('closed');
  const [reason, setReason] = useState<string>('');
  const [remarks, setRemarks] = useState('');
  const onConfirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = new FormData(event.currentTarget).get('delete_password') ?? '';
    if (await form.submit({ reason, remarks, password })) {
      await session.signOut('/account-deleted');
    }
  };
  return (
    <section className="card card-body shadow-sm mb-4 border-danger-subtle" aria-labelledby="delete-h">
      <h2 id="delete-h" className="h5">
        {t('account.delete_title')}
      </h2>
      {step === 'closed' && (
        <>
          <p>{t('account.delete_intro')}</p>
          <button type="button" className="btn btn-outline-danger" onClick={() => setStep('reasons')}>
            {t('account.delete_start')}
          </button>
        </>
      )}
      {step === 'stayed' && (
        <div className="alert alert-success" role="status">
          {t('account.delete_stayed', { discount })}
        </div>
      )}
      {step === 'reasons' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (reason) setStep(discount > 0 ? 'offer' : 'confirm');
          }}
        >
          <fieldset className="mb-3">
            <legend className="form-label">{t('account.delete_reason')}</legend>
            {DELETE_REASONS.map((r) => (
              <div className="form-check" key={r}>
                <input
                  className="form-check-input"
                  type="radio"
                  name="reason"
                  id={`reason-${r}`}
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                />
                <label className="form-check-label" htmlFor={`reason-${r}`}>
                  {t(`account.reasons.${r}`)}
                </label>
              </div>
            ))}
          </fieldset>
          <label className="form-label" htmlFor="remarks">
            {t('account.delete_remarks')}
          </label>
          <textarea
            id="remarks"
            className="form-control mb-3"
            rows={3}
            maxLength={2000}
            value={remarks}
            onChange={(e) => setRemarks(e.target.value)}
          />
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-danger" disabled={!reason}>
              {t('account.next')}
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={() => setStep('closed')}>
              {t('account.cancel')}
            </button>
          </div>
        </form>
      )}
      {step === 'offer' && (
        <div className="retention-offer">
          <p className="h5">{t('account.offer_title', { discount })}</p>
          <p>{t('account.offer_text', { discount })}</p>
          <div className="d-flex gap-2 flex-wrap">
            <button type="button" className="btn btn-primary" onClick={() => setStep('stayed')}>
              {t('account.offer_stay', { discount })}
            </button>
            <button type="button" className="btn btn-outline-danger" onClick={() => setStep('confirm')}>
              {t('account.offer_delete')}
            </button>
          </div>
        </div>
      )}
      {step === 'confirm' && (
        <form onSubmit={onConfirm} noValidate>
          <p>{t('account.delete_confirm_text')}</p>
          <FormAlert message={form.error} />
          {askPassword && (
            <FormField
              id="delete_password"
              type="password"
              label={t('account.delete_password')}
              autoComplete="current-password"
              error={form.fieldErrors.password}
            />
          )}
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-danger" disabled={form.busy}>
              {t('account.delete_final')}
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={() => setStep('closed')}>
              {t('account.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function Settings() {
  const { t } = useTranslation();
  const root = useRootData();
  // The session's member is the freshest copy (refreshed every minute); the company comes from the root.
  const { user } = useSession();
  if (!root || !user) return null;
  const unfinished = user.signup_missing.length > 0;
  return (
    <main id="main" className="container narrow-page">
      <h1>{t('account.title')}</h1>
      {unfinished ? (
        // An advertising entry's member: password, e-mail and photo wait for /complete-signup.
        <div className="alert alert-info">
          <p>{t('account.finish_signup')}</p>
          <Link className="btn btn-primary" to="/complete-signup">
            {t('account.finish_signup_link')}
          </Link>
        </div>
      ) : (
        <>
          <PasswordSection />
          <EmailSection current={user.email} />
          <MainPhotoSection />
        </>
      )}
      <LanguageSection />
      <DeleteSection
        discount={root.company.delete_discount}
        askPassword={!user.signup_missing.includes('password')}
      />
    </main>
  );
}

export default withPageTexts(Settings);
