import { defineFeature } from '../../feature.ts';
import { serviceResult } from '../../plugins/errors.ts';
import { creditsRoutes } from './credits.routes.ts';
import { balancesState } from './credits.service.ts';
import { readReceipt, readTransactionsFirstPages, transactionsRoutes } from './transactions.routes.ts';

/**
 * Balances and the ledger (credits.service.ts); the member's own daily spending limit; the
 * transactions view (the purchases and the ledger, with their receipts: transactions.service.ts).
 */
export const creditsFeature = defineFeature({
  name: 'credits',
  state: [balancesState],
  // The balance, from the credits' own cache (credits_changed): it never reloads the session.
  userAnswer: async (services, userId) => ({
    credits: await services.state.of(balancesState).balanceOf(userId),
  }),
  routes: (services) => async (app) => {
    await app.register(creditsRoutes(services));
    await app.register(transactionsRoutes(services));
  },
  // /transactions and a receipt render with their data in the HTML (no "loading" a page without
  // scripts keeps).
  loadContext: (services, { request, session }) => ({
    transactions: {
      firstPages: (query) =>
        serviceResult(() => readTransactionsFirstPages(services, request, session, query)),
      receipt: (id) => serviceResult(() => readReceipt(services, request, session, id)),
    },
  }),
});

declare module '../../feature.ts' {
  interface UserAnswerCounts {
    /** The member's credit balance. */
    credits: number;
  }
}
