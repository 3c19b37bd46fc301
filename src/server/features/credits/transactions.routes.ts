import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LedgerQuerySchema,
  LedgerResponseSchema,
  type TransactionReceipt,
  TransactionResponseSchema,
  type TransactionsFirstPages,
  type TransactionsPageQuery,
  TransactionsQuerySchema,
  TransactionsResponseSchema,
} from '../../../shared/contracts/transactions.ts';
import { countryTimeZone } from '../../../shared/time-zones.ts';
import { browserZoneOf } from '../../lib/browser-zone.ts';
import { authorizeActor } from '../../policy/policy.ts';
import { viewerOf } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import type { ActiveSession } from '../auth/sessions.service.ts';
import { findOwnTransaction, listLedger, listTransactions } from './transactions.service.ts';

/** Where a page's dates are shown: the browser's zone from its cookie, else the member's country's. */
const pageZone = (request: Pick<FastifyRequest, 'cookies'>, session: ActiveSession | null) =>
  browserZoneOf(request) ?? countryTimeZone(session?.profile.country ?? '');

/**
 * The page of each list the address names (`?page=`, `?before=`), as the two calls answer them, for
 * /transactions' HTML (no route config checked the actor there: so it is checked here).
 */
export async function readTransactionsFirstPages(
  services: AppServices,
  request: Pick<FastifyRequest, 'cookies'>,
  session: ActiveSession | null,
  query: TransactionsPageQuery,
): Promise<TransactionsFirstPages> {
  const viewer = viewerOf(session);
  authorizeActor(viewer, 'payment.view');
  const [payments, ledger] = await Promise.all([
    listTransactions(services.db, viewer, query.page),
    listLedger(services.db, viewer, query.before),
  ]);
  return { payments, ledger, time_zone: pageZone(request, session) };
}

/** A receipt's payment, as GET /api/transaction.php answers it, for /transactions/{id}'s HTML. */
export async function readReceipt(
  services: AppServices,
  request: Pick<FastifyRequest, 'cookies'>,
  session: ActiveSession | null,
  paymentId: string,
): Promise<TransactionReceipt> {
  const viewer = viewerOf(session);
  authorizeActor(viewer, 'payment.view');
  const transaction = await findOwnTransaction(services.db, viewer, paymentId);
  return { transaction, time_zone: pageZone(request, session) };
}

/** The member's own payments (with their VAT) and credit ledger, for /transactions and its receipts. */
export function transactionsRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/transactions.php',
      {
        schema: {
          tags: ['payments'],
          summary: "The caller's payments, newest first, 50 a page, with the VAT inside each amount",
          querystring: TransactionsQuerySchema,
          response: { 200: TransactionsResponseSchema },
        },
        config: { actor: 'member' },
      },
      async (request, reply) => {
        const viewer = request.viewer;
        reply.header('cache-control', 'private, no-store');
        return listTransactions(services.db, viewer, request.query.page);
      },
    );

    app.get(
      '/api/transaction.php',
      {
        schema: {
          tags: ['payments'],
          summary: "One of the caller's payments, for its receipt (another member's id: not found)",
          querystring: z.object({ id: z.string().max(64) }),
          response: { 200: TransactionResponseSchema },
        },
        config: { actor: 'member' },
      },
      async (request, reply) => {
        const viewer = request.viewer;
        reply.header('cache-control', 'private, no-store');
        return { transaction: await findOwnTransaction(services.db, viewer, request.query.id) };
      },
    );

    app.get(
      '/api/credit-ledger.php',
      {
        schema: {
          tags: ['credits'],
          summary:
            "The caller's credit ledger (grants, spends with their reason, refunds), newest first, keyset-paged with `before`",
          querystring: LedgerQuerySchema,
          response: { 200: LedgerResponseSchema },
        },
        config: { actor: 'member' },
      },
      async (request, reply) => {
        const viewer = request.viewer;
        reply.header('cache-control', 'private, no-store');
        return listLedger(services.db, viewer, request.query.before);
      },
    );
  };
}
