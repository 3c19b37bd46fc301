import { randomUUID } from 'node:crypto';
import http from 'node:http';
import WebSocket from 'ws';

/**
 * The chat benchmark's load generator (bench/chat.ts forks it, so its event loop and the product's
 * never share a thread): members' sockets on /api/realtime, and sends to POST /api/chat-message.php
 * either in an open model (a fixed rate, each send planned at t0 + i / rate whatever the answers
 * do, latency counted from the planned time to the `message` event on the recipient's socket) or
 * a closed loop (a fixed number in flight, for the rate of durable charged messages).
 * Commands arrive over the IPC channel; each answers with one message.
 */
export type LoadMember = { id: number; cookie: string; csrf: string };
export type LoadConversation = { id: number; a: number; b: number };

export type LoadCommand =
  | { type: 'init'; base: string; members: LoadMember[]; conversations: LoadConversation[] }
  | { type: 'connect'; from: number; to: number }
  | { type: 'disconnect'; from: number; to: number }
  | { type: 'open'; rate: number; seconds: number; graceMs: number }
  | { type: 'closed'; concurrency: number; seconds: number }
  | { type: 'exit' };

export type OpenResult = {
  planned: number;
  acked: number;
  refused: Record<string, number>;
  delivered: number;
  lost: number;
  /** Planned send → the recipient's socket heard it, ms. */
  delivery: Latency;
  /** Planned send → the sender had the answer, ms. */
  answer: Latency;
  /** How late the generator issued sends against their plan (its own lag), ms. */
  issueLag: Latency;
  /** The generator's own garbage collections during the run: its pauses count as latency. */
  gc: { count: number; totalMs: number; maxMs: number };
};
type Latency = { p50: number; p90: number; p99: number; max: number };

let base = '';
let members: LoadMember[] = [];
let conversations: LoadConversation[] = [];
const byId = new Map<number, LoadMember>();
const sockets = new Map<number, WebSocket>();
/** `${memberId}:${conversationId}:${seq}` → when that member's socket heard the message. */
const heard = new Map<string, number>();
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function latency(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

function connect(member: LoadMember): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/realtime`, {
      // A browser's handshake names the page's origin; the server refuses one that proves no site.
      headers: { cookie: member.cookie, origin: new URL(base).origin },
      perMessageDeflate: false,
    });
    sockets.set(member.id, socket);
    socket.on('message', (data) => {
      const at = performance.now();
      const event = JSON.parse(String(data)) as { type: string; conversation?: { id: number }; seq?: number };
      if (event.type === 'hello') resolve();
      else if (event.type === 'message') heard.set(`${member.id}:${event.conversation?.id}:${event.seq}`, at);
    });
    socket.on('error', reject);
    socket.on('unexpected-response', (request, response) => {
      request.destroy();
      reject(new Error(`socket refused: ${response.statusCode}`));
    });
  });
}

const openSockets = () => [...sockets.values()].filter((s) => s.readyState === WebSocket.OPEN).length;

type Answer = { status: number; conversation?: number; seq?: number; code?: string };

function send(sender: LoadMember, conversationId: number): Promise<Answer> {
  const body = JSON.stringify({
    conversation: { id: conversationId },
    client_id: randomUUID(),
    body: 'Hoi, hoe gaat het?',
  });
  return new Promise((resolve) => {
    const request = http.request(
      `${base}/api/chat-message.php`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie: sender.cookie,
          'x-csrf-token': sender.csrf,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => {
          try {
            const json = JSON.parse(text);
            if (response.statusCode === 200)
              resolve({ status: 200, conversation: json.message.conversation.id, seq: json.message.seq });
            else resolve({ status: response.statusCode ?? 0, code: json.error?.code });
          } catch {
            resolve({ status: response.statusCode ?? 0, code: 'unparsable' });
          }
        });
      },
    );
    request.on('error', (error) => resolve({ status: 0, code: error.message }));
    request.end(body);
  });
}

/** The i-th message of a run: conversations in turn, each one's members taking turns to write. */
function planned(i: number) {
  const conversation = conversations[i % conversations.length] as LoadConversation;
  const forward = Math.floor(i / conversations.length) % 2 === 0;
  return {
    conversation,
    sender: byId.get(forward ? conversation.a : conversation.b) as LoadMember,
    recipient: forward ? conversation.b : conversation.a,
  };
}

let runOffset = 0;

/** Every GC pause of this process, as [end time, duration] (ms). */
const gcPauses: [number, number][] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauses.push([entry.startTime + entry.duration, entry.duration]);
}).observe({ entryTypes: ['gc'] });

function gcSince(mark: number) {
  const pauses = gcPauses.filter(([end]) => end >= mark).map(([, duration]) => duration);
  return {
    count: pauses.length,
    totalMs: pauses.reduce((a, b) => a + b, 0),
    maxMs: Math.max(0, ...pauses),
  };
}

async function openRun(rate: number, seconds: number, graceMs: number): Promise<OpenResult> {
  heard.clear();
  const total = Math.round(rate * seconds);
  const intervalMs = 1000 / rate;
  const offset = runOffset;
  runOffset += total;
  const answers: Promise<void>[] = [];
  const sent: { recipient: number; plannedAt: number; answer?: Answer; answeredAt?: number }[] = [];
  const lags: number[] = [];
  const t0 = performance.now() + 20;
  let issued = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (issued < total && t0 + issued * intervalMs <= now) {
        const plannedAt = t0 + issued * intervalMs;
        const { conversation, sender, recipient } = planned(offset + issued);
        const record: (typeof sent)[number] = { recipient, plannedAt };
        sent.push(record);
        lags.push(now - plannedAt);
        answers.push(
          send(sender, conversation.id).then((answer) => {
            record.answer = answer;
            record.answeredAt = performance.now();
          }),
        );
        issued += 1;
      }
      if (issued < total) setTimeout(tick, Math.max(0, Math.min(1, t0 + issued * intervalMs - now)));
      else done();
    };
    tick();
  });
  await Promise.all(answers);
  await new Promise((resolve) => setTimeout(resolve, graceMs));
  const refused: Record<string, number> = {};
  const delivery: number[] = [];
  const answerTimes: number[] = [];
  let acked = 0;
  let lost = 0;
  for (const record of sent) {
    const answer = record.answer as Answer;
    if (answer.status !== 200) {
      const key = `${answer.status} ${answer.code}`;
      refused[key] = (refused[key] ?? 0) + 1;
      continue;
    }
    acked += 1;
    answerTimes.push((record.answeredAt as number) - record.plannedAt);
    const at = heard.get(`${record.recipient}:${answer.conversation}:${answer.seq}`);
    if (at === undefined) lost += 1;
    else delivery.push(at - record.plannedAt);
  }
  return {
    planned: total,
    acked,
    refused,
    delivered: delivery.length,
    lost,
    delivery: latency(delivery),
    answer: latency(answerTimes),
    issueLag: latency(lags),
    gc: gcSince(t0),
  };
}

async function closedRun(concurrency: number, seconds: number) {
  const until = performance.now() + seconds * 1000;
  let acked = 0;
  const refused: Record<string, number> = {};
  let i = runOffset;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const { conversation, sender } = planned(i++);
        const answer = await send(sender, conversation.id);
        if (answer.status === 200) acked += 1;
        else {
          const key = `${answer.status} ${answer.code}`;
          refused[key] = (refused[key] ?? 0) + 1;
        }
      }
    }),
  );
  runOffset = i;
  const elapsed = (performance.now() - started) / 1000;
  return { acked, perSecond: acked / elapsed, refused };
}

process.on('message', async (command: LoadCommand) => {
  const reply = (message: unknown) => process.send?.(message);
  try {
    switch (command.type) {
      case 'init':
        base = command.base;
        members = command.members;
        conversations = command.conversations;
        for (const member of members) byId.set(member.id, member);
        reply({ ok: true });
        break;
      case 'connect': {
        const started = performance.now();
        const slice = members.slice(command.from, command.to);
        // 200 handshakes at a time, as a crowd of returning tabs would come in.
        for (let i = 0; i < slice.length; i += 200) await Promise.all(slice.slice(i, i + 200).map(connect));
        reply({ ok: true, open: openSockets(), ms: performance.now() - started });
        break;
      }
      case 'disconnect': {
        const closing = members.slice(command.from, command.to).map((member) => {
          const socket = sockets.get(member.id);
          sockets.delete(member.id);
          if (!socket) return undefined;
          const closed = new Promise((resolve) => socket.once('close', resolve));
          socket.close();
          return closed;
        });
        await Promise.all(closing);
        reply({ ok: true, open: openSockets() });
        break;
      }
      case 'open':
        reply({ ok: true, result: await openRun(command.rate, command.seconds, command.graceMs) });
        break;
      case 'closed':
        reply({ ok: true, result: await closedRun(command.concurrency, command.seconds) });
        break;
      case 'exit':
        for (const socket of sockets.values()) socket.terminate();
        agent.destroy();
        reply({ ok: true });
        process.exit(0);
    }
  } catch (error) {
    reply({ ok: false, error: String(error) });
  }
});
