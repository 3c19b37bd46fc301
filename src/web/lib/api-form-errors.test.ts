import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../shared/i18n/translator.ts';
import { ApiError } from './api.ts';
import { describeApiError } from './api-form-errors.ts';

const t = createTranslator({
  validation: {
    passwords_not_same: 'The entered passwords are not the same.',
    password_too_short: 'At least {password_min} characters.',
    invalid_field: 'Please check this field.',
  },
  errors: {
    general: 'An error occured, please try again later.',
    login_failed: 'Login failed, please try again',
    account_locked: 'Too many incorrect attempts, account blocked for {minutes} min.',
    link_invalid: 'Link expired or invalid, request a new email',
  },
});

const invalid = (fieldErrors: Record<string, string[]>) =>
  new ApiError(400, 'validation_failed', 'The request is not valid.', { fieldErrors });

describe('describeApiError', () => {
  it('puts field codes under the inputs the form shows', () => {
    const result = describeApiError(
      invalid({ password_repeat: ['passwords_not_same'], password: ['password_too_short'] }),
      t,
      ['password', 'password_repeat'],
    );
    expect(result.fieldErrors).toEqual({
      password_repeat: 'The entered passwords are not the same.',
      password: 'At least 8 characters.',
    });
    expect(result.error).toBeUndefined();
  });

  it('moves codes of unshown inputs above the form, looking in errors too', () => {
    const result = describeApiError(invalid({ email: ['login_failed'] }), t, []);
    expect(result.error).toBe('Login failed, please try again');
  });

  it('never shows a raw key for an unknown code', () => {
    const result = describeApiError(invalid({ password: ['Too small: expected >= 1'] }), t, ['password']);
    expect(result.fieldErrors.password).toBe('Please check this field.');
  });

  it('treats a malformed token as an invalid link', () => {
    const result = describeApiError(invalid({ token: ['Too small'] }), t, ['password']);
    expect(result).toMatchObject({
      error: 'Link expired or invalid, request a new email',
      errorCode: 'link_invalid',
    });
  });

  it('fills the details into error texts', () => {
    const result = describeApiError(new ApiError(429, 'account_locked', 'Locked', { minutes: 15 }), t, []);
    expect(result).toMatchObject({
      error: 'Too many incorrect attempts, account blocked for 15 min.',
      errorCode: 'account_locked',
    });
  });

  it('falls back to the general text', () => {
    expect(describeApiError(new ApiError(500, 'weird_code', 'x'), t, []).error).toBe(
      'An error occured, please try again later.',
    );
    expect(describeApiError(new Error('boom'), t, []).error).toBe(
      'An error occured, please try again later.',
    );
  });
});
