import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../../shared/contracts/auth.ts';
import en from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import { dismissedAt } from '../../lib/dismissals.ts';
import { I18nProvider } from '../../lib/i18n.tsx';
import { MemberSessionProvider } from '../session/member-session.tsx';
import { AddPhotoAlert } from './add-photo-alert.tsx';

const member = (mainImage: User['profile']['main_image']): User => ({
  id: 1,
  email: 'a@example.nl',
  status: 'active',
  credits: 0,
  paid_user: false,
  signup_date: '2026-01-01T00:00:00.000Z',
  language: 'en',
  fictional_icon: '',
  notifications_disabled: [],
  email_confirmed: true,
  signup_missing: [],
  invisible: false,
  time_bonus: null,
  dismissals: {},
  profile: {
    id: 1,
    name: 'Anna',
    age: 30,
    date_of_birth: '1995-01-01',
    gender: 'female',
    sexuality: 'hetero',
    country: 'NL',
    region: null,
    city: null,
    main_image: mainImage,
  },
  csrf_token: 't',
  unread_messages: 0,
  new_likes: 0,
});

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
    await act(async () => renderAlert(null));
    await act(async () =>
      renderAlert(
        member({ filename: 'p/1/1-medium.webp', thumb_filename: 'p/1/1-thumb.webp', status: 'approved' }),
      ),
    );
    await act(async () => renderAlert(member(null), true));
    expect(screen.queryByRole('heading', { name: en.add_photo.title })).toBeNull();
  });

  it('stores the dismissal as a timestamp and never comes back', async () => {
    const view = await act(async () => renderAlert(member(null)));
    fireEvent.click(screen.getByRole('button', { name: en.add_photo.dismiss }));
    expect(screen.queryByRole('heading', { name: en.add_photo.title })).toBeNull();
    expect(dismissedAt('add_photo')).toBeGreaterThan(0);
    view.unmount();
    await act(async () => renderAlert(member(null)));
    expect(screen.queryByRole('heading', { name: en.add_photo.title })).toBeNull();
  });
});
