import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  ActiveDiscountResponse,
  Discount,
  DiscountResponse,
} from '../../../shared/contracts/discounts.ts';
import type { PaymentMethod } from '../../../shared/contracts/payments.ts';
import { discountKindOfCode } from '../../../shared/discount-amounts.ts';
import { ApiError, getJson } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useCountryName } from '../../lib/use-country-name.ts';
import { formatMoney } from '../pricing/format.ts';
import { paymentKeys } from './payments-queries.ts';

/** The address parameter carrying a typed code from /credits to the checkout (/credits/p2?code=X). */
export const CODE_PARAM = 'code';

/** GET /api/discountcode.php?code=: a typed code, checked for the member (its refusal is shown). */
function discountCodeQuery(code: string) {
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
 * GET /api/discountcode.php?welcome=true: the member's best discount without a code (the time bonus
 * first, else the welcome discount; the discount for staying), null when there is none (the server
 * answers that without an error). A failure (offline) is ignored: prices show without a discount.
 */
function activeDiscountQuery() {
  return queryOptions({
    queryKey: [...paymentKeys.all, 'discount', 'active'] as const,
    queryFn: async (): Promise<ActiveDiscountResponse> => {
      try {
        return await getJson<ActiveDiscountResponse>('/api/discountcode.php?welcome=true', { retry: false });
      } catch {
        return { discount: null, first_purchase_reserved: false };
      }
    },
    staleTime: 30_000,
  });
}

/**
 * The member's active discount, whether their first-purchase discount is held by a payment they
 * started, and whether that is known yet.
 */
function useActiveDiscount(enabled = true): {
  discount: Discount | null;
  reserved: boolean;
  known: boolean;
} {
  const active = useQuery({ ...activeDiscountQuery(), enabled });
  return {
    discount: active.data?.discount ?? null,
    reserved: active.data?.first_purchase_reserved ?? false,
    known: active.isFetched,
  };
}

/**
 * The typed code (checked by the server, or its refusal) and the member's active discount: the
 * pages price each package with the better of the two (bestPrice), as the server charges.
 */
export function useDiscounts(code: string | null) {
  const typed = useQuery({ ...discountCodeQuery(code ?? ''), enabled: Boolean(code) });
  const active = useActiveDiscount();
  return {
    typed: code ? (typed.data ?? null) : null,
    error: code ? typed.error : null,
    pending: Boolean(code) && typed.isFetching,
    active: active.discount,
    /**
     * No discount applies because a payment the member started and left open holds the
     * first-purchase one: the pages say why (one rule for the packages and the checkout).
     */
    firstPurchaseHeld: active.reserved && !active.discount && !(code && typed.data),
    known: active.known && (!code || !typed.isFetching),
  };
}

/**
 * A discount's name as the member reads it: the time bonus, the welcome discount and the discount
 * for staying by their name (never their built-in code), any other by its code. The receipt names
 * a payment's discount the same way, from the code it stored.
 */
export function useDiscountName() {
  const { t } = useTranslation();
  return useCallback(
    (code: string) => {
      const kind = discountKindOfCode(code);
      return kind === 'code' ? code : t(`discount.names.${kind}`);
    },
    [t],
  );
}

/**
 * An API error in the member's words; the discount refusals name what they depend on (the minimum
 * in money, the country by its name, the methods by theirs), from the error's details.
 */
export function useApiErrorText() {
  const { t, i18n } = useTranslation();
  const countryName = useCountryName();
  return useCallback(
    (error: unknown): string => {
      if (!(error instanceof ApiError)) return t('errors.internal_error');
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
          return errorText(t, error.code, { fallback: 'errors.internal_error' });
      }
    },
    [t, i18n.language, countryName],
  );
}
