import { z } from 'zod';
import { REALTIME_LIMITS } from '../../../shared/limits.ts';
import {
  ClientEventSchema,
  REALTIME_CLOSE,
  REALTIME_PATH,
  ServerEventSchema,
} from '../../../shared/realtime/events.ts';

/**
 * A message of the document per event type, named after it, with its schema from the shared union;
 * draft-07 because AsyncAPI's default schema format is a superset of that draft.
 */
function messagesOf(union: typeof ServerEventSchema | typeof ClientEventSchema, suffix: string) {
  return Object.fromEntries(
    union.options.map((option) => {
      const type = option.shape.type.value;
      return [`${type}${suffix}`, { name: type, payload: z.toJSONSchema(option, { target: 'draft-07' }) }];
    }),
  );
}

/**
 * The real-time channel as an AsyncAPI 3 document, generated from the same zod schemas the server
 * and the browser validate with, so it cannot drift from what travels. OpenAPI has no words for a
 * WebSocket's messages, hence a document of its own beside /api/openapi.json.
 */
export function realtimeAsyncApi() {
  const received = messagesOf(ServerEventSchema, 'FromServer');
  const sent = messagesOf(ClientEventSchema, 'FromClient');
  const refs = (messages: Record<string, unknown>) =>
    Object.keys(messages).map((key) => ({ $ref: `#/channels/member/messages/${key}` }));
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Liefdesplein real-time channel',
      version: '1.0.0',
      description: [
        `One WebSocket per browser tab at GET ${REALTIME_PATH}, authenticated by the session cookie;`,
        'a visitor or a stale session gets 403 authentication_required and a foreign Origin 403',
        'csrf_failed instead of the upgrade. Every frame is one JSON event; a client event that does not',
        'parse is ignored, and too many of them close the socket. The server pings every 25 s and drops a',
        `socket that missed the previous pong. Close ${REALTIME_CLOSE.sessionEnded}: the session ended`,
        `(after a session_ended event; do not reconnect). Close ${REALTIME_CLOSE.tooManyInvalid}: too many`,
        `invalid client events. A session keeps at most ${REALTIME_LIMITS.socketsPerSession} sockets and a member`,
        `${REALTIME_LIMITS.socketsPerMember} (per server instance): a new one closes the oldest with`,
        `${REALTIME_CLOSE.replaced} (reconnect only when the user returns to that tab, or the tabs close each`,
        `other in turn). A socket may send ${REALTIME_LIMITS.framesPerSecond} frames a second, in bursts of up to`,
        `${REALTIME_LIMITS.frameBurst}; frames beyond that are dropped unanswered, and after`,
        `${REALTIME_LIMITS.droppedFramesBeforeClose} dropped frames the socket is closed with ${REALTIME_CLOSE.flooding}.`,
      ].join(' '),
    },
    servers: { site: { host: 'the site', protocol: 'wss', pathname: REALTIME_PATH } },
    channels: {
      member: {
        address: REALTIME_PATH,
        description: "Every open tab of the logged-in member, on every instance, hears the member's events.",
        messages: { ...received, ...sent },
      },
    },
    operations: {
      receiveServerEvents: {
        action: 'receive',
        channel: { $ref: '#/channels/member' },
        messages: refs(received),
      },
      sendClientEvents: { action: 'send', channel: { $ref: '#/channels/member' }, messages: refs(sent) },
    },
  };
}
