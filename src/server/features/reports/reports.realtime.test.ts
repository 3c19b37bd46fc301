import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_CLOSE, type ServerEvent } from '../../../shared/realtime/events.ts';
import { createSecondInstance, createTestApp } from '../../test/app.ts';
import { createMember, logIn } from '../../test/members.ts';
import { logInStaff, writeConversation } from '../../test/reports.ts';
import { Heard } from '../../test/signals.ts';

const a = await createTestApp();
// The suspended member's tab is on the second instance, behind the same load balancer as the moderator.
const b = await createSecondInstance(a);
let urlB = '';
const sockets: WebSocket[] = [];

beforeAll(async () => {
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = `ws://127.0.0.1:${(b.app.server.address() as AddressInfo).port}/api/realtime`;
});
afterAll(() => {
  for (const socket of sockets) socket.terminate();
});

/** A member's tab on instance b: what it hears, and the close code once the server closes it. */
function tabOf(sid: string) {
  const socket = new WebSocket(urlB, {
    headers: { origin: `http://${new URL(urlB).host}`, cookie: `sid=${sid}` },
  });
  sockets.push(socket);
  const heard = new Heard<ServerEvent>();
  socket.on('message', (data) => heard.push(JSON.parse(String(data))));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  return new Promise<{ heard: Heard<ServerEvent>; closed: Promise<number> }>((resolve, reject) => {
    socket.on('open', () => resolve({ heard, closed }));
    socket.on('error', reject);
  });
}

describe('a suspension decided on one instance', () => {
  it("ends the member's sessions and closes their sockets on another instance", async () => {
    const reporter = await createMember(a.services.db);
    const bad = await createMember(a.services.db);
    const conversation = await writeConversation(a.services.db, reporter.id, bad.id, [
      { from: reporter.id, body: 'Hallo' },
      { from: bad.id, body: 'Stuur me eerst geld' },
    ]);
    const badLogin = await logIn(a.services.db, bad.id);
    const otherTab = await tabOf((await logIn(a.services.db, bad.id)).cookies.sid);
    const tab = await tabOf(badLogin.cookies.sid);
    await Promise.all([
      tab.heard.until((e) => e.type === 'hello'),
      otherTab.heard.until((e) => e.type === 'hello'),
    ]);

    const reported = await a.app.inject({
      method: 'POST',
      url: '/api/report.php',
      payload: { kind: 'message', message_id: conversation.messageIds[1], reason: 'scam' },
      ...(await logIn(a.services.db, reporter.id)),
    });
    const moderator = await logInStaff(a.services.db, ['moderator'], new Date());
    const decided = await a.app.inject({
      method: 'POST',
      url: '/api/admin/report-outcome.php',
      payload: { id: reported.json().id, outcome: 'suspend' },
      ...moderator,
    });
    expect(decided.statusCode, decided.body).toBe(200);

    // Every session of the member, each tab on the other instance: told, then closed for good.
    for (const each of [tab, otherTab]) {
      await each.heard.until((e) => e.type === 'session_ended');
      expect(await each.closed).toBe(REALTIME_CLOSE.sessionEnded);
    }
    const answer = await b.app.inject({ method: 'GET', url: '/api/user.php', ...badLogin });
    expect(answer.json().user).toBeFalsy();
  });
});
