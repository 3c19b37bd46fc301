import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import common from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import { I18nProvider } from '../../lib/i18n.tsx';
import { AdminActionButton, useAdminAction } from './admin-action.tsx';

afterEach(cleanup);

function Harness({ call, onNotice }: { call: () => Promise<unknown>; onNotice: () => void }) {
  const action = useAdminAction(onNotice);
  return (
    <AdminActionButton
      className="btn btn-sm btn-outline-danger"
      action={action}
      call={call}
      success="Disabled."
      confirm={{ title: 'Disable Ana?', text: 'Ana is logged out at once.', cancel: 'Cancel' }}
    >
      Disable
    </AdminActionButton>
  );
}

describe('a back-office change that asks first', () => {
  it('does nothing until the dialog says go, and nothing on cancel', async () => {
    const call = vi.fn(async () => ({}));
    const onNotice = vi.fn();
    render(
      <I18nProvider locale="en" messages={common}>
        <Harness call={call} onNotice={onNotice} />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(screen.getByRole('dialog', { name: 'Disable Ana?' }).textContent).toContain('logged out at once');
    fireEvent.click(screen.getAllByRole('button', { name: 'Cancel' }).at(-1) as HTMLElement);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(call).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable Ana?' });
    fireEvent.click(dialog.querySelector('.btn-danger') as HTMLElement);
    await vi.waitFor(() => expect(onNotice).toHaveBeenCalledWith({ kind: 'success', text: 'Disabled.' }));
    expect(call).toHaveBeenCalledTimes(1);
  });
});
