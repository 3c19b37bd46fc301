import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  DirectDebitFormSchema,
  formatIbanGroups,
  SignMandateInputSchema,
  type SmsChallenge,
} from '../../../shared/contracts/direct-debit.ts';
import type { CreditOffer } from '../../../shared/contracts/payments.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { formatMoney } from '../pricing/format.ts';
import { PackageSummary, useChosenOffer } from './checkout-page.tsx';
import { useDiscounts } from './discount.ts';
import { bestPrice } from './discount-choice.ts';
import { useDirectDebit } from './payments-queries.ts';

const FORM_FIELDS = ['account_holder', 'iban', 'street', 'house_number', 'zip', 'city', 'phone'] as const;

/**
 * /directdebit?package=p2: the mandate form (holder, IBAN formatted as typed, address, phone), then
 * the SMS code that signs it (6 digits, 10 minutes, 5 tries, a new code after 30 s). Signed, the
 * package is charged on the mandate and the member goes to the return page (pending, completed).
 */
export function DirectDebitPage({ packageId, code }: { packageId: string | null; code: string | null }) {
  const { t } = useTranslation();
  const chosenOffer = useChosenOffer(packageId, t('direct_debit.no_package'));
  // The discount the checkout showed (a typed code, else the active one), sent along to be checked.
  const discounts = useDiscounts(code);
  const [challenge, setChallenge] = useState<SmsChallenge | null>(null);
  if ('fallback' in chosenOffer) return chosenOffer.fallback;
  const { offer, offers } = chosenOffer;
  const price = bestPrice(offer, discounts, 'sdd');
  const charged = { ...offer, amount: price?.kind === 'discounted' ? price.amount : offer.amount };
  const discountCode = price?.kind === 'discounted' ? price.code : undefined;
  if (!offers.methods.includes('sdd'))
    return (
      <div className="alert alert-warning" role="alert">
        {t('errors.payment_method_unavailable')}{' '}
        <Link to={`/credits/${offer.id}`}>{t('checkout.retry')}</Link>
      </div>
    );
  return (
    <>
      <PackageSummary offer={offer} price={price} />
      <p>{t('direct_debit.intro')}</p>
      {challenge ? (
        <CodeStep
          challenge={challenge}
          onNewChallenge={setChallenge}
          onChange={() => setChallenge(null)}
          offer={charged}
        />
      ) : (
        <MandateStep offer={offer} discountCode={discountCode} onSent={setChallenge} />
      )}
    </>
  );
}

function MandateStep({
  offer,
  discountCode,
  onSent,
}: {
  offer: CreditOffer;
  discountCode: string | undefined;
  onSent: (c: SmsChallenge) => void;
}) {
  const { t } = useTranslation();
  const { start } = useDirectDebit();
  const { form, formRef, onSubmit, fieldError, formError, busy } = useZodForm(DirectDebitFormSchema, {
    defaultValues: {
      package: offer.id,
      account_holder: '',
      iban: '',
      street: '',
      house_number: '',
      zip: '',
      city: '',
      phone: '',
    },
    shownFields: FORM_FIELDS,
  });
  const field = (name: (typeof FORM_FIELDS)[number]) => ({
    id: `dd-${name}`,
    label: t(`direct_debit.${name}`),
    error: fieldError(name),
    ...form.register(name),
  });
  const iban = field('iban');
  return (
    <form
      ref={formRef}
      noValidate
      className="card card-body shadow-sm direct-debit-form"
      onSubmit={onSubmit(async (values) =>
        onSent(
          await start.mutateAsync({ ...values, ...(discountCode ? { discount_code: discountCode } : {}) }),
        ),
      )}
    >
      <FormAlert message={formError} />
      <FormField {...field('account_holder')} autoComplete="name" />
      <FormField
        {...iban}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        inputMode="text"
        placeholder="NL91 ABNA 0417 1643 00"
        onChange={(event) => {
          // Groups of four as typed: the IBAN as printed on a bank card.
          event.target.value = formatIbanGroups(event.target.value);
          void iban.onChange(event);
        }}
      />
      <div className="row g-2">
        <div className="col-8">
          <FormField {...field('street')} autoComplete="address-line1" />
        </div>
        <div className="col-4">
          <FormField {...field('house_number')} />
        </div>
      </div>
      <div className="row g-2">
        <div className="col-5">
          <FormField {...field('zip')} autoComplete="postal-code" />
        </div>
        <div className="col-7">
          <FormField {...field('city')} autoComplete="address-level2" />
        </div>
      </div>
      <FormField
        {...field('phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        help={t('direct_debit.phone_help')}
      />
      <button type="submit" className="btn btn-primary btn-lg" disabled={busy} data-testid="dd-submit">
        {busy ? t('direct_debit.sending') : t('direct_debit.submit')}
      </button>
    </form>
  );
}

const secondsUntil = (at: string) => Math.max(0, Math.ceil((Date.parse(at) - Date.now()) / 1000));

/** Seconds until `at`, ticking every second (0 once it has passed). */
function useSecondsUntil(at: string): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(at));
  useEffect(() => {
    setSeconds(secondsUntil(at));
    const timer = setInterval(() => setSeconds(secondsUntil(at)), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return seconds;
}

function CodeStep({
  challenge,
  offer,
  onNewChallenge,
  onChange,
}: {
  challenge: SmsChallenge;
  offer: CreditOffer;
  onNewChallenge: (c: SmsChallenge) => void;
  onChange: () => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const root = useRootData();
  const { sign, resend } = useDirectDebit();
  const [resent, setResent] = useState(false);
  const wait = useSecondsUntil(challenge.resend_at);
  const { form, formRef, onSubmit, fieldError, formError, showApiError, busy } = useZodForm(
    SignMandateInputSchema,
    { defaultValues: { mandate_id: challenge.mandate_id, otp: '' }, shownFields: ['otp'] },
  );
  const failure = sign.error ?? resend.error;
  const triesLeft =
    failure instanceof ApiError && failure.code === 'sms_code_invalid'
      ? (failure.details as { tries_left?: number } | undefined)?.tries_left
      : undefined;
  const askAgain = () => {
    setResent(false);
    resend.mutate(challenge.mandate_id, {
      onSuccess: (next) => {
        setResent(true);
        form.reset({ mandate_id: next.mandate_id, otp: '' });
        onNewChallenge(next);
      },
      onError: showApiError,
    });
  };
  return (
    <form
      ref={formRef}
      noValidate
      className="card card-body shadow-sm direct-debit-form"
      onSubmit={onSubmit(async (values) => {
        const signed = await sign.mutateAsync(values);
        await navigate(signed.next_url);
      })}
    >
      <h2 className="h5">{t('direct_debit.code_title')}</h2>
      <p role="status" data-testid="dd-code-sent">
        {resent ? t('direct_debit.resent') : t('direct_debit.code_sent', { phone: challenge.phone_hint })}
      </p>
      <FormAlert message={formError}>
        {triesLeft !== undefined && (
          <div className="small mt-1">{t('direct_debit.tries_left', { count: triesLeft })}</div>
        )}
      </FormAlert>
      <FormField
        id="dd-otp"
        label={t('direct_debit.otp')}
        error={fieldError('otp')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="otp-field"
        {...form.register('otp')}
      />
      <p className="small text-body-secondary mandate-text">
        {t('direct_debit.mandate_text', {
          site: root?.settings.name ?? '',
          amount: formatMoney(offer.amount, offer.currency, i18n.language),
        })}
      </p>
      <button type="submit" className="btn btn-primary btn-lg" disabled={busy} data-testid="dd-sign">
        {busy ? t('direct_debit.signing') : t('direct_debit.sign')}
      </button>
      <div className="code-actions">
        <button
          type="button"
          className="btn btn-link"
          onClick={askAgain}
          disabled={wait > 0 || resend.isPending}
          data-testid="dd-resend"
        >
          {t('direct_debit.resend')}
        </button>
        {wait > 0 && (
          <span className="small text-body-secondary" aria-live="off">
            {t('direct_debit.resend_in', { seconds: wait })}
          </span>
        )}
        <button type="button" className="btn btn-link" onClick={onChange}>
          {t('direct_debit.change')}
        </button>
      </div>
    </form>
  );
}
