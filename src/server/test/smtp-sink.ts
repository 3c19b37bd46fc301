import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type SmtpSink = {
  url: string;
  /** The recipients of each mail the sink took (answered 250), in order. */
  received: string[][];
  /** SMTP connections opened to it so far. */
  connections: number;
  /** Mails whose DATA arrived and whose answer is held (`hold`). */
  held: number;
  /** Answers every held mail, and from now on answers at once. */
  release: () => void;
  close: () => Promise<void>;
};

/**
 * A real SMTP server on a free port of this machine for the mailer's tests. With `hold`, the
 * answer to each mail's DATA waits until release(): a test sees how many mails are in the server's
 * hands at once.
 */
export async function startSmtpSink(options: { hold?: boolean } = {}): Promise<SmtpSink> {
  let holding = options.hold === true;
  const waiting: (() => void)[] = [];
  const sink: SmtpSink = {
    url: '',
    received: [],
    connections: 0,
    held: 0,
    release: () => {
      holding = false;
      for (const answer of waiting.splice(0)) answer();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onConnect(_session, callback) {
      sink.connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      stream.resume();
      stream.on('end', () => {
        const answer = () => {
          sink.received.push(to);
          callback();
        };
        if (!holding) return answer();
        sink.held += 1;
        waiting.push(answer);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return sink;
}
