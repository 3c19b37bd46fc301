import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import { I18nProvider } from '../../lib/i18n.tsx';
import { testUser } from '../../test/users.ts';
import { MemberSessionProvider } from '../session/member-session.tsx';
import { footerKind, SiteFooter } from './site-footer.tsx';

/** The browser says the page runs in the installed app (display-mode: standalone) or not. */
function displayMode(standalone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: standalone && query === '(display-mode: standalone)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

async function renderFooter({ loggedIn, path }: { loggedIn: boolean; path: string }) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <I18nProvider locale="en" messages={en}>
            <MemberSessionProvider initial={loggedIn ? testUser() : null}>
              <SiteFooter
                settings={{
                  name: 'Liefdesplein',
                  support_email: 'support@example.nl',
                  min_age: 18,
                  fictional_plural: 'fictional',
                }}
                company={{ name: 'Liefdesplein B.V.', kvk: '12345678' }}
              />
            </MemberSessionProvider>
          </I18nProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  await act(async () => render(<RouterProvider router={router} />));
  return within(screen.getByRole('navigation', { name: en.footer.label }))
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('the footer', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows visitors, and members on the home page, the site's links with the price list", async () => {
    displayMode(false);
    const site = [
      en.footer.terms,
      en.footer.privacy,
      en.footer.cookies,
      en.footer.ban,
      en.footer.pricing,
      en.footer.complaints,
      en.footer.return_policy,
      en.footer.faq,
      en.footer.support,
    ];
    expect(await renderFooter({ loggedIn: false, path: '/members' })).toEqual(site);
    cleanup();
    expect(await renderFooter({ loggedIn: true, path: '/' })).toEqual(site);
  });

  it("shows a member on the other pages the members' links, help first and no price list", async () => {
    displayMode(false);
    const links = await renderFooter({ loggedIn: true, path: '/likes' });
    expect(links).toEqual([
      en.footer.faq,
      en.footer.support,
      en.footer.complaints,
      en.footer.terms,
      en.footer.privacy,
      en.footer.cookies,
      en.footer.return_policy,
      en.footer.ban,
    ]);
    expect(screen.getByRole('contentinfo').className).toContain('site-footer-member');
    expect(screen.getByRole('link', { name: en.footer.support }).getAttribute('href')).toBe(
      'mailto:support@example.nl',
    );
  });

  it("shows the members' links in the installed app, also to a visitor and on the home page", async () => {
    displayMode(true);
    expect(await renderFooter({ loggedIn: false, path: '/' })).not.toContain(en.footer.pricing);
    expect(screen.getByRole('contentinfo').className).toContain('site-footer-member');
  });

  it('decides the same on the server, which cannot know the display mode', () => {
    expect(footerKind({ loggedIn: true, pathname: '/members', standalone: false })).toBe('member');
    expect(footerKind({ loggedIn: true, pathname: '/', standalone: false })).toBe('site');
    expect(footerKind({ loggedIn: false, pathname: '/pricing', standalone: false })).toBe('site');
    expect(footerKind({ loggedIn: false, pathname: '/', standalone: true })).toBe('member');
  });
});
