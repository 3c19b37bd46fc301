import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { AppServices } from '../../services.ts';
import { applyInboundReport } from './bounce-events.ts';
import { INBOUND_MAX_BYTES, type InboundReport, readInboundMail } from './inbound-report.ts';

type Listener = { port: number; close: () => Promise<void> };

/** An SMTP reply code on an error, as smtp-server sends it. */
const smtpError = (message: string, responseCode: number) =>
  Object.assign(new Error(message), { responseCode });

/**
 * The SMTP listener that takes bounces and feedback-loop reports back: every recipient is taken
 * (a report may come to the return path or to the address a feedback loop was registered with),
 * the mail is read, what it says is applied, then 250. What it cannot use is taken and dropped:
 * a refusal would have the sending server try again. Only a failure of ours (the database) is a
 * 451, so the sender brings the report again later and nothing is lost.
 */
export async function startInboundSmtp(
  services: Pick<AppServices, 'db' | 'sessions' | 'now' | 'state' | 'log'>,
  options: { port: number; host: string },
): Promise<Listener> {
  const log = services.log.child({ component: 'inbound-smtp' });
  const server = new SMTPServer({
    name: 'liefdesplein-inbound',
    // Reports come from other mail servers, which do not log in; nothing is relayed.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: INBOUND_MAX_BYTES,
    logger: false,
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo.map((r) => r.address);
      readInboundMail(stream, recipients)
        .catch(
          (error: unknown): InboundReport => ({ kind: 'ignored', reason: `unreadable: ${String(error)}` }),
        )
        .then(async (report) => {
          if (stream.sizeExceeded) return callback(smtpError('Message too large', 552));
          await applyInboundReport(services, log, report, 'smtp');
          callback();
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'inbound report not applied; the sender will bring it again');
          callback(smtpError('Try again later', 451));
        });
    },
  });
  server.on('error', (error) => log.error({ err: error }, 'inbound SMTP error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  log.info({ port, host: options.host }, 'inbound SMTP listening for bounces and complaints');
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
