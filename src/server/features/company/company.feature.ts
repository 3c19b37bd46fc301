import { defineFeature } from '../../feature.ts';
import { companyRoutes } from './company.routes.ts';
import { companyStoreState } from './company.service.ts';

export const companyFeature = defineFeature({
  name: 'company',
  routes: companyRoutes,
  state: [companyStoreState],
});
