import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Discount, DiscountResponse } from '../../../shared/contracts/discounts.ts';
import type { CreditOffer, PaymentMethod } from '../../../shared/contracts/payments.ts';
import { discountedAmount } from '../../../shared/discount-amounts.ts';
import { ERROR_CODES, type ErrorCode } from '../../../shared/errors.ts';
import { ApiError, getJson } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useCountryName } from '../../lib/use-country-name.ts';
import { formatMoney } from '../pricing/format.ts';
import { useMember } from '../session/member-session.tsx';
import { paymentKeys } from './payments-queries.ts';

/** The address parameter carrying a typed code from /credits to the checkout (/credits/p2?code=X). */
export const CODE_PARAM = 'code';

/** GET /api/discountcode.php?code=: a typed code, checked for the member (its refusal is shown). */
export function discountCodeQuery(code: string) {
  return queryOptions({
    queryKey: [...paymentKeys.all, 'discount', code] as const,
    queryFn: async () =>
      (
        await getJson<DiscountResponse>(`/api/discountcode.php?code=${encodeURIComponent(code)}`, {
          retry: false,
        })
      ).discount,
    retry: false,
    staleTime: 30_000,
  });
}

/**
 * GET /api/discountcode.php?welcome=true: the member's active discount (the time bonus first, else
 * the welcome discount). Its failure (none, offline) is ignored: prices show without a discount.
 */
export function activeDiscountQuery() {
  return queryOptions({
    queryKey: [...paymentKeys.all, 'discount', 'active'] as const,
    queryFn: async (): Promise<Discount | null> => {
      try {
        return (await getJson<DiscountResponse>('/api/discountcode.php?welcome=true', { retry: false }))
          .discount;
      } catch {
        return null;
      }
    },
    staleTime: 30_000,
  });
}

/**
 * The member's active discount, and whether it is known yet. A member who paid has none (the time
 * bonus and the welcome discount are for a first purchase, and the server answers 404): nothing is
 * asked, so their browser logs no failed request.
 */
export function useActiveDiscount(enabled = true): { discount: Discount | null; known: boolean } {
  const paid = useMember()?.paid_user ?? false;
  const active = useQuery({ ...activeDiscountQuery(), enabled: enabled && !paid });
  return { discount: paid ? null : (active.data ?? null), known: paid || active.isFetched };
}

/** The discount the pages price with: the typed code when there is one, else the active discount. */
export function useDiscount(code: string | null) {
  const typed = useQuery({ ...discountCodeQuery(code ?? ''), enabled: Boolean(code) });
  const active = useActiveDiscount(!code);
  if (code) return { discount: typed.data ?? null, error: typed.error, pending: typed.isFetching };
  return { discount: active.discount, error: null, pending: false };
}

/** A package's price with a discount: the same rounding as the server (shared/contracts/discounts.ts). */
export type DiscountedPrice =
  | { kind: 'discounted'; amount: number; original: number; percentage: number; code: string }
  | { kind: 'below_minimum'; minimum: number; currency: string }
  | { kind: 'other_method'; methods: PaymentMethod[] }
  | null;

export function priceWithDiscount(
  offer: CreditOffer,
  discount: Discount | null,
  method?: PaymentMethod | null,
): DiscountedPrice {
  if (!discount) return null;
  if (discount.currency && discount.currency !== offer.currency) return null;
  if (discount.minimum_order_value !== null && offer.amount < discount.minimum_order_value)
    return {
      kind: 'below_minimum',
      minimum: discount.minimum_order_value,
      currency: discount.currency ?? offer.currency,
    };
  if (method && discount.paymentmethods && !discount.paymentmethods.includes(method))
    return { kind: 'other_method', methods: discount.paymentmethods };
  return {
    kind: 'discounted',
    amount: discountedAmount(offer.amount, discount.percentage),
    original: offer.amount,
    percentage: discount.percentage,
    code: discount.code,
  };
}

const isErrorCode = (code: string): code is ErrorCode => (ERROR_CODES as readonly string[]).includes(code);

/**
 * An API error in the member's words; the discount refusals name what they depend on (the minimum
 * in money, the country by its name, the methods by theirs), from the error's details.
 */
export function useApiErrorText() {
  const { t, i18n } = useTranslation();
  const countryName = useCountryName();
  return useCallback(
    (error: unknown): string => {
      if (!(error instanceof ApiError) || !isErrorCode(error.code)) return t('errors.internal_error');
      const details = (error.details ?? {}) as {
        minimum_order_value?: number;
        currency?: string;
        country?: string;
        methods?: PaymentMethod[];
      };
      switch (error.code) {
        case 'discount_code_minimum':
          return t('errors.discount_code_minimum', {
            amount: formatMoney(details.minimum_order_value ?? 0, details.currency ?? 'EUR', i18n.language),
          });
        case 'discount_code_country':
          return t('errors.discount_code_country', { country: countryName(details.country ?? '') });
        case 'discount_code_currency':
          return t('errors.discount_code_currency', { currency: details.currency ?? '' });
        case 'discount_code_method':
          return t('errors.discount_code_method', {
            methods: (details.methods ?? []).map((m) => t(`methods.${m}`)).join(', '),
          });
        default:
          return t(`errors.${error.code}`);
      }
    },
    [t, i18n.language, countryName],
  );
}
