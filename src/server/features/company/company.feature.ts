import { defineFeature } from '../../feature.ts';
import { companyRoutes } from './company.routes.ts';

export const companyFeature = defineFeature({ name: 'company', routes: companyRoutes });
