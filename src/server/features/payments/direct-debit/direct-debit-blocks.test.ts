import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { createMember } from '../../../test/members.ts';
import {
  assertDirectDebitAllowed,
  blockDirectDebit,
  directDebitBlockOf,
  unblockDirectDebit,
} from './direct-debit-blocks.ts';

const { services } = await createTestApp();
const { db } = services;

describe('direct-debit blocks', () => {
  it('blocks once, keeps the first reason, refuses with the spec text, and can be lifted', async () => {
    const { id } = await createMember(db);
    await expect(assertDirectDebitAllowed(db, id)).resolves.toBeUndefined();
    await blockDirectDebit(db, { userId: id, reason: 'reversal' });
    await blockDirectDebit(db, { userId: id, reason: 'back_office', note: 'second' });
    expect(await directDebitBlockOf(db, id)).toMatchObject({ reason: 'reversal', note: null });
    await expect(assertDirectDebitAllowed(db, id)).rejects.toMatchObject({
      code: 'direct_debit_blocked',
      statusCode: 403,
      message: 'Your account is blocked for direct debit payments.',
    });
    expect(await unblockDirectDebit(db, id)).toBe(true);
    expect(await unblockDirectDebit(db, id)).toBe(false);
    expect(await directDebitBlockOf(db, id)).toBeNull();
  });

  it('blocks only the member named', async () => {
    const a = await createMember(db);
    const b = await createMember(db);
    await blockDirectDebit(db, { userId: a.id, reason: 'back_office' });
    expect(await directDebitBlockOf(db, b.id)).toBeNull();
  });
});
