import { defineFeature } from '../../feature.ts';
import { regionsRoutes } from './regions.routes.ts';
import { listRegions } from './regions.service.ts';

export const regionsFeature = defineFeature({
  name: 'regions',
  routes: regionsRoutes,
  // Pages that show a member's region name it in the HTML, instead of its code until the list comes.
  loadContext: () => ({
    site: {
      regions: (country) => {
        try {
          return listRegions(country).regions[country.toUpperCase()] ?? [];
        } catch {
          return []; // not a country the site lists: no regions, as the API's 404 means
        }
      },
    },
  }),
});
