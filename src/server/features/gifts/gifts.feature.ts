import { defineFeature } from '../../feature.ts';
import { settingsFor } from '../settings/settings.service.ts';
import { giftPriceRange } from './gifts.presenter.ts';
import { giftsRoutes } from './gifts.routes.ts';
import { giftCatalogueState, listGifts } from './gifts.service.ts';

/** The gift catalogue (migration 0019); sending a gift is the chat's send path. */
export const giftsFeature = defineFeature({
  name: 'gifts',
  state: [giftCatalogueState],
  routes: giftsRoutes,
  // /pricing and /credits say what a gift costs: from the catalogue, as the picker shows it.
  loadContext: (services, { request }) => ({
    gifts: {
      priceRange: async () => {
        const [rows, settings] = await Promise.all([listGifts(services), settingsFor(services, request.ctx)]);
        return giftPriceRange(rows, settings.gift_credits);
      },
    },
  }),
});
