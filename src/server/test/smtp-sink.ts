import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the sink took it: its envelope's recipients (lower case) and its raw message. */
export type SunkMail = { to: string[]; raw: Buffer };

export type SmtpSink = {
  url: string;
  /** The recipients of each mail the sink took (answered 250), in order. */
  received: string[][];
  /** SMTP connections opened to it so far. */
  connections: number;
  /** Mails whose DATA arrived and whose answer is held (`hold`). */
  held: number;
  /** Mails never answered (`onMail` said so) whose connection then ended: the sender gave up on them. */
  dropped: number;
  /** Answers every held mail, and from now on answers at once. */
  release: () => void;
  close: () => Promise<void>;
};

/**
 * A real SMTP server on this machine for the tests, the journeys, the benchmarks and the crash
 * rounds: one listener, what each does with a mail in `onMail`. With `hold`, the answer to each
 * mail waits until release(): a test sees how many mails are in the server's hands at once.
 */
export async function startSmtpSink(
  options: {
    /** The port to listen on (a free one by default). */
    port?: number;
    hold?: boolean;
    /**
     * Sees each mail once its DATA has arrived, before it is answered. 'never': the mail is never
     * answered (a crash round's mail held in the server's hands until the sender dies).
     */
    onMail?: (mail: SunkMail) => 'take' | 'never' | Promise<'take' | 'never'>;
  } = {},
): Promise<SmtpSink> {
  let holding = options.hold === true;
  const waiting: (() => void)[] = [];
  const unanswered = new Set<string>();
  const sink: SmtpSink = {
    url: '',
    received: [],
    connections: 0,
    held: 0,
    dropped: 0,
    release: () => {
      holding = false;
      for (const answer of waiting.splice(0)) answer();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // smtp-server looks up the client's name by default: 100 ms a connection without a resolver here.
    disableReverseLookup: true,
    logger: false,
    onConnect(_session, callback) {
      sink.connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        let verdict: 'take' | 'never';
        try {
          verdict = (await options.onMail?.({ to, raw: Buffer.concat(chunks) })) ?? 'take';
        } catch (error) {
          return callback(error as Error);
        }
        if (verdict === 'never') {
          unanswered.add(session.id);
          return;
        }
        const answer = () => {
          sink.received.push(to);
          callback();
        };
        if (!holding) return answer();
        sink.held += 1;
        waiting.push(answer);
      });
    },
    onClose(session) {
      if (unanswered.delete(session.id)) sink.dropped += 1;
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return sink;
}
