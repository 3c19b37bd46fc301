import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/contracts/auth.ts';
import en from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import { I18nProvider } from '../../lib/i18n.tsx';
import { getQueryClient } from '../../lib/query-client.ts';
import { testUser } from '../../test/users.ts';
import { MemberSessionProvider } from '../session/member-session.tsx';
import { AddPhotoAlert } from './add-photo-alert.tsx';

const member = (mainImage: User['profile']['main_image']): User => {
  const user = testUser();
  return { ...user, profile: { ...user.profile, main_image: mainImage } };
};

function renderAlert(user: User | null, hasPhoto?: boolean) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <I18nProvider locale="en" messages={en}>
          <MemberSessionProvider initial={user}>
            <AddPhotoAlert hasPhoto={hasPhoto} />
          </MemberSessionProvider>
        </I18nProvider>
      ),
    },
  ]);
  return render(<RouterProvider router={router} />);
}

describe('AddPhotoAlert', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('asks a member without a photo to add one, linking to the photos', async () => {
    await act(async () => renderAlert(member(null)));
    expect(screen.getByRole('heading', { name: en.add_photo.title })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.add_photo.action }).getAttribute('href')).toBe(
      '/profile#photos',
    );
  });

  it('shows nothing to visitors and to members with a photo', async () => {
    const withPhoto = member({
      filename: 'p/1/1-medium.webp',
      thumb_filename: 'p/1/1-thumb.webp',
      status: 'approved',
    });
    // Each a page of its own: the same member id in one cache would be one member.
    for (const [user, hasPhoto] of [
      [null, undefined],
      [withPhoto, undefined],
      [member(null), true],
    ] as const) {
      await act(async () => renderAlert(user, hasPhoto));
      expect(screen.queryByRole('heading', { name: en.add_photo.title })).toBeNull();
      cleanup();
      getQueryClient().clear();
    }
  });

  it('is there in the first render, so the server renders it where it stays', () => {
    renderAlert(member(null));
    expect(screen.getByRole('heading', { name: en.add_photo.title })).toBeTruthy();
  });

  it('stores the dismissal with the account and never comes back', async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        return new Response(JSON.stringify({ ok: true }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    try {
      await act(async () => renderAlert(member(null)));
      await act(async () => fireEvent.click(screen.getByRole('button', { name: en.add_photo.dismiss })));
      expect(screen.queryByRole('heading', { name: en.add_photo.title })).toBeNull();
      expect(calls.find((c) => c.url.includes('/api/dismissal.php'))?.body).toEqual({ key: 'add_photo' });
    } finally {
      vi.unstubAllGlobals();
    }
    // A member who closed it, on any device: the session says so, and it is never shown.
    cleanup();
    renderAlert({ ...member(null), dismissals: { add_photo: '2026-11-27T10:00:00.000Z' } });
    expect(screen.queryByRole('heading', { name: en.add_photo.title })).toBeNull();
  });
});
