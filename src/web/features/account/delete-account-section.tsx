import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { DELETE_REASONS, DeleteAccountSchema, type DeleteReason } from '../../../shared/contracts/auth.ts';
import type {
  RetentionDiscountResponse,
  RetentionOfferResponse,
} from '../../../shared/contracts/discounts.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { FormCheck } from '../../components/ui/form-check.tsx';
import { FormField, FormTextarea } from '../../components/ui/form-field.tsx';
import { CardSection } from '../../components/ui/titled-section.tsx';
import { getJson, request } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { useApiErrorText } from '../payments/discount.ts';
import { paymentKeys } from '../payments/payments-queries.ts';
import { useSession } from '../session/member-session.tsx';

type Step = 'closed' | 'reasons' | 'offer' | 'confirm' | 'stayed';

/**
 * Confirmation, reasons, a retention offer, then the password: leaving takes three clear decisions.
 * One form holds the answers of every step; the schema checks them all on the last. The offer is
 * the server's (the company's delete_discount, once per member, never to one who found someone),
 * and staying gives the discount for real: a code of the member's own that /credits applies.
 */
export function DeleteAccountSection({ askPassword }: { askPassword: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const errorText = useApiErrorText();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('closed');
  const offer = useQuery({
    queryKey: ['retention-offer'],
    queryFn: () => getJson<RetentionOfferResponse>('/api/retention-offer.php'),
    enabled: step !== 'closed',
    staleTime: 0,
  });
  const discount = offer.data?.offer?.percentage ?? 0;
  const stay = useMutation({
    mutationFn: (reason: DeleteReason) =>
      request<RetentionDiscountResponse>('/api/retention-offer.php', { method: 'POST', body: { reason } }),
    onSuccess: async () => {
      setStep('stayed');
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['retention-offer'] });
    },
  });
  const { form, formRef, onSubmit, field, formError, busy } = useZodForm(DeleteAccountSchema, {
    defaultValues: { remarks: '', password: '' },
    // The reason was chosen steps ago: its error goes above the form.
    shownFields: ['password'],
  });
  const reason = form.watch('reason');
  const send = onSubmit(async (values) => {
    await request('/api/account-delete.php', { method: 'POST', body: values });
    await session.signOut('/account-deleted');
  });
  return (
    <CardSection titleId="delete-h" title={t('account.delete_title')} className="border-danger-subtle">
      {step === 'closed' && (
        <>
          <p>{t('account.delete_intro')}</p>
          <button type="button" className="btn btn-outline-danger" onClick={() => setStep('reasons')}>
            {t('account.delete_start')}
          </button>
        </>
      )}
      {step === 'stayed' && stay.data && (
        <div className="alert alert-success" role="status" data-testid="retention-stayed">
          {t('account.delete_stayed', { discount: stay.data.discount.percentage })}{' '}
          <Link to="/credits">{t('account.delete_stayed_link')}</Link>
        </div>
      )}
      {step === 'reasons' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            // Someone who found a partner is not kept with a discount.
            if (reason) setStep(discount > 0 && reason !== 'found_someone' ? 'offer' : 'confirm');
          }}
        >
          <fieldset className="mb-3">
            <legend className="form-label">{t('account.delete_reason')}</legend>
            {DELETE_REASONS.map((r) => (
              <FormCheck
                key={r}
                type="radio"
                id={`reason-${r}`}
                label={t(`account.reasons.${r}`)}
                value={r}
                {...form.register('reason')}
              />
            ))}
          </fieldset>
          <FormTextarea
            id="remarks"
            label={t('account.delete_remarks')}
            rows={3}
            maxLength={2000}
            {...form.register('remarks')}
          />
          <StepButtons
            submitLabel={t('account.next')}
            disabled={!reason || offer.isFetching}
            onCancel={() => setStep('closed')}
          />
        </form>
      )}
      {step === 'offer' && (
        <div className="retention-offer">
          <p className="h5">{t('account.offer_title', { discount })}</p>
          <p>{t('account.offer_text', { discount })}</p>
          {stay.error && <FormAlert message={errorText(stay.error)} />}
          <div className="d-flex gap-2 flex-wrap">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => reason && stay.mutate(reason)}
              disabled={stay.isPending}
              data-testid="retention-stay"
            >
              {t('account.offer_stay', { discount })}
            </button>
            <button type="button" className="btn btn-outline-danger" onClick={() => setStep('confirm')}>
              {t('account.offer_delete')}
            </button>
          </div>
        </div>
      )}
      {step === 'confirm' && (
        <form ref={formRef} onSubmit={send} noValidate>
          <p>{t('account.delete_confirm_text')}</p>
          <FormAlert message={formError} />
          {askPassword && (
            <FormField
              id="delete_password"
              type="password"
              label={t('account.delete_password')}
              autoComplete="current-password"
              {...field('password')}
            />
          )}
          <StepButtons
            submitLabel={t('account.delete_final')}
            disabled={busy}
            onCancel={() => setStep('closed')}
          />
        </form>
      )}
    </CardSection>
  );
}

/** A step's way on (the form's danger submit) and its way out, which closes the whole flow. */
function StepButtons({
  submitLabel,
  disabled,
  onCancel,
}: {
  submitLabel: string;
  disabled: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="d-flex gap-2">
      <button type="submit" className="btn btn-danger" disabled={disabled}>
        {submitLabel}
      </button>
      <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
        {t('account.cancel')}
      </button>
    </div>
  );
}
