import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../shared/contracts/auth.ts';
import common from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import members from '../../../shared/i18n/locales/en/members.json' with { type: 'json' };
import { I18nProvider } from '../../lib/i18n.tsx';
import { fetchMockForEachTest, jsonResponse } from '../../test/fetch-mock.ts';
import { testUser } from '../../test/users.ts';
import { MemberSessionProvider } from '../session/member-session.tsx';
import { ProfileGift } from './profile-gift.tsx';

const GIFTS = [
  { id: 1, slug: 'rose', name: 'Rose', credits: 30 },
  { id: 2, slug: 'ring', name: 'Ring', credits: 100 },
];

const member = (credits: number): User => testUser({ credits });

function renderGift(credits: number) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <I18nProvider locale="en" messages={{ ...common, ...members }}>
          <MemberSessionProvider initial={member(credits)}>
            <ProfileGift member={{ id: 7, name: 'Pieter' }} loggedIn onLoginRequired={() => {}} />
          </MemberSessionProvider>
        </I18nProvider>
      ),
    },
  ]);
  return render(<RouterProvider router={router} />);
}

describe('ProfileGift and its picker', () => {
  const fetchMock = fetchMockForEachTest();

  it('marks the gifts the balance does not cover, with the way to credits', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { gifts: GIFTS }));
    renderGift(40);
    fireEvent.click(screen.getByRole('button', { name: /Send a gift/i }));
    const ring = await screen.findByRole('button', { name: /Ring/ });
    expect((ring as HTMLButtonElement).disabled).toBe(true);
    expect(ring.textContent).toContain('Not enough credits');
    expect((screen.getByRole('button', { name: /Rose/ }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('You have 40 credits: the greyed gifts cost more.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits');
  });

  it('keeps the note typed with a gift that failed: the picker opens with it again', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.includes('/api/gifts.php')
        ? jsonResponse(200, { gifts: GIFTS })
        : jsonResponse(402, { error: { code: 'insufficient_credits', message: 'Not enough credits' } }),
    );
    renderGift(600);
    fireEvent.click(screen.getByRole('button', { name: /Send a gift/i }));
    const note = await screen.findByLabelText(/A note with your gift/i);
    fireEvent.change(note, { target: { value: 'For you, with love' } });
    fireEvent.click(await screen.findByRole('button', { name: /Rose/ }));
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: /Send a gift/i }));
    expect(((await screen.findByLabelText(/A note with your gift/i)) as HTMLInputElement).value).toBe(
      'For you, with love',
    );
  });
});
