import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerEvent } from '../../../shared/realtime/events.ts';
import { createSecondInstance, createTestApp } from '../../test/app.ts';
import { createMember, createMemberWithCredits } from '../../test/members.ts';
import { makeTestJpeg, postMultipart } from '../../test/photo-fixtures.ts';
import { Heard } from '../../test/signals.ts';
import { logInStaffAs } from '../../test/staff.ts';

const a = await createTestApp();
// The member's tab is on the second instance, behind the same load balancer as the operator's.
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

function tabOf(sid: string): Promise<Heard<ServerEvent>> {
  const socket = new WebSocket(urlB, {
    headers: { origin: `http://${new URL(urlB).host}`, cookie: `sid=${sid}` },
  });
  sockets.push(socket);
  const heard = new Heard<ServerEvent>();
  socket.on('message', (data) => heard.push(JSON.parse(String(data))));
  return new Promise((resolve, reject) => {
    socket.on('open', () => resolve(heard));
    socket.on('error', reject);
  });
}

describe('an operator on one instance, the member on another', () => {
  it("reaches the member's socket live: the profile typing, then its answer", async () => {
    const profile = await createMember(a.services.db, { fictional: true });
    const member = await createMemberWithCredits(a.services.db, 100);
    const sent = await a.app.inject({
      method: 'POST',
      url: '/api/chat-message.php',
      payload: { to: { id: profile.id }, client_id: randomUUID(), body: 'Hoi, hoe gaat het?' },
      ...member.login,
    });
    const conversation = sent.json().message.conversation as { id: number };
    const tab = await tabOf(member.login.cookies.sid);
    await tab.until((e) => e.type === 'hello');

    const operator = await logInStaffAs(a.services.db, ['operator']);
    const post = (url: string, payload: object) =>
      a.app.inject({ method: 'POST', url, payload, cookies: operator.cookies, headers: operator.headers });
    expect((await post('/api/admin/operator-claim.php', { conversation })).statusCode).toBe(200);
    expect((await post('/api/admin/operator-typing.php', { conversation })).statusCode).toBe(200);
    const typing = await tab.until((e) => e.type === 'typing');
    expect(typing).toEqual({ type: 'typing', conversation, from: { id: profile.id } });

    const answer = await post('/api/admin/operator-reply.php', {
      conversation,
      client_id: randomUUID(),
      body: 'Goed hoor! En met jou?',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const message = await tab.until((e) => e.type === 'message' && e.seq === 2);
    expect(message).toEqual({ type: 'message', conversation, seq: 2 });

    // A photo answer reaches the member's tab the same way, and the tab's read shows the picture.
    const uploaded = await postMultipart(
      a.app,
      '/api/admin/operator-photo.php',
      {
        conversation: String(conversation.id),
        photo: { data: await makeTestJpeg(640, 480), filename: 'zee.jpg', type: 'image/jpeg' },
      },
      operator,
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const image = uploaded.json().image as { id: number };
    const photo = await post('/api/admin/operator-reply.php', {
      conversation,
      client_id: randomUUID(),
      kind: 'image',
      image,
    });
    expect(photo.statusCode, photo.body).toBe(200);
    expect(await tab.until((e) => e.type === 'message' && e.seq === 3)).toEqual({
      type: 'message',
      conversation,
      seq: 3,
    });
    const read = await b.app.inject({
      method: 'GET',
      url: `/api/chat.php?conversation=${conversation.id}&after_seq=2`,
      ...member.login,
    });
    expect(read.json().messages).toMatchObject([
      { seq: 3, kind: 'image', sender: { id: profile.id }, image: { id: image.id } },
    ]);
  });
});
