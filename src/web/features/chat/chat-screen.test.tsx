import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/contracts/auth.ts';
import type { ChatEntry, ChatsResponse } from '../../../shared/contracts/chat.ts';
import en from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import { I18nProvider } from '../../lib/i18n.tsx';
import { testUser } from '../../test/users.ts';
import { MemberSessionProvider } from '../session/member-session.tsx';
import { emitChatEvent } from './chat-events.ts';
import { ChatScreen } from './chat-screen.tsx';

const entry = (id: number, name: string, online: boolean): ChatEntry => ({
  conversation: { id },
  profile: {
    id: 100 + id,
    name,
    age: 30,
    gender: 'male',
    country: 'NL',
    region: null,
    city: null,
    fictional: false,
    main_image: null,
  },
  num_unread_messages: 0,
  partner_leaving: false,
  partner_online: online,
  last_message: null,
});

function renderScreen(user: User, chats: ChatsResponse) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <I18nProvider locale="en" messages={en}>
          <MemberSessionProvider initial={user}>
            <QueryClientProvider client={queryClient}>
              <ChatScreen target={null} chats={chats} />
            </QueryClientProvider>
          </MemberSessionProvider>
        </I18nProvider>
      ),
    },
  ]);
  return render(<RouterProvider router={router} />);
}

const rowOf = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name}\\b`) });

describe('the chat list', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a green dot and says "Online" for a partner who is online, nothing for the others', () => {
    const { container } = renderScreen(testUser(), {
      chats: [entry(1, 'Pieter', true), entry(2, 'Kees', false)],
    });
    expect(rowOf('Pieter').textContent).toContain(en.chat.online);
    expect(rowOf('Pieter').querySelector('.chat-online-dot')).not.toBeNull();
    expect(rowOf('Kees').textContent).not.toContain(en.chat.online);
    expect(rowOf('Kees').querySelector('.chat-online-dot')).toBeNull();
    expect(container.querySelectorAll('.chat-online-dot')).toHaveLength(1);
  });

  it('reads the list again when a partner comes online, and shows what the server says', async () => {
    const fetchMock = vi.fn(async () => Response.json({ chats: [entry(2, 'Kees', true)] }));
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(testUser(), { chats: [entry(2, 'Kees', false)] });
    expect(rowOf('Kees').textContent).not.toContain(en.chat.online);
    act(() => emitChatEvent({ type: 'presence', member: { id: 102 }, online: true }));
    await waitFor(() => expect(rowOf('Kees').textContent).toContain(en.chat.online));
    expect(fetchMock).toHaveBeenCalledWith('/api/chats.php', expect.anything());
  });

  it('reminds a member who has not confirmed the address that replies wait, with "send again"', async () => {
    const posted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/chats.php') return Response.json({ chats: [] });
        posted.push(`${init?.method} ${url}`);
        return Response.json({ ok: true });
      }),
    );
    const user = testUser({ status: 'not_confirmed', email_confirmed: false, email: 'anna@example.nl' });
    renderScreen(user, { chats: [] });
    const note = screen.getByText(en.chat.replies_wait.replace('{email}', 'anna@example.nl'), {
      exact: false,
    });
    fireEvent.click(within(note).getByRole('button', { name: en.banners.confirm_resend }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(en.banners.confirm_resent));
    expect(posted).toEqual(['POST /api/activation-resend.php']);
  });

  it('says nothing of it to a confirmed member', () => {
    renderScreen(testUser(), { chats: [] });
    expect(screen.queryByText(en.chat.replies_wait.split(':')[0] as string, { exact: false })).toBeNull();
  });
});
