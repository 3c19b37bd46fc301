import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/contracts/auth.ts';
import en from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import { I18nProvider } from '../../lib/i18n.tsx';
import { testUser } from '../../test/users.ts';
import { AccountStatusBanner } from './account-status-banner.tsx';
import { MemberSessionProvider } from './member-session.tsx';

const member = (overrides: Partial<User> = {}): User => testUser({ csrf_token: 'the-token', ...overrides });

function renderBanner(user: User | null) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <I18nProvider locale="en" messages={en}>
          <MemberSessionProvider initial={user}>
            <AccountStatusBanner />
          </MemberSessionProvider>
        </I18nProvider>
      ),
    },
  ]);
  return render(<RouterProvider router={router} />);
}

const confirmText = en.banners.confirm_email;

describe('the account status banner', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reminds a member who has not confirmed the address, and sends the mail again', async () => {
    const posted: { url: string; csrf: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        posted.push({ url, csrf: new Headers(init?.headers).get('x-csrf-token') });
        return Response.json({ ok: true });
      }),
    );
    renderBanner(member({ status: 'not_confirmed', email_confirmed: false, invisible: true }));
    // The confirmation comes first: nobody can answer until it is done.
    expect(screen.getByText(confirmText)).toBeTruthy();
    expect(screen.queryByText(en.banners.invisible)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: en.banners.confirm_resend }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(en.banners.confirm_resent));
    expect(posted).toEqual([{ url: '/api/activation-resend.php', csrf: 'the-token' }]);
  });

  it('reminds an invisible member that they are, with the way to the settings', () => {
    renderBanner(member({ invisible: true }));
    expect(screen.getByText(en.banners.invisible)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.banners.invisible_settings }).getAttribute('href')).toBe(
      '/settings',
    );
    expect(screen.queryByText(confirmText)).toBeNull();
  });

  it('says nothing to a confirmed, visible member, nor to a visitor', () => {
    const { container } = renderBanner(member());
    expect(container.textContent).toBe('');
    cleanup();
    expect(renderBanner(null).container.textContent).toBe('');
  });
});
