import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import common from '../../../shared/i18n/locales/nl/common.json' with { type: 'json' };
import payments from '../../../shared/i18n/locales/nl/payments.json' with { type: 'json' };
import { I18nProvider } from '../../lib/i18n.tsx';
import { PackageCard } from './package-card.tsx';

afterEach(cleanup);

const starter = { id: 'p0', credits: 100, amount: 1495, currency: 'EUR', popular: false } as const;

function card(paid: number | null) {
  render(
    <I18nProvider locale="nl" messages={{ ...common, ...payments }}>
      <MemoryRouter>
        <PackageCard
          offer={starter}
          price={
            paid === null
              ? null
              : {
                  kind: 'discounted',
                  amount: paid,
                  original: starter.amount,
                  percentage: 25,
                  code: 'TIMEBONUS25',
                  discountKind: 'time_bonus',
                }
          }
          search=""
        />
      </MemoryRouter>
    </I18nProvider>,
  );
  return screen.getByText(/per credit/).textContent?.replace(/\s/g, ' ');
}

describe('a package’s price per credit', () => {
  it('shows two decimals, with or without a discount (€ 11,21 for 100 credits was € 0,112)', () => {
    expect(card(1121)).toBe('€ 0,11 per credit');
    cleanup();
    expect(card(null)).toBe('€ 0,15 per credit');
  });
});
