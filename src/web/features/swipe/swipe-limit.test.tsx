import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import enCommon from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import enMembers from '../../../shared/i18n/locales/en/members.json' with { type: 'json' };
import nlCommon from '../../../shared/i18n/locales/nl/common.json' with { type: 'json' };
import nlMembers from '../../../shared/i18n/locales/nl/members.json' with { type: 'json' };
import type { Locale } from '../../../shared/i18n/locales.ts';
import { I18nProvider } from '../../lib/i18n.tsx';
import { SwipeLimit } from './swipe-limit.tsx';

afterEach(cleanup);

const TEXTS = { en: { ...enCommon, ...enMembers }, nl: { ...nlCommon, ...nlMembers } };

/** The limit screen as the game shows it once the day's likes are used. */
function renderLimit(locale: 'en' | 'nl', timeZone: string, premium: boolean) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <I18nProvider locale={locale as Locale} messages={TEXTS[locale]}>
          <SwipeLimit
            // Midnight in Amsterdam, 23:00 in UTC.
            state={{ resets_at: '2026-11-24T23:00:00.000Z', time_zone: timeZone }}
            premium={premium}
            matchChance={46}
            searchHref="/members?gender=female"
            onDone={() => {}}
          />
        </I18nProvider>
      ),
    },
  ]);
  return render(<RouterProvider router={router} />);
}

describe('the swipe game at the day’s limit', () => {
  it('says when the likes come back in the member’s zone, not the server’s, and shows the countdown', () => {
    renderLimit('nl', 'Europe/Amsterdam', false);
    expect(screen.getByRole('heading', { name: 'Dat was het voor vandaag' })).toBeTruthy();
    expect(screen.getByText('Je nieuwe likes komen om 00:00, over:')).toBeTruthy();
    expect(screen.getByRole('timer').getAttribute('datetime')).toBe('2026-11-24T23:00:00.000Z');
    cleanup();
    // The same instant for a member in Tokyo: 08:00 there.
    renderLimit('nl', 'Asia/Tokyo', false);
    expect(screen.getByText('Je nieuwe likes komen om 08:00, over:')).toBeTruthy();
  });

  it('shows a free member the way on: the search, and what premium gives with the way to /premium', () => {
    renderLimit('en', 'Europe/Amsterdam', false);
    expect(screen.getByText(/^Your new likes come at 12:00\sAM, in:$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search members' }).getAttribute('href')).toBe(
      '/members?gender=female',
    );
    const premium = screen.getByRole('heading', { name: 'Premium: 46% higher match chance', level: 3 });
    expect(premium.parentElement?.textContent).toContain('Any credit purchase makes you premium, for life.');
    expect(screen.getByRole('link', { name: 'What premium gives' }).getAttribute('href')).toBe('/premium');
  });

  it('shows a premium member only when the likes come back: premium has the same daily likes', () => {
    renderLimit('en', 'Europe/Amsterdam', true);
    expect(screen.getByText(/^Your new likes come at 12:00\sAM, in:$/)).toBeTruthy();
    expect(screen.getByRole('timer')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
    expect(screen.queryByRole('link', { name: 'What premium gives' })).toBeNull();
  });
});
