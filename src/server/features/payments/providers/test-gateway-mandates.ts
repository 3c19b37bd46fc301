import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { testGatewayCustomers, testGatewayMandates, testGatewayPayments } from '../../../db/schema/index.ts';
import type {
  CreateCustomerRequest,
  CreatedPayment,
  CreatePaymentRequest,
  DirectDebitMandateRequest,
  ProviderMandate,
} from './payment-provider.ts';
import {
  gatewayRecordOf,
  PAID_LATER_SECONDS,
  TEST_GATEWAY_PAID_LATER_JOB,
  type TestGatewayDeps,
} from './test-gateway.ts';

/**
 * The test gateway's customers and mandates (docs/decisions/0033), kept in its own tables as a
 * real provider keeps them on its servers: a SEPA mandate from a signed form, a card or PayPal one
 * from a paid first payment. A charge on a mandate is pending at once and settles after
 * PAID_LATER_SECONDS (SEPA takes days; the demo cannot wait), then the webhook goes out.
 *
 * The test switch, like Mollie's test IBANs: a SEPA mandate whose IBAN ends in ten zeros
 * (NL55INGB0000000000, DE68370400440000000000) is an account without funds, so its debits fail
 * with insufficient_funds; a card or PayPal stored on the test checkout with "fails" fails with
 * card_expired. Every other mandate is charged successfully.
 */

const gatewayId = (prefix: 'cst' | 'mdt') => `${prefix}_${randomBytes(10).toString('base64url')}`;

/** The test IBAN rule: an account number of ten zeros has no funds. */
const isFailingTestIban = (iban: string) => /0{10}$/.test(iban);

type GatewayMandate = typeof testGatewayMandates.$inferSelect;

const asProviderMandate = (mandate: GatewayMandate): ProviderMandate => ({
  mandateId: mandate.id,
  customerId: mandate.customerId,
  method: mandate.method,
  status: mandate.status,
});

export async function createGatewayCustomer(
  deps: Pick<TestGatewayDeps, 'db' | 'now'>,
  request: CreateCustomerRequest,
): Promise<{ customerId: string }> {
  const id = gatewayId('cst');
  await deps.db.insert(testGatewayCustomers).values({
    id,
    name: request.name,
    email: request.email,
    locale: request.locale,
    reference: request.reference,
    createdAt: deps.now(),
  });
  return { customerId: id };
}

export async function createGatewayDirectDebitMandate(
  deps: Pick<TestGatewayDeps, 'db' | 'now'>,
  request: DirectDebitMandateRequest,
): Promise<ProviderMandate> {
  const [customer] = await deps.db
    .select({ id: testGatewayCustomers.id })
    .from(testGatewayCustomers)
    .where(eq(testGatewayCustomers.id, request.customerId));
  if (!customer) throw new Error(`the test gateway knows no customer ${request.customerId}`);
  const [mandate] = await deps.db
    .insert(testGatewayMandates)
    .values({
      id: gatewayId('mdt'),
      customerId: request.customerId,
      method: 'directdebit',
      consumerName: request.consumerName,
      consumerAccount: request.iban,
      signatureDate: request.signatureDate,
      mandateReference: request.mandateReference,
      fails: isFailingTestIban(request.iban),
      createdAt: deps.now(),
    })
    .returning();
  if (!mandate) throw new Error('mandate insert returned no row');
  return asProviderMandate(mandate);
}

/** A paid first payment leaves its card or PayPal as a mandate of its customer (in the choice's transaction). */
export async function storeFirstPaymentMandate(
  tx: Queryable,
  record: typeof testGatewayPayments.$inferSelect,
  fails: boolean,
  now: Date,
): Promise<void> {
  if (record.sequenceType !== 'first' || !record.customerId || record.mandateId) return;
  const id = gatewayId('mdt');
  await tx.insert(testGatewayMandates).values({
    id,
    customerId: record.customerId,
    method: record.method === 'paypal' ? 'paypal' : 'creditcard',
    fails,
    createdAt: now,
  });
  await tx.update(testGatewayPayments).set({ mandateId: id }).where(eq(testGatewayPayments.id, record.id));
}

/** A recurring charge: the customer's valid mandate (the one asked for, else the newest), pending at once. */
export async function chargeGatewayMandate(
  deps: TestGatewayDeps,
  id: string,
  request: CreatePaymentRequest,
): Promise<CreatedPayment> {
  if (!request.customerId) throw new Error('a recurring payment needs a customer');
  const [mandate] = await deps.db
    .select()
    .from(testGatewayMandates)
    .where(
      and(
        eq(testGatewayMandates.customerId, request.customerId),
        eq(testGatewayMandates.status, 'valid'),
        ...(request.mandateId ? [eq(testGatewayMandates.id, request.mandateId)] : []),
      ),
    )
    .orderBy(desc(testGatewayMandates.createdAt))
    .limit(1);
  if (!mandate) throw new Error(`the customer ${request.customerId} has no valid mandate to charge`);
  const now = deps.now();
  const settlesAt = new Date(now.getTime() + PAID_LATER_SECONDS * 1000);
  await deps.db.transaction(async (tx) => {
    await tx.insert(testGatewayPayments).values({
      ...gatewayRecordOf(id, request, now),
      status: 'pending',
      sequenceType: 'recurring',
      customerId: mandate.customerId,
      mandateId: mandate.id,
      paidLaterAt: settlesAt,
      settlesAs: mandate.fails ? 'failed' : 'paid',
      failureReason: mandate.fails
        ? mandate.method === 'directdebit'
          ? 'insufficient_funds'
          : 'card_expired'
        : null,
    });
    await deps.enqueue(TEST_GATEWAY_PAID_LATER_JOB, { id }, { tx, runAt: settlesAt });
  });
  return { providerPaymentId: id, checkoutUrl: null, status: 'pending' };
}
