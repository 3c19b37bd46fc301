import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import en from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import { I18nProvider } from '../../lib/i18n.tsx';
import { fetchMockForEachTest, jsonResponse } from '../../test/fetch-mock.ts';
import { BlockedConversation } from './blocked-conversation.tsx';

function renderBlocked(onUnblocked: () => void) {
  return render(
    <I18nProvider locale="en" messages={en}>
      <QueryClientProvider client={new QueryClient()}>
        <BlockedConversation member={{ id: 42, name: 'Anna' }} onUnblocked={onUnblocked} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('a conversation with a member the viewer blocked', () => {
  const fetchMock = fetchMockForEachTest();

  it('says whom, and lifts the block after the confirmation, then opens the conversation again', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { ok: true }));
    const onUnblocked = vi.fn();
    renderBlocked(onUnblocked);
    expect(screen.getByText('You blocked Anna. Unblock them to write to each other again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unblock Anna' }));
    // Nothing is sent before the confirmation.
    expect(fetchMock).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'Unblock Anna?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(onUnblocked).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect([url, init.method, JSON.parse(String(init.body))]).toEqual([
      '/api/block.php',
      'DELETE',
      { id: 42 },
    ]);
  });

  it('says so when the block could not be lifted, and stays', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(500, { error: { code: 'internal_error' } }));
    const onUnblocked = vi.fn();
    renderBlocked(onUnblocked);
    fireEvent.click(screen.getByRole('button', { name: 'Unblock Anna' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unblock' }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.errors.general);
    expect(onUnblocked).not.toHaveBeenCalled();
  });
});
