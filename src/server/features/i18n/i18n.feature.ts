import { defineFeature } from '../../feature.ts';
import { i18nRoutes } from './i18n.routes.ts';

export const i18nFeature = defineFeature({ name: 'i18n', routes: i18nRoutes });
