import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  type SpendingLimitAnswer,
  SpendingLimitFormSchema,
  type SpendingLimitInput,
} from '../../../shared/contracts/credits.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { CardSection } from '../../components/ui/titled-section.tsx';
import { getJson, request } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useZodForm } from '../../lib/use-zod-form.ts';

const LIMIT_KEY = ['credits', 'spending-limit'] as const;

/** The form's value for a saved limit (none: empty). */
const shown = (value: number | null) => ({ daily_limit: value === null ? '' : String(value) });

/**
 * The settings screen's daily spending limit: the member's own cap on credits spent per day (in
 * their local day), applied at once; empty for none (docs/decisions/0027).
 */
export function SpendingLimitSection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const current = useQuery({
    queryKey: LIMIT_KEY,
    queryFn: () => getJson<SpendingLimitAnswer>('/api/spending-limit.php'),
    staleTime: 0,
  });
  const save = useMutation({
    mutationFn: (body: SpendingLimitInput) =>
      request<SpendingLimitAnswer>('/api/spending-limit.php', { method: 'PUT', body }),
    onSuccess: (answer) => client.setQueryData(LIMIT_KEY, answer),
  });
  const [saved, setSaved] = useState(false);
  const { form, formRef, onSubmit, fieldError, formError, busy } = useZodForm(SpendingLimitFormSchema, {
    defaultValues: { daily_limit: '' },
  });
  const limit = current.data?.daily_limit;
  // The saved limit fills the field when it arrives, unless the member already typed.
  useEffect(() => {
    if (limit !== undefined && !form.formState.isDirty) form.reset(shown(limit));
  }, [limit, form]);
  const submit = onSubmit(async ({ daily_limit }) => {
    setSaved(false);
    const answer = await save.mutateAsync({
      daily_limit: daily_limit === '' ? null : Number(daily_limit),
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    form.reset(shown(answer.daily_limit));
    setSaved(true);
  });
  return (
    <CardSection id="spending-limit" titleId="spending-h" title={t('spending.title')}>
      <p className="text-body-secondary">{t('spending.explain')}</p>
      {current.isError && (
        <div className="alert alert-danger" role="alert">
          {t('errors.general')}
        </div>
      )}
      {/* The form waits for the saved limit: a field typed into before it came would be overwritten. */}
      {current.data && (
        <p className="spending-today" role="status">
          {current.data.daily_limit === null
            ? t('spending.today_no_limit', { spent: current.data.spent_today })
            : t('spending.today', { spent: current.data.spent_today, limit: current.data.daily_limit })}
        </p>
      )}
      <form ref={formRef} onSubmit={submit} noValidate hidden={!current.data}>
        <FormAlert message={formError} />
        <FormField
          id="daily_limit"
          inputMode="numeric"
          label={t('spending.label')}
          help={t('spending.hint')}
          error={fieldError('daily_limit')}
          {...form.register('daily_limit', { onChange: () => setSaved(false) })}
        />
        <button type="submit" className="btn btn-primary" disabled={busy || !current.data}>
          {t('spending.save')}
        </button>
        {saved && (
          <span className="spending-saved" role="status">
            {t('spending.saved')}
          </span>
        )}
      </form>
    </CardSection>
  );
}
