import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import common from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import landers from '../../../shared/i18n/locales/en/landers.json' with { type: 'json' };
import { I18nProvider } from '../../lib/i18n.tsx';
import { EntrySignupForm } from './entry-signup-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the entry sign-up form', () => {
  it('says every problem at once, the address among them, and asks the server nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <I18nProvider locale="en" messages={{ ...common, ...landers }}>
            <EntrySignupForm submitLabel="Sign up" minAge={18} memberId={7} />
          </I18nProvider>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    fireEvent.change(screen.getByLabelText(/e-mail/i), { target: { value: 'no-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(common.validation.invalid_email)).toBeTruthy();
    expect(screen.getByText(common.validation.gender_required)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
