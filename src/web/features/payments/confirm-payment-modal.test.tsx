import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import common from '../../../shared/i18n/locales/nl/common.json' with { type: 'json' };
import payments from '../../../shared/i18n/locales/nl/payments.json' with { type: 'json' };
import { I18nProvider } from '../../lib/i18n.tsx';
import { ConfirmPaymentModal } from './confirm-payment-modal.tsx';
import type { DiscountedPrice } from './discount-choice.ts';

afterEach(cleanup);

const starter = { id: 'p0', credits: 100, amount: 1495, currency: 'EUR', popular: false } as const;
const discounted: DiscountedPrice = {
  kind: 'discounted',
  amount: 1121,
  original: 1495,
  percentage: 25,
  code: 'WELCOME25',
  discountKind: 'welcome',
};

function modal(price: DiscountedPrice, reserved: boolean) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider locale="nl" messages={{ ...common, ...payments }}>
        <MemoryRouter>
          <ConfirmPaymentModal
            offer={starter}
            price={price}
            method="ideal"
            reserved={reserved}
            onClose={() => {}}
          />
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the confirm modal of a member whose first-purchase discount a started payment holds', () => {
  it('says why the price is the full one', () => {
    modal(null, true);
    expect(screen.getByTestId('first-purchase-reserved').textContent).toBe(
      common.errors.discount_first_purchase_reserved,
    );
  });

  it('says nothing of it when a discount applies, or none is held', () => {
    modal(discounted, true);
    expect(screen.queryByTestId('first-purchase-reserved')).toBeNull();
    cleanup();
    modal(null, false);
    expect(screen.queryByTestId('first-purchase-reserved')).toBeNull();
  });
});
