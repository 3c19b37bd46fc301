import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormCheck } from './form-check.tsx';

describe('FormCheck', () => {
  afterEach(cleanup);

  it('is a radio button named by its label, with what is below it', () => {
    const onChange = vi.fn();
    render(
      <FormCheck type="radio" id="outcome-warn" name="outcome" value="warn" label="Warn" onChange={onChange}>
        <div id="hint">A warning by mail</div>
      </FormCheck>,
    );
    const radio = screen.getByRole('radio', { name: 'Warn' }) as HTMLInputElement;
    expect(radio.className).toBe('form-check-input');
    expect(radio.name).toBe('outcome');
    expect(radio.parentElement?.className).toBe('form-check');
    expect(radio.parentElement?.lastElementChild?.id).toBe('hint');
    fireEvent.click(radio);
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('is a checkbox too', () => {
    render(<FormCheck type="checkbox" id="private" label="Private" defaultChecked />);
    expect((screen.getByRole('checkbox', { name: 'Private' }) as HTMLInputElement).checked).toBe(true);
  });
});
