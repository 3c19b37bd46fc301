import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ChatResponse } from '../../../shared/contracts/chat.ts';
import { createTestApp } from '../../test/app.ts';
import { listenTo } from '../../test/member-lists.ts';
import {
  addPhoto,
  blockMember,
  createMember,
  createMemberWithCredits,
  type TestLogin,
} from '../../test/members.ts';
import { hideAccount } from '../auth/account-moderation.service.ts';
import { memberVisibilityChanged } from '../auth/accounts.service.ts';

/*
 * A partner the back office hid (a report's "hide" outcome, a fictional profile hidden) while a
 * member has a conversation with them: the conversation stays readable and says the profile is
 * no longer available; it never links to the profile (which answers like an unknown id) and sends
 * nothing of it the conversation did not already show.
 */

const { app, services } = await createTestApp();
const db = services.db;
const heardVisibilityChange = await listenTo(services.bus, memberVisibilityChanged);

const get = (url: string, login?: TestLogin) => app.inject({ method: 'GET', url, ...login });
const send = (login: TestLogin, target: object, body = 'Hoi!') =>
  app.inject({
    method: 'POST',
    url: '/api/chat-message.php',
    payload: { ...target, client_id: randomUUID(), body },
    ...login,
  });

async function conversationWith(partner: { id: number }) {
  const me = await createMemberWithCredits(db, 200, { gender: 'male' });
  const sent = await send(me.login, { to: { id: partner.id } });
  expect(sent.statusCode, sent.body).toBe(200);
  return { me, conversationId: sent.json().message.conversation.id as number };
}

async function hide(id: number) {
  await db.transaction((tx) => hideAccount(services, tx, id, new Date()));
  await heardVisibilityChange((changed) => changed === id);
}

const chatOf = async (login: TestLogin, conversationId: number) => {
  const res = await get(`/api/chat.php?conversation=${conversationId}`, login);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChatResponse;
};

describe('a conversation with a partner the back office hid', () => {
  it.each([
    { kind: 'a fictional profile', fictional: true },
    { kind: 'a member (a report outcome)', fictional: false },
  ])(
    'with $kind: readable, not linked, its profile not available, nothing more of it sent',
    async ({ fictional }) => {
      const partner = await createMember(db, { fictional, gender: 'female', city: 'Zaandam' });
      await addPhoto(db, partner.id, { main: true });
      const { me, conversationId } = await conversationWith(partner);
      const before = await chatOf(me.login, conversationId);
      expect(before).toMatchObject({ profile_viewable: true, partner_unavailable: false });
      expect(before.profile.main_image).not.toBeNull();

      await hide(partner.id);
      const after = await chatOf(me.login, conversationId);
      expect(after).toMatchObject({
        profile: { id: partner.id, name: partner.name, main_image: null },
        profile_viewable: false,
        partner_unavailable: true,
        partner_online: false,
        // Operators go on answering as a hidden fictional profile; nobody writes to a hidden member.
        send_refusal: fictional ? null : 'partner_unavailable',
      });
      expect(after.messages.map((m) => m.body)).toEqual(['Hoi!']);
      // The list keeps it, without the photo either.
      const listed = (await get('/api/chats.php', me.login)).json().chats as ChatResponse[];
      expect(listed.find((c) => c.profile.id === partner.id)?.profile.main_image).toBeNull();
      // Its profile answers like an unknown id, to the member with the conversation too.
      const profile = await get(`/api/member.php?id=${partner.id}`, me.login);
      expect(profile.statusCode).toBe(404);
      expect(profile.body).toBe((await get('/api/member.php?id=987654321', me.login)).body);

      const next = await send(me.login, { conversation: { id: conversationId } }, 'Ben je er nog?');
      if (fictional) expect(next.statusCode, next.body).toBe(200);
      else {
        expect(next.statusCode).toBe(403);
        expect(next.json().error.code).toBe('partner_unavailable');
      }
      // Nobody starts a conversation with them, and no one else learns they exist.
      const stranger = await createMemberWithCredits(db, 200);
      const start = await send(stranger.login, { to: { id: partner.id } });
      expect([start.statusCode, start.json().error.code]).toEqual([404, 'member_not_found']);
      expect((await get(`/api/chat.php?member=${partner.id}`, stranger.login)).statusCode).toBe(404);
    },
  );

  it('a block still wins: the conversation is gone as before', async () => {
    const partner = await createMember(db, { gender: 'female' });
    const { me, conversationId } = await conversationWith(partner);
    await hide(partner.id);
    await blockMember(db, partner.id, me.id);
    const res = await get(`/api/chat.php?conversation=${conversationId}`, me.login);
    expect([res.statusCode, res.json().error.code]).toEqual([404, 'conversation_not_found']);
  });
});
