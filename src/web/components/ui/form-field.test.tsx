import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormField, FormSelect } from './form-field.tsx';

describe('FormField', () => {
  afterEach(cleanup);

  it('labels its input, named by its id unless told otherwise, in a frame with its classes', () => {
    render(<FormField id="operators-country" name="country" label="Country" className="col-6" />);
    const input = screen.getByLabelText('Country') as HTMLInputElement;
    expect(input.name).toBe('country');
    expect(input.className).toBe('form-control');
    expect(input.parentElement?.className).toBe('mb-3 col-6');
  });

  it("gives the control its own classes beside Bootstrap's, and marks an error for screen readers", () => {
    render(
      <>
        <FormField id="code" label="Code" controlClassName="text-uppercase" error="Too long" />
        <FormSelect id="day" label="Day" controlClassName="w-auto">
          <option>1</option>
        </FormSelect>
      </>,
    );
    const code = screen.getByLabelText('Code');
    expect(code.className).toBe('form-control text-uppercase is-invalid');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-describedby')).toBe('code-error');
    expect(screen.getByLabelText('Day').className).toBe('form-select w-auto');
  });
});
