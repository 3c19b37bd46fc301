import { defineFeature } from '../../feature.ts';
import { creditsRoutes } from './credits.routes.ts';
import { transactionsRoutes } from './transactions.routes.ts';

/**
 * Balances and the ledger (credits.service.ts); the member's own daily spending limit; the
 * transactions view (the purchases and the ledger, with their receipts: transactions.service.ts).
 */
export const creditsFeature = defineFeature({
  name: 'credits',
  routes: (services) => async (app) => {
    await app.register(creditsRoutes(services));
    await app.register(transactionsRoutes(services));
  },
});
