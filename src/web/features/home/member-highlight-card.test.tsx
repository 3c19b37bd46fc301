import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { MemberCard } from '../../../shared/contracts/members.ts';
import en from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import common from '../../../shared/i18n/locales/nl/common.json' with { type: 'json' };
import pl from '../../../shared/i18n/locales/pl/common.json' with { type: 'json' };
import type { Locale } from '../../../shared/i18n/locales.ts';
import { I18nProvider } from '../../lib/i18n.tsx';
import { MemberHighlightCard } from './member-highlight-card.tsx';

const sligo = {
  id: 3,
  name: 'Aoife',
  age: 31,
  gender: 'female' as const,
  country: 'IE',
  region: null,
  city: 'Sligo',
  fictional: false,
  main_image: null,
};

const MESSAGES = { nl: common, en, pl } as const;

function renderCard(member: MemberCard, locale: keyof typeof MESSAGES = 'nl') {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <I18nProvider locale={locale as Locale} messages={MESSAGES[locale]}>
          <MemberHighlightCard member={member} cdnPrefix="" fictionalIcon="" fictionalWarning="" />
        </I18nProvider>
      ),
    },
  ]);
  return render(<RouterProvider router={router} />);
}

describe('MemberHighlightCard', () => {
  afterEach(cleanup);

  it('says how far the member lives in the page’s language and number format, and nothing without a distance', () => {
    renderCard({ ...sligo, distance_km: 12 });
    expect(screen.getByText('Op 12 km afstand')).toBeTruthy();
    cleanup();
    renderCard({ ...sligo, distance_km: 0 });
    expect(screen.getByText('Op minder dan 5 km afstand')).toBeTruthy();
    cleanup();
    renderCard({ ...sligo, distance_km: 1240 }, 'en');
    expect(screen.getByText('1,240 km away')).toBeTruthy();
    cleanup();
    renderCard({ ...sligo, distance_km: 12_400 }, 'pl');
    // Polish groups thousands (from five digits on) with a no-break space.
    expect(screen.getByText(/^12\s400 km stąd$/u)).toBeTruthy();
    cleanup();
    const { container } = renderCard(sligo);
    expect(container.querySelector('.member-card-distance')).toBeNull();
    expect(container.textContent).not.toMatch(/km/);
  });

  it('writes the place as every card does: the city and the country’s name, never its code', () => {
    // The home page passes no country names of its own (it wrote "Sligo, IE" where search wrote
    // "Amsterdam, Nederland").
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <I18nProvider locale="nl" messages={common}>
            <MemberHighlightCard member={sligo} cdnPrefix="" fictionalIcon="" fictionalWarning="" />
          </I18nProvider>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getByText('Sligo, Ierland')).toBeTruthy();
  });
});
