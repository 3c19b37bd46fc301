import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LedgerQuerySchema,
  LedgerResponseSchema,
  TransactionResponseSchema,
  TransactionsQuerySchema,
  TransactionsResponseSchema,
} from '../../../shared/contracts/transactions.ts';
import type { AppServices } from '../../services.ts';
import { findOwnTransaction, listLedger, listTransactions } from './transactions.service.ts';

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
