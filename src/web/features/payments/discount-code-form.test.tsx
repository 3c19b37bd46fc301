import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import common from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import payments from '../../../shared/i18n/locales/en/payments.json' with { type: 'json' };
import { ApiError } from '../../lib/api.ts';
import { I18nProvider } from '../../lib/i18n.tsx';
import { DiscountCodeForm } from './discount-code-form.tsx';

/** No code in the address, no discount of the member's own. */
const NOTHING = { code: null, discount: null, error: null, pending: false, active: null };

function renderForm(props: Partial<Parameters<typeof DiscountCodeForm>[0]> = {}) {
  const onApply = vi.fn();
  render(
    <I18nProvider locale="en" messages={{ ...common, ...payments }}>
      <DiscountCodeForm {...NOTHING} onApply={onApply} {...props} />
    </I18nProvider>,
  );
  return onApply;
}

const field = () => screen.getByRole('textbox', { name: payments.discount.title });
const apply = () => fireEvent.click(screen.getByRole('button', { name: payments.discount.apply }));

describe('the discount code form', () => {
  afterEach(cleanup);

  it('applies a code as typed, without the spaces around it', async () => {
    const onApply = renderForm();
    fireEvent.change(field(), { target: { value: '  demo20 ' } });
    apply();
    await waitFor(() => expect(onApply).toHaveBeenCalledWith('demo20'));
  });

  it('an emptied field takes the code away', async () => {
    const onApply = renderForm({ code: 'DEMO20' });
    expect((field() as HTMLInputElement).value).toBe('DEMO20');
    fireEvent.change(field(), { target: { value: ' ' } });
    apply();
    await waitFor(() => expect(onApply).toHaveBeenCalledWith(null));
  });

  it('says at once that no code looks like that, and asks nobody', async () => {
    const onApply = renderForm();
    fireEvent.change(field(), { target: { value: 'demo 20%' } });
    apply();
    expect((await screen.findByRole('alert')).textContent).toBe(common.errors.discount_code_not_found);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(onApply).not.toHaveBeenCalled();
    // Put right, the text goes as the member types.
    fireEvent.change(field(), { target: { value: 'demo20' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it("shows the server's refusal of the applied code", () => {
    renderForm({ code: 'GONE', error: new ApiError(404, 'discount_code_expired', 'Expired') });
    expect(screen.getByRole('alert').textContent).toBe(common.errors.discount_code_expired);
  });
});
