import { useState } from 'react';
import { MailChangeSchema } from '../../../shared/contracts/auth.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { CardSection } from '../../components/ui/titled-section.tsx';
import { request } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useZodForm } from '../../lib/use-zod-form.ts';

/** The settings screen's e-mail change: the new address gets a link that confirms it. */
export function MailChangeSection({ current }: { current: string }) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string>();
  const { formRef, onSubmit, field, formError, busy } = useZodForm(MailChangeSchema, {
    defaultValues: { email: '', password: '' },
  });
  const send = onSubmit(async (values) => {
    await request('/api/mail-change.php', { method: 'POST', body: values });
    setSentTo(values.email);
  });
  return (
    <CardSection titleId="email-h" title={t('account.email_title')}>
      <p className="text-body-secondary">{t('account.email_current', { email: current })}</p>
      {sentTo ? (
        <div className="alert alert-success" role="status">
          {t('account.email_sent', { email: sentTo })}
        </div>
      ) : (
        <form ref={formRef} onSubmit={send} noValidate>
          <FormAlert message={formError} />
          <FormField
            id="new_email"
            type="email"
            label={t('account.new_email')}
            autoComplete="email"
            {...field('email')}
          />
          <FormField
            id="mail_password"
            type="password"
            label={t('account.confirm_with_password')}
            autoComplete="current-password"
            {...field('password')}
          />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('account.email_submit')}
          </button>
        </form>
      )}
    </CardSection>
  );
}
