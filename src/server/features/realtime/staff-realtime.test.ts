import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_CLOSE } from '../../../shared/realtime/events.ts';
import type { StaffServerEvent } from '../../../shared/realtime/staff-events.ts';
import { users } from '../../db/schema/accounts.ts';
import { textChanges } from '../../db/schema/moderation.ts';
import { photos } from '../../db/schema/photos.ts';
import { FEATURES } from '../../features.ts';
import { createSecondInstance, createTestApp } from '../../test/app.ts';
import { createMember, createMemberWithCredits, logIn } from '../../test/members.ts';
import { writeConversation } from '../../test/reports.ts';
import { Heard } from '../../test/signals.ts';
import { logInStaffAs, type StaffLogin } from '../../test/staff.ts';
import { eraseAccountJob } from '../auth/account-deletion.service.ts';
import { disableStaff, setStaffRoles } from '../staff/staff.service.ts';
import { CLI_ACTOR } from '../staff/staff-audit.service.ts';
import { STAFF_IDLE_MS } from '../staff/staff-sessions.service.ts';
import { tellStaffLists } from './staff-lists.ts';

const a = await createTestApp({ REALTIME_HEARTBEAT_MS: '150' });
// The staff member's tab is on the second instance, behind the same load balancer as the members'.
const b = await createSecondInstance(a);
let hostA = '';
let hostB = '';
const sockets: WebSocket[] = [];

beforeAll(async () => {
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  hostA = `127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
  hostB = `127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
});
afterAll(() => {
  for (const socket of sockets) socket.terminate();
});

type StaffTab = { heard: Heard<StaffServerEvent>; closed: Promise<number> };

/** A socket on `host` at `path`; resolves once open, rejects with the refusal's HTTP status. */
function open(host: string, path: string, headers: Record<string, string>): Promise<StaffTab> {
  // A browser always names the page's origin on a handshake; a test passes another to be refused.
  const socket = new WebSocket(`ws://${host}${path}`, { headers: { origin: `http://${host}`, ...headers } });
  sockets.push(socket);
  const heard = new Heard<StaffServerEvent>();
  socket.on('message', (data) => heard.push(JSON.parse(String(data))));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    socket.on('open', () => resolve({ heard, closed }));
    socket.on('unexpected-response', (request, response) => {
      // With this listener, ws leaves the refused request to us: end it, or the port stays busy.
      request.destroy();
      reject(new Error(String(response.statusCode)));
    });
    socket.on('error', reject);
  });
}

const staffCookie = (login: StaffLogin) => ({ cookie: `asid=${login.cookies.asid}` });

async function staffTab(host: string, login: StaffLogin) {
  const tab = await open(host, '/api/admin/realtime', staffCookie(login));
  await tab.heard.until((e) => e.type === 'hello');
  return tab;
}

const changesOf = (tab: StaffTab) =>
  tab.heard.items.flatMap((e) => (e.type === 'list_changed' ? [e.change] : []));

/**
 * Proves what did not come: a reports change, heard by admins and moderators, is published after
 * everything so far, so once a tab has it, an earlier event that is not there never comes.
 */
async function markerFor(...tabs: StaffTab[]) {
  const id = Math.floor(Math.random() * 1e9) + 1;
  await tellStaffLists(a.services.db, { list: 'reports', kind: 'opened', id });
  for (const tab of tabs)
    await tab.heard.until(
      (e) => e.type === 'list_changed' && e.change.list === 'reports' && e.change.id === id,
    );
}

/** A member writes to a fictional profile on instance a: the conversation waits for an operator. */
async function memberWritesToProfile(body: string) {
  const profile = await createMember(a.services.db, { fictional: true });
  const member = await createMemberWithCredits(a.services.db, 100);
  const sent = await a.app.inject({
    method: 'POST',
    url: '/api/chat-message.php',
    payload: { to: { id: profile.id }, client_id: randomUUID(), body },
    ...member.login,
  });
  expect(sent.statusCode).toBe(200);
  return { member, conversation: sent.json().message.conversation as { id: number } };
}

describe('the staff socket', () => {
  it('refuses no cookie, a member cookie and a foreign Origin; the member socket refuses a staff cookie', async () => {
    await expect(open(hostA, '/api/admin/realtime', {})).rejects.toThrow('401');
    const member = await createMember(a.services.db);
    const { cookies } = await logIn(a.services.db, member.id);
    await expect(open(hostA, '/api/admin/realtime', { cookie: `sid=${cookies.sid}` })).rejects.toThrow('401');

    const moderator = await logInStaffAs(a.services.db, ['moderator']);
    await expect(
      open(hostA, '/api/admin/realtime', { ...staffCookie(moderator), origin: 'https://evil.example' }),
    ).rejects.toThrow('403');
    // The member socket reads the member's cookie only: to it, a staff person is a visitor.
    await expect(open(hostA, '/api/realtime', staffCookie(moderator))).rejects.toThrow('403');
    await staffTab(hostA, moderator);
  });

  it('tells an operator on another instance that a conversation waits, then that it was claimed', async () => {
    const operator = await logInStaffAs(a.services.db, ['operator']);
    const tab = await staffTab(hostB, operator);
    const { conversation } = await memberWritesToProfile('Hoi, ben je er?');
    const waiting = await tab.heard.until((e) => e.type === 'list_changed');
    // Ids and a kind only: the page reads the queue through its API, where its rights are asked.
    expect(waiting).toEqual({
      type: 'list_changed',
      change: { list: 'operator_queue', kind: 'waiting', id: conversation.id },
    });

    const claimed = await a.app.inject({
      method: 'POST',
      url: '/api/admin/operator-claim.php',
      payload: { conversation },
      cookies: operator.cookies,
      headers: operator.headers,
    });
    expect(claimed.statusCode).toBe(200);
    await tab.heard.until((e) => e.type === 'list_changed' && e.change.kind === 'claimed');
    expect(changesOf(tab)).toEqual([
      { list: 'operator_queue', kind: 'waiting', id: conversation.id },
      { list: 'operator_queue', kind: 'claimed', id: conversation.id },
    ]);
  });

  it("sends a staff member only the lists their rights open: a moderator hears no operators' queue", async () => {
    const moderator = await logInStaffAs(a.services.db, ['moderator']);
    const operator = await logInStaffAs(a.services.db, ['operator']);
    const moderatorTab = await staffTab(hostB, moderator);
    const operatorTab = await staffTab(hostB, operator);

    const { member } = await memberWritesToProfile('Hallo daar');
    await operatorTab.heard.until((e) => e.type === 'list_changed' && e.change.list === 'operator_queue');
    // A changed text is the moderators' list, not the operators'.
    const changed = await a.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      payload: { about_me: 'Ik wandel graag langs de zee en lees veel.' },
      ...member.login,
    });
    expect(changed.statusCode).toBe(200);
    await moderatorTab.heard.until((e) => e.type === 'list_changed' && e.change.list === 'moderation_texts');

    await markerFor(moderatorTab);
    expect(changesOf(moderatorTab).map((c) => c.list)).not.toContain('operator_queue');
    expect(changesOf(operatorTab).map((c) => c.list)).not.toContain('moderation_texts');
    expect(changesOf(operatorTab).map((c) => c.list)).not.toContain('reports');

    // New roles open the list on the open socket, on every instance.
    await setStaffRoles(a.services.db, CLI_ACTOR, operator.id, ['operator', 'moderator'], new Date());
    await b.services.bus.sync();
    await b.services.background.idle();
    await markerFor(operatorTab);
  });

  it('tells a moderator that a report was opened and decided, and nothing of a report that failed', async () => {
    const moderator = await logInStaffAs(a.services.db, ['moderator']);
    const tab = await staffTab(hostB, moderator);
    const reporter = await createMember(a.services.db);
    const bad = await createMember(a.services.db);
    const conversation = await writeConversation(a.services.db, reporter.id, bad.id, [
      { from: bad.id, body: 'Iets naars' },
    ]);
    const login = await logIn(a.services.db, reporter.id);
    const report = (payload: object) =>
      a.app.inject({ method: 'POST', url: '/api/report.php', payload, ...login });
    // Refused (one's own message): no report, no event.
    expect(
      (await report({ kind: 'message', message_id: 999_999_999, reason: 'spam' })).statusCode,
    ).toBeGreaterThanOrEqual(400);
    const opened = await report({ kind: 'message', message_id: conversation.messageIds[0], reason: 'spam' });
    expect(opened.statusCode).toBe(200);
    const id = opened.json().id as number;
    await tab.heard.until((e) => e.type === 'list_changed' && e.change.kind === 'opened');

    const decided = await a.app.inject({
      method: 'POST',
      url: '/api/admin/report-outcome.php',
      payload: { id, outcome: 'dismiss' },
      cookies: moderator.cookies,
      headers: moderator.headers,
    });
    expect(decided.statusCode).toBe(200);
    await tab.heard.until((e) => e.type === 'list_changed' && e.change.kind === 'decided');
    expect(changesOf(tab)).toEqual([
      { list: 'reports', kind: 'opened', id },
      { list: 'reports', kind: 'decided', id },
    ]);
  });

  it("takes an erased account's waiting photo and text out of the moderators' open queues", async () => {
    const moderator = await logInStaffAs(a.services.db, ['moderator']);
    const tab = await staffTab(hostB, moderator);
    const member = await createMember(a.services.db);
    const [photo] = await a.services.db
      .insert(photos)
      .values({ userId: member.id, storageKey: `erased-${randomUUID()}`, width: 10, height: 10 })
      .returning({ id: photos.id });
    const [text] = await a.services.db
      .insert(textChanges)
      .values({ userId: member.id, field: 'about_me', before: null, after: 'Hallo' })
      .returning({ id: textChanges.id });
    const requestedAt = new Date(Date.now() - 30 * 86_400_000);
    await a.services.db
      .update(users)
      .set({ status: 'pending_deletion', deletionRequestedAt: requestedAt })
      .where(eq(users.id, member.id));
    await eraseAccountJob(
      a.services,
      { userId: member.id, requestedAt: requestedAt.toISOString() },
      FEATURES,
    );
    await markerFor(tab);
    expect(changesOf(tab)).toEqual(
      expect.arrayContaining([
        { list: 'moderation_photos', kind: 'left', id: photo?.id },
        { list: 'moderation_texts', kind: 'left', id: text?.id },
      ]),
    );
  });

  it('closes the socket of a session that has ended idle, at the next heartbeat', async () => {
    const moderator = await logInStaffAs(a.services.db, ['moderator']);
    const tab = await staffTab(hostA, moderator);
    const realNow = a.services.now;
    a.services.now = () => new Date(Date.now() + STAFF_IDLE_MS + 60_000);
    try {
      expect(await tab.closed).toBe(REALTIME_CLOSE.sessionEnded);
      expect(tab.heard.items.map((e) => e.type)).toContain('session_ended');
    } finally {
      a.services.now = realNow;
    }
  });

  it("closes a disabled staff member's sockets on every instance", async () => {
    const operator = await logInStaffAs(a.services.db, ['operator']);
    const onA = await staffTab(hostA, operator);
    const onB = await staffTab(hostB, operator);
    await disableStaff(a.services.db, CLI_ACTOR, operator.id, new Date());
    expect(await onA.closed).toBe(REALTIME_CLOSE.sessionEnded);
    expect(await onB.closed).toBe(REALTIME_CLOSE.sessionEnded);
  });
});
