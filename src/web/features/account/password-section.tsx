import { useState } from 'react';
import { PasswordChangeSchema } from '../../../shared/contracts/auth.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { CardSection } from '../../components/ui/titled-section.tsx';
import { request } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

/** The settings screen's password change: the old password, then the new one twice. */
export function PasswordSection() {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const { form, formRef, onSubmit, field, formError, busy } = useZodForm(PasswordChangeSchema, {
    defaultValues: { old_password: '', password: '', password_repeat: '' },
  });
  const send = onSubmit(async (values) => {
    setSaved(false);
    await request('/api/password.php', { method: 'POST', body: values });
    form.reset();
    setSaved(true);
  });
  return (
    <CardSection titleId="password-h" title={t('account.password_title')}>
      <form ref={formRef} onSubmit={send} noValidate>
        {saved && (
          <div className="alert alert-success" role="status">
            {t('account.password_saved')}
          </div>
        )}
        <FormAlert message={formError} />
        <FormField
          id="old_password"
          type="password"
          label={t('account.old_password')}
          autoComplete="current-password"
          {...field('old_password')}
        />
        <NewPasswordFields
          field={field}
          labels={{ password: t('account.new_password'), password_repeat: t('account.repeat_password') }}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('account.save')}
        </button>
      </form>
    </CardSection>
  );
}
