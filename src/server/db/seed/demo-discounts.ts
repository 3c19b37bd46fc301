import type { Database } from '../client.ts';
import { discountCodes } from '../schema/index.ts';

/**
 * Discount codes to try in the demo (the README names them). TIMEBONUS25 and WELCOME25 come with
 * the migration, on every site; these are the demo's own.
 */
export const DEMO_DISCOUNT_CODES = [
  // 10 % for anyone, as often as you like: the simplest code to try.
  { code: 'DEMO10', valuePercentage: 10, validity: 'unlimited' },
  // 20 % from an order of € 20: the starter package shows why it does not apply.
  {
    code: 'DEMO20',
    valuePercentage: 20,
    validity: 'once_per_member',
    minimumOrderValue: 2000,
    currency: 'EUR',
  },
  // 15 % for members in the Netherlands only.
  { code: 'DEMONL15', valuePercentage: 15, validity: 'once_per_member', country: 'NL' },
  // 5 % when paying with PayPal.
  { code: 'DEMOPAYPAL5', valuePercentage: 5, validity: 'unlimited', paymentMethods: ['paypal'] },
] as const satisfies readonly (typeof discountCodes.$inferInsert)[];

/** Creates the demo codes that are missing; the number created. */
export async function seedDemoDiscountCodes(db: Database): Promise<number> {
  const created = await db
    .insert(discountCodes)
    .values(
      DEMO_DISCOUNT_CODES.map((code) => ({
        ...code,
        paymentMethods: 'paymentMethods' in code ? [...code.paymentMethods] : null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: discountCodes.id });
  return created.length;
}
