import type { Database } from '../db/client.ts';
import { payments } from '../db/schema/index.ts';

/**
 * A payment of the 40-credit package stored as a provider's notice would leave it (paid unless said
 * otherwise), in the currency of the country it was made in: the transactions' and receipts' tests.
 */
export async function insertPayment(
  db: Database,
  userId: number,
  values: { amountCents: number; country: string; createdAt: Date; status?: 'paid' | 'open' },
) {
  const [row] = await db
    .insert(payments)
    .values({
      userId,
      packageId: 'p1',
      credits: 40,
      amountCents: values.amountCents,
      currency: values.country === 'GB' ? 'GBP' : values.country === 'CH' ? 'CHF' : 'EUR',
      method: 'ideal',
      provider: 'test',
      providerPaymentId: `tx_${crypto.randomUUID()}`,
      status: values.status ?? 'paid',
      country: values.country,
      locale: 'nl',
      createdAt: values.createdAt,
      updatedAt: values.createdAt,
      paidAt: values.status === 'open' ? null : values.createdAt,
    })
    .returning();
  if (!row) throw new Error('no payment');
  return row;
}
