import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import common from '../../../shared/i18n/locales/nl/common.json' with { type: 'json' };
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

describe('MemberHighlightCard', () => {
  afterEach(cleanup);

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
