import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordChangeSchema } from '../../../shared/contracts/auth.ts';
import en from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import { I18nProvider } from '../../lib/i18n.tsx';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

function ChangeForm({ send, required }: { send: (values: unknown) => void; required?: boolean }) {
  const { formRef, onSubmit, field } = useZodForm(PasswordChangeSchema, {
    defaultValues: { old_password: 'old', password: '', password_repeat: '' },
  });
  return (
    <form ref={formRef} onSubmit={onSubmit(send)} noValidate>
      <NewPasswordFields
        field={field}
        labels={{ password: 'New', password_repeat: 'Again' }}
        required={required}
      />
      <button type="submit">Save</button>
    </form>
  );
}

const renderForm = (send: (values: unknown) => void, required?: boolean) =>
  render(
    <I18nProvider locale="en" messages={en}>
      <ChangeForm send={send} required={required} />
    </I18nProvider>,
  );

describe('NewPasswordFields', () => {
  afterEach(cleanup);

  it('asks for the new password twice, as a new password, under the schema’s names', () => {
    renderForm(() => {}, true);
    for (const [label, name] of [
      ['New', 'password'],
      ['Again', 'password_repeat'],
    ] as const) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      expect(input.type).toBe('password');
      expect(input.name).toBe(name);
      expect(input.id).toBe(name);
      expect(input.autocomplete).toBe('new-password');
      expect(input.required).toBe(true);
    }
  });

  it('shows each input’s own error under it, and sends what was typed', async () => {
    const send = vi.fn();
    renderForm(send);
    expect((screen.getByLabelText('New') as HTMLInputElement).required).toBe(false);
    fireEvent.input(screen.getByLabelText('New'), { target: { value: 'Zonnebloem-2026!' } });
    fireEvent.input(screen.getByLabelText('Again'), { target: { value: 'Zonnebloem-2027!' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(send).not.toHaveBeenCalled();
    const again = screen.getByLabelText('Again');
    expect(again.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('password_repeat-error')?.textContent).toBe(
      en.validation.passwords_not_same,
    );
    expect(screen.getByLabelText('New').getAttribute('aria-invalid')).toBeNull();

    fireEvent.input(again, { target: { value: 'Zonnebloem-2026!' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(send).toHaveBeenCalledWith({
      old_password: 'old',
      password: 'Zonnebloem-2026!',
      password_repeat: 'Zonnebloem-2026!',
    });
  });
});
