import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import common from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import reports from '../../../shared/i18n/locales/en/reports.json' with { type: 'json' };
import { I18nProvider } from '../../lib/i18n.tsx';
import { fetchMockForEachTest, jsonResponse } from '../../test/fetch-mock.ts';
import { ModerationNotices } from './moderation-notices.tsx';
import { ReportDialog } from './report-dialog.tsx';

const withTexts = (node: React.ReactNode) => (
  <I18nProvider locale="en" messages={{ ...common, ...reports }}>
    {node}
  </I18nProvider>
);

describe('the report dialog and the moderation notices', () => {
  const fetchMock = fetchMockForEachTest();

  it('asks for a reason, then sends the message report with the optional words', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { ok: true, id: 5 }));
    const onSent = vi.fn();
    render(
      withTexts(
        <ReportDialog target={{ kind: 'message', messageId: 42 }} onClose={() => {}} onSent={onSent} />,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByRole('alert').textContent).toBe('Please choose a reason.');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('Harassment or threats'));
    fireEvent.change(screen.getByLabelText('Explanation (optional)'), { target: { value: 'Rude' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(onSent).toHaveBeenCalledWith('Thank you. Our moderators will look at your report.'),
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/report.php');
    expect(JSON.parse(String(init.body))).toEqual({
      kind: 'message',
      message_id: 42,
      reason: 'harassment',
      note: 'Rude',
    });
  });

  it('blocks the page with a warning until it is acknowledged', async () => {
    fetchMock.mockImplementation(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? jsonResponse(200, { ok: true })
        : jsonResponse(200, {
            warning: { id: 3, reason: 'harassment', note: 'Be polite.', created_at: '2026-06-01T10:00:00Z' },
            outcomes: [],
          }),
    );
    render(withTexts(<ModerationNotices />));
    const dialog = await screen.findByRole('dialog', { name: 'A warning from our moderators' });
    expect(dialog.textContent).toContain('Be polite.');
    // No way out but the acknowledgement: no close button.
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'I have read this' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = fetchMock.mock.calls.find(
      ([, init]) => (init as RequestInit | undefined)?.method === 'POST',
    );
    expect(JSON.parse(String((post?.[1] as RequestInit | undefined)?.body))).toEqual({
      kind: 'warning',
      id: 3,
    });
  });
});
