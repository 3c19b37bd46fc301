import { defineFeature } from '../../feature.ts';
import { devOutboxesServed } from '../../plugins/dev-outbox.ts';
import { devMailRoutes } from './dev-mail.routes.ts';
import { devSmsRoutes } from './dev-sms.routes.ts';

/** The development outboxes: mails at /dev/mail, SMS at /dev/sms (this machine only). */
export const devMailFeature = defineFeature({
  name: 'dev-mail',
  routes: (services) => async (app) => {
    await app.register(devMailRoutes(services));
    await app.register(devSmsRoutes(services));
  },
  servedWhen: devOutboxesServed,
});
