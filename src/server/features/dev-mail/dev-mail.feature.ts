import { defineFeature } from '../../feature.ts';
import { devOutboxesServed } from '../../plugins/dev-outbox.ts';
import { devMailRoutes } from './dev-mail.routes.ts';

export const devMailFeature = defineFeature({
  name: 'dev-mail',
  routes: devMailRoutes,
  servedWhen: devOutboxesServed,
});
