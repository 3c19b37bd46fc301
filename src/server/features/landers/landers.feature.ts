import { defineFeature } from '../../feature.ts';
import { landersRoutes } from './landers.routes.ts';

export const landersFeature = defineFeature({
  name: 'landers',
  routes: landersRoutes,
  // The lander's copy in the language its slug names (spec §2: /landers/{name}/{slug}).
  loadContext: (services) => ({
    landers: { copy: (locale) => services.translations.pageTexts(locale, 'landers') },
  }),
});
