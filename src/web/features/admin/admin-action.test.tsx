import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
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

function Asking({ call }: { call: () => Promise<unknown> }) {
  const [notice, setNotice] = useState<AdminNoticeValue | null>(null);
  const action = useAdminAction(setNotice);
  return (
    <>
      <AdminNotice notice={notice} />
      <AdminActionButton
        className="btn btn-sm btn-outline-danger"
        action={action}
        call={call}
        success="Disabled"
        confirm={{ title: 'Disable Ana?', text: 'Ana is logged out at once.', cancel: 'Cancel' }}
      >
        Disable
      </AdminActionButton>
    </>
  );
}

describe('an AdminActionButton that asks first', () => {
  afterEach(cleanup);

  it('does nothing on cancel, and the change once the dialog says go', async () => {
    const call = vi.fn(async () => ({}));
    render(
      <I18nProvider locale="en" messages={en}>
        <Asking call={call} />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(screen.getByRole('dialog', { name: 'Disable Ana?' }).textContent).toContain('logged out at once');
    // The dialog's own close (×) and its footer's button are both "Cancel": the footer's.
    fireEvent.click(screen.getAllByRole('button', { name: 'Cancel' }).at(-1) as HTMLElement);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(call).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable Ana?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' })));
    expect(call).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toBe('Disabled');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
