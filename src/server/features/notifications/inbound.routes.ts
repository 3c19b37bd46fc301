import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type MailEvent,
  MailEventsInputSchema,
  MailEventsResultSchema,
} from '../../../shared/contracts/mail-events.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import { safeEqual } from '../auth/tokens.ts';
import { applyInboundReport } from './bounce-events.ts';
import { type InboundReport, readInboundMail } from './inbound-report.ts';
import { startInboundSmtp } from './inbound-smtp.ts';

const reportOf = async (event: MailEvent): Promise<InboundReport> => {
  if (event.type === 'message') return readInboundMail(event.message, event.recipients);
  if (event.type === 'complaint')
    return { kind: 'complaint', detail: 'abuse', returnPaths: [event.return_path] };
  if (event.status.startsWith('5'))
    return { kind: 'hard', detail: event.status, returnPaths: [event.return_path] };
  if (event.status.startsWith('4'))
    return { kind: 'soft', detail: event.status, returnPaths: [event.return_path] };
  return { kind: 'ignored', reason: `status ${event.status} is no failure` };
};

/**
 * Bounces and complaints coming back: the providers' webhook, and the SMTP listener started with
 * the app when INBOUND_SMTP_PORT is set (and closed with it).
 */
export function inboundRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    const { inboundSmtp, mailEventsSecret } = services.env;
    if (inboundSmtp) {
      let listener: Awaited<ReturnType<typeof startInboundSmtp>> | undefined;
      app.addHook('onReady', async () => {
        listener = await startInboundSmtp(services, inboundSmtp);
      });
      app.addHook('onClose', async () => {
        await listener?.close();
      });
    }

    app.post(
      '/api/mail-events.php',
      {
        schema: {
          tags: ['notifications'],
          summary:
            "A mail provider's bounces and spam complaints about notification mails (shared secret in x-mail-events-secret); a hard bounce or a complaint stops the member's mail",
          body: MailEventsInputSchema,
          response: { 200: MailEventsResultSchema },
        },
        // Posted by a provider, without a session: the shared secret is the proof.
        config: { csrf: false, rateLimit: { max: 120, timeWindow: 60_000 } },
        // Refused before the body is read: off without a secret, and a wrong secret learns nothing.
        onRequest: async (request) => {
          if (!mailEventsSecret) throw new AppError('not_found', 404, 'Not found');
          const given = request.headers['x-mail-events-secret'];
          if (typeof given !== 'string' || !safeEqual(given, mailEventsSecret))
            throw new AppError('forbidden', 403, 'The mail events secret is missing or wrong');
        },
      },
      async (request) => {
        const log = request.log;
        let applied = 0;
        for (const event of request.body.events) {
          const outcome = await applyInboundReport(services, log, await reportOf(event), 'webhook');
          if (outcome === 'applied') applied += 1;
        }
        return { applied, ignored: request.body.events.length - applied };
      },
    );
  };
}
