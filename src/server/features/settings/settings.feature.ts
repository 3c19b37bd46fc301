import { defineFeature } from '../../feature.ts';
import { settingsRoutes } from './settings.routes.ts';

export const settingsFeature = defineFeature({ name: 'settings', routes: settingsRoutes });
