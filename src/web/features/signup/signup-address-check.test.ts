import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { createAddressCheck } from './signup-address-check.ts';

const refusal = (status: number, code: string, details?: unknown) =>
  new ApiError(status, code, code, details);

describe('the e-mail step’s address check', () => {
  it('asks once per address (as the schema makes it), and says what the sign-up would refuse', async () => {
    const post = vi.fn(async (email: string) => {
      if (email === 'anna@example.nl') throw refusal(409, 'email_exists');
      if (email === 'weg@example.nl') throw refusal(409, 'email_pending_deletion');
      if (email === 'x@mailinator.com')
        throw refusal(400, 'validation_failed', { fieldErrors: { email: ['email_disposable'] } });
      return { ok: true };
    });
    const check = createAddressCheck(post);
    expect(await check(' Anna@Example.nl ')).toBe('email_exists');
    expect(await check('anna@example.nl')).toBe('email_exists');
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('anna@example.nl');
    expect(await check('weg@example.nl')).toBe('email_pending_deletion');
    expect(await check('x@mailinator.com')).toBe('email_disposable');
    expect(await check('nieuw@example.nl')).toBe('free');
  });

  it('does not ask for what is no address yet, and asks again after it could not say', async () => {
    let answer: () => unknown = () => {
      throw refusal(429, 'rate_limited');
    };
    const post = vi.fn(async () => answer());
    const check = createAddressCheck(post);
    expect(await check('anna@')).toBe('unknown');
    expect(post).not.toHaveBeenCalled();
    expect(await check('anna@example.nl')).toBe('unknown');
    answer = () => ({ ok: true });
    expect(await check('anna@example.nl')).toBe('free');
    expect(post).toHaveBeenCalledTimes(2);
  });
});
