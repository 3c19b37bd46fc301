import { useId } from 'react';
import { type Discount, DiscountCodeFormSchema } from '../../../shared/contracts/discounts.ts';
import { TIME_BONUS } from '../../../shared/discount-amounts.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { useApiErrorText } from './discount.ts';
import { activeBeatsCode } from './discount-choice.ts';

type Props = {
  /** The code in the address (applied), or null. */
  code: string | null;
  /** The applied code's discount once the server has answered, or its refusal. */
  discount: Discount | null;
  error: unknown;
  pending: boolean;
  /** The member's own discount (time bonus, welcome discount, staying), typed code or not. */
  active: Discount | null;
  /**
   * No discount applies because a payment the member started and has not finished holds the
   * first-purchase one (useDiscounts' firstPurchaseHeld).
   */
  reserved?: boolean;
  /**
   * The active discount is still being asked for and one is likely (a member who never paid): its
   * line holds its place unseen, so the packages below do not move when it arrives.
   */
  expectActive?: boolean;
  onApply: (code: string | null) => void;
};

/**
 * The discount-code field of /credits: a code is checked by the server (GET /api/discountcode.php)
 * and its refusal shown in place, in the member's words ('Code not found', a minimum explained…).
 */
export function DiscountCodeForm({
  code,
  discount,
  error,
  pending,
  active,
  reserved,
  expectActive,
  onApply,
}: Props) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const inputId = useId();
  const errorId = useId();
  const { form, formRef, onSubmit, fieldError } = useZodForm(DiscountCodeFormSchema, {
    defaultValues: { code: code ?? '' },
  });
  const submit = onSubmit(({ code: next }) => onApply(next === '' ? null : next));
  // What the browser can tell (no code looks like that) first, else the server's refusal of the applied code.
  const failure = fieldError('code') ?? (code && error && !pending ? errorText(error) : null);
  // Which discount applies, and why the other does not: the best one (the server charges the same).
  const accepted = code && discount && !pending ? discount : null;
  const activeWins = activeBeatsCode(accepted, active);
  const removeButton = (
    <button
      type="button"
      className="btn btn-link btn-sm p-0 align-baseline"
      onClick={() => {
        form.reset({ code: '' });
        onApply(null);
      }}
    >
      {t('discount.remove')}
    </button>
  );
  return (
    <div className="discount-code card card-body mb-4">
      {!accepted && active && active.kind !== 'code' && (
        <p className="discount-active mb-2" data-testid="active-discount">
          {t(`discount.${active.kind}`, { percentage: active.percentage })}
        </p>
      )}
      {reserved && (
        // Told as the checkout tells it: why there is no discount now, not a discount in view.
        <p className="alert alert-info py-2 mb-3" data-testid="first-purchase-reserved">
          {t('errors.discount_first_purchase_reserved')}
        </p>
      )}
      {!code && !active && !reserved && expectActive && (
        <p className="discount-active mb-2 invisible" aria-hidden="true">
          {t('discount.time_bonus', { percentage: TIME_BONUS.percentage })}
        </p>
      )}
      <form ref={formRef} className="discount-code-form" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="form-label">
          {t('discount.title')}
        </label>
        <div className="input-group">
          <input
            id={inputId}
            className={`form-control${failure ? ' is-invalid' : ''}`}
            defaultValue={code ?? ''}
            {...form.register('code')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? errorId : undefined}
          />
          <button type="submit" className="btn btn-outline-primary" disabled={pending}>
            {pending ? t('discount.checking') : t('discount.apply')}
          </button>
        </div>
        {failure && (
          <div id={errorId} className="invalid-feedback d-block" role="alert">
            {failure}
          </div>
        )}
      </form>
      {accepted && activeWins && active.kind !== 'code' && (
        <p className="discount-applied mt-2 mb-0" role="status" data-testid="discount-applied">
          {t(`discount.better.${active.kind}`, {
            percentage: active.percentage,
            code: accepted.code,
            code_percentage: accepted.percentage,
          })}{' '}
          {removeButton}
        </p>
      )}
      {accepted && !activeWins && (
        <p className="discount-applied mt-2 mb-0" role="status" data-testid="discount-applied">
          {t('discount.applied', { code: accepted.code, percentage: accepted.percentage })} {removeButton}
        </p>
      )}
    </div>
  );
}
