import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import { ApiError } from '../../lib/api.ts';
import { I18nProvider } from '../../lib/i18n.tsx';
import { AdminActionButton, useAdminAction } from './admin-action.tsx';
import { AdminNotice, type AdminNoticeValue } from './admin-notice.tsx';

function Page({ call, after }: { call: () => Promise<unknown>; after?: () => Promise<unknown> }) {
  const [notice, setNotice] = useState<AdminNoticeValue | null>(null);
  const action = useAdminAction(setNotice, after);
  return (
    <>
      <AdminNotice notice={notice} />
      <AdminActionButton className="btn btn-sm" action={action} call={call} success="Hidden">
        Hide
      </AdminActionButton>
      <AdminActionButton className="btn btn-sm" action={action} call={call} success="Shown">
        Show
      </AdminActionButton>
    </>
  );
}

const renderPage = (call: () => Promise<unknown>, after?: () => Promise<unknown>) =>
  render(
    <I18nProvider locale="en" messages={en}>
      <Page call={call} after={after} />
    </I18nProvider>,
  );

describe('useAdminAction with AdminActionButton', () => {
  afterEach(cleanup);

  it('keeps every button of the page waiting while a change runs, then says it succeeded', async () => {
    let answer = () => {};
    const after = vi.fn(async () => {});
    renderPage(() => new Promise<void>((resolve) => (answer = resolve)), after);
    const hide = screen.getByRole('button', { name: 'Hide' });
    expect(hide.getAttribute('type')).toBe('button');
    fireEvent.click(hide);
    expect((hide as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Show' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answer());
    expect(screen.getByRole('status').textContent).toBe('Hidden');
    expect(after).toHaveBeenCalledOnce();
    expect((hide as HTMLButtonElement).disabled).toBe(false);
  });

  it("says the server's refusal in the page's language", async () => {
    const after = vi.fn(async () => {});
    renderPage(() => Promise.reject(new ApiError(404, 'not_found', 'Not found')), after);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show' })));
    expect(screen.getByRole('status').textContent).toBe(en.errors.not_found);
    expect(after).not.toHaveBeenCalled();
  });
});
