import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { createMember, logIn, type TestLogin } from '../../test/members.ts';
import { logInStaff, writeConversation } from '../../test/reports.ts';
import { hashPassword } from '../auth/passwords.ts';
import { REPORTS_PER_DAY } from './reports.service.ts';

const { app, services } = await createTestApp();
const now = new Date();

const post = (url: string, payload: unknown, login?: object) =>
  app.inject({ method: 'POST', url, payload: payload as object, ...login });
const get = (url: string, login?: object) => app.inject({ method: 'GET', url, ...login });
const codeOf = (res: LightMyRequestResponse) => res.json().error?.code;

/** Two members who wrote to each other; `bad` sent the last message, which `reporter` reports. */
async function pairWithConversation(lines = 3) {
  const reporter = await createMember(services.db, { language: 'de' });
  const bad = await createMember(services.db);
  const conversation = await writeConversation(
    services.db,
    reporter.id,
    bad.id,
    Array.from({ length: lines }, (_, i) => ({
      from: i % 2 === 0 ? reporter.id : bad.id,
      body: `line ${i + 1}`,
    })),
  );
  return { reporter, bad, conversation, login: await logIn(services.db, reporter.id) };
}

const auditCount = async () =>
  (await services.pool.query('select count(*)::int as n from staff_audit')).rows[0].n as number;

describe('POST /api/report.php', () => {
  it('freezes the reported message and the conversation history at the time of the report', async () => {
    const { bad, conversation, login } = await pairWithConversation(4);
    const reported = conversation.messageIds[1] as number;
    const res = await post(
      '/api/report.php',
      { kind: 'message', message_id: reported, reason: 'harassment', note: 'Keeps insulting me' },
      login,
    );
    expect(res.statusCode).toBe(200);
    const id = res.json().id;
    // Later changes to the conversation do not change what the moderator reads.
    await services.pool.query(`update messages set body = 'edited' where conversation_id = $1`, [
      conversation.id,
    ]);
    const [row] = (await services.pool.query('select * from reports where id = $1', [id])).rows;
    expect(row).toMatchObject({
      source: 'member',
      kind: 'message',
      reported_id: bad.id,
      message_id: reported,
      reason: 'harassment',
      note: 'Keeps insulting me',
      status: 'open',
    });
    expect(row.evidence.messages.map((m: { body: string }) => m.body)).toEqual([
      'line 1',
      'line 2',
      'line 3',
      'line 4',
    ]);
    expect(row.evidence.messages.filter((m: { reported: boolean }) => m.reported)).toEqual([
      expect.objectContaining({ id: reported, senderId: bad.id }),
    ]);
  });

  it('answers the same report again with the first one while it is open', async () => {
    const { conversation, login } = await pairWithConversation();
    const body = { kind: 'message', message_id: conversation.messageIds[1], reason: 'spam' };
    const first = await post('/api/report.php', body, login);
    const again = await post('/api/report.php', body, login);
    expect(again.json().id).toBe(first.json().id);
  });

  it("refuses one's own message, another pair's message, unknown members and visitors", async () => {
    const { conversation, login, reporter } = await pairWithConversation();
    const own = await post(
      '/api/report.php',
      { kind: 'message', message_id: conversation.messageIds[0], reason: 'spam' },
      login,
    );
    expect([own.statusCode, codeOf(own)]).toEqual([400, 'cannot_report_self']);
    const others = await pairWithConversation();
    const foreign = await post(
      '/api/report.php',
      { kind: 'message', message_id: others.conversation.messageIds[1], reason: 'spam' },
      login,
    );
    expect([foreign.statusCode, codeOf(foreign)]).toEqual([404, 'report_target_not_found']);
    const unknown = await post(
      '/api/report.php',
      { kind: 'profile', member_id: 999_999, reason: 'spam' },
      login,
    );
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'report_target_not_found']);
    const self = await post(
      '/api/report.php',
      { kind: 'profile', member_id: reporter.id, reason: 'spam' },
      login,
    );
    expect(codeOf(self)).toBe('cannot_report_self');
    const visitor = await post('/api/report.php', {
      kind: 'profile',
      member_id: reporter.id,
      reason: 'spam',
    });
    expect([visitor.statusCode, codeOf(visitor)]).toEqual([403, 'authentication_required']);
    const bad = await post(
      '/api/report.php',
      { kind: 'profile', member_id: reporter.id, reason: 'x' },
      login,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fieldErrors.reason).toEqual(['report_reason_required']);
  });

  it('reports a profile with the texts it shows now', async () => {
    const reporter = await createMember(services.db);
    const fake = await createMember(services.db, { aboutMe: 'Send me money first' });
    const res = await post(
      '/api/report.php',
      { kind: 'profile', member_id: fake.id, reason: 'fake_profile' },
      await logIn(services.db, reporter.id),
    );
    expect(res.statusCode).toBe(200);
    const [row] = (await services.pool.query('select evidence from reports where id = $1', [res.json().id]))
      .rows;
    expect(row.evidence.profile).toEqual({
      name: fake.name,
      aboutMe: 'Send me money first',
      city: 'Utrecht',
    });
    expect(row.evidence.messages).toEqual([]);
  });

  it(`allows ${REPORTS_PER_DAY} reports a member a day, whatever session or address they use`, async () => {
    const reporter = await createMember(services.db);
    const targets = await Promise.all(
      Array.from({ length: REPORTS_PER_DAY + 1 }, () => createMember(services.db)),
    );
    for (const target of targets.slice(0, REPORTS_PER_DAY)) {
      const res = await post(
        '/api/report.php',
        { kind: 'profile', member_id: target.id, reason: 'spam' },
        await logIn(services.db, reporter.id),
      );
      expect(res.statusCode).toBe(200);
    }
    const last = targets.at(-1)?.id;
    // A new session, another address and a forged forwarding header buy nothing.
    const fresh = await logIn(services.db, reporter.id);
    const over = await app.inject({
      method: 'POST',
      url: '/api/report.php',
      payload: { kind: 'profile', member_id: last, reason: 'spam' },
      cookies: fresh.cookies,
      headers: { ...fresh.headers, 'x-forwarded-for': '203.0.113.9' },
      remoteAddress: '10.66.0.1',
    });
    expect([over.statusCode, codeOf(over)]).toEqual([429, 'rate_limited']);
  });
});

describe('complaints join the queue', () => {
  it('a complaint from the form is an open report with source complaint and what was typed', async () => {
    const res = await post('/api/complaints.php', {
      name: 'Jan de Vries',
      email: 'jan@example.nl',
      subject: 'member',
      message: 'Een lid stuurt mij steeds ongewenste berichten.',
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await services.pool.query(
      "select source, kind, reason, status, evidence from reports where source = 'complaint'",
    );
    expect(rows).toEqual([
      expect.objectContaining({
        source: 'complaint',
        kind: 'complaint',
        reason: 'member',
        status: 'open',
        evidence: expect.objectContaining({
          complaint: {
            name: 'Jan de Vries',
            email: 'jan@example.nl',
            subject: 'member',
            message: 'Een lid stuurt mij steeds ongewenste berichten.',
          },
        }),
      }),
    ]);
  });
});

describe('the back office: who may call each route', () => {
  type Caller = 'visitor' | 'member' | 'operator' | 'moderator' | 'admin';
  const callers = async (): Promise<Record<Caller, object>> => {
    const member = await createMember(services.db);
    return {
      visitor: {},
      member: await logIn(services.db, member.id),
      operator: await logInStaff(services.db, ['operator'], now),
      moderator: await logInStaff(services.db, ['moderator'], now),
      admin: await logInStaff(services.db, ['admin'], now),
    };
  };
  const expected: Record<Caller, string | null> = {
    visitor: 'staff_login_required',
    member: 'staff_login_required',
    operator: 'forbidden',
    moderator: null,
    admin: null,
  };

  const routes: [
    string,
    (login: object, reportId: number, memberId: number) => Promise<LightMyRequestResponse>,
  ][] = [
    ['GET /api/admin/reports.php', (login) => get('/api/admin/reports.php', login)],
    ['GET /api/admin/report.php', (login, id) => get(`/api/admin/report.php?id=${id}`, login)],
    [
      'POST /api/admin/report-outcome.php',
      (login, id) => post('/api/admin/report-outcome.php', { id, outcome: 'dismiss' }, login),
    ],
    [
      'POST /api/admin/suspension-lift.php',
      (login, _id, memberId) => post('/api/admin/suspension-lift.php', { member_id: memberId }, login),
    ],
  ];

  it.each(routes)('%s: moderators and admins only', async (_name, call) => {
    const logins = await callers();
    const results: Record<string, string | null> = {};
    for (const [caller, login] of Object.entries(logins)) {
      // A fresh report and a suspended member for each caller: a decision closes the report.
      const { conversation, login: reporterLogin, bad } = await pairWithConversation();
      const { id } = (
        await post(
          '/api/report.php',
          { kind: 'message', message_id: conversation.messageIds[1], reason: 'spam' },
          reporterLogin,
        )
      ).json();
      const admin = await logInStaff(services.db, ['admin'], now);
      const suspended = await pairWithConversation();
      const other = (
        await post(
          '/api/report.php',
          { kind: 'message', message_id: suspended.conversation.messageIds[1], reason: 'spam' },
          suspended.login,
        )
      ).json().id;
      await post('/api/admin/report-outcome.php', { id: other, outcome: 'suspend' }, admin);
      void bad;
      const res = await call(login, id, suspended.bad.id);
      results[caller] = res.statusCode === 200 ? null : codeOf(res);
    }
    expect(results).toEqual(expected);
  });

  it('refuses every change without the staff CSRF token, and with a member session only', async () => {
    const moderator = await logInStaff(services.db, ['moderator'], now);
    const { conversation, login } = await pairWithConversation();
    const { id } = (
      await post(
        '/api/report.php',
        { kind: 'message', message_id: conversation.messageIds[1], reason: 'spam' },
        login,
      )
    ).json();
    for (const [url, body] of [
      ['/api/admin/report-outcome.php', { id, outcome: 'dismiss' }],
      ['/api/admin/suspension-lift.php', { member_id: 1 }],
    ] as const) {
      const without = await post(url, body, { cookies: moderator.cookies });
      expect([without.statusCode, codeOf(without)]).toEqual([403, 'csrf_failed']);
      const wrong = await post(url, body, {
        cookies: moderator.cookies,
        headers: { 'x-csrf-token': 'nope' },
      });
      expect(codeOf(wrong)).toBe('csrf_failed');
    }
    const [row] = (await services.pool.query('select status from reports where id = $1', [id])).rows;
    expect(row.status).toBe('open');
  });
});

describe('the queue, a report and its outcomes', () => {
  it('lists open reports first, oldest first, and shows a report with its evidence (audited)', async () => {
    const moderator = await logInStaff(services.db, ['moderator'], now);
    const { conversation, login } = await pairWithConversation();
    const { id } = (
      await post(
        '/api/report.php',
        { kind: 'message', message_id: conversation.messageIds[1], reason: 'scam' },
        login,
      )
    ).json();
    const queue = (await get('/api/admin/reports.php', moderator)).json();
    const statuses = queue.rows.map((row: { status: string }) => row.status);
    expect(
      statuses.indexOf('closed') === -1 || statuses.lastIndexOf('open') < statuses.indexOf('closed'),
    ).toBe(true);
    const open = queue.rows.filter((row: { status: string }) => row.status === 'open');
    const times = open.map((row: { createdAt: string }) => row.createdAt);
    expect([...times].sort()).toEqual(times);
    expect(open.map((row: { id: number }) => row.id)).toContain(id);
    // The queue carries no evidence and no address.
    expect(JSON.stringify(queue)).not.toContain('line 2');
    expect(JSON.stringify(queue)).not.toContain('@example.nl');

    const before = await auditCount();
    const detail = await get(`/api/admin/report.php?id=${id}`, moderator);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().evidence.messages).toHaveLength(3);
    expect(await auditCount()).toBe(before + 1);
    const [audit] = (
      await services.pool.query('select action, target, staff_id from staff_audit order by id desc limit 1')
    ).rows;
    expect(audit).toEqual({ action: 'report.view', target: `report:${id}`, staff_id: moderator.id });

    const missing = await get('/api/admin/report.php?id=999999', moderator);
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'report_not_found']);
  });

  it('narrows the queue by reason and by source; an unknown filter is a 400', async () => {
    const moderator = await logInStaff(services.db, ['moderator'], now);
    const { conversation, login } = await pairWithConversation();
    const { id: underage } = (
      await post(
        '/api/report.php',
        { kind: 'message', message_id: conversation.messageIds[1], reason: 'underage' },
        login,
      )
    ).json();
    await post('/api/complaints.php', {
      name: 'Klaas',
      email: 'klaas@example.nl',
      subject: 'privacy',
      message: 'Mijn gegevens staan ergens waar ze niet horen.',
    });
    const rowsOf = async (query: string) => {
      const res = await get(`/api/admin/reports.php?${query}`, moderator);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().rows as { id: number; reason: string; source: string }[];
    };
    const byReason = await rowsOf('reason=underage');
    expect(byReason.map((row) => row.id)).toContain(underage);
    expect(new Set(byReason.map((row) => row.reason))).toEqual(new Set(['underage']));
    const complaints = await rowsOf('source=complaint&status=all');
    expect(complaints.length).toBeGreaterThan(0);
    expect(new Set(complaints.map((row) => row.source))).toEqual(new Set(['complaint']));
    expect(complaints.map((row) => row.id)).not.toContain(underage);
    const privacy = await rowsOf('source=complaint&reason=privacy');
    expect(privacy.map((row) => row.reason)).toEqual(['privacy']);
    expect(await rowsOf('source=member&reason=privacy')).toEqual([]);
    const bad = await get('/api/admin/reports.php?reason=rude', moderator);
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, 'validation_failed']);
  });

  it('warn: the member must acknowledge the warning; the reporter is told in their language, nothing more', async () => {
    const moderator = await logInStaff(services.db, ['moderator'], now);
    const { conversation, login, bad } = await pairWithConversation();
    const { id } = (
      await post(
        '/api/report.php',
        { kind: 'message', message_id: conversation.messageIds[1], reason: 'harassment' },
        login,
      )
    ).json();
    const before = await auditCount();
    const res = await post(
      '/api/admin/report-outcome.php',
      { id, outcome: 'warn', note: 'Be polite.' },
      moderator,
    );
    expect(res.statusCode).toBe(200);
    expect(await auditCount()).toBe(before + 1);

    // The moderators see the member as warned, with the warning still unread.
    const closed = (await get('/api/admin/reports.php?status=closed', moderator)).json();
    expect(closed.rows.find((row: { id: number }) => row.id === id).reported).toMatchObject({
      id: bad.id,
      warnings: 1,
      warningUnread: true,
    });

    const badLogin = await logIn(services.db, bad.id);
    const notices = (await get('/api/moderation-notices.php', badLogin)).json();
    expect(notices.warning).toMatchObject({ reason: 'harassment', note: 'Be polite.' });
    const ack = await post(
      '/api/moderation-notices.php',
      { kind: 'warning', id: notices.warning.id },
      badLogin,
    );
    expect(ack.statusCode).toBe(200);
    expect((await get('/api/moderation-notices.php', badLogin)).json().warning).toBeNull();
    expect((await get(`/api/admin/report.php?id=${id}`, moderator)).json().reported).toMatchObject({
      warnings: 1,
      warningUnread: false,
    });

    // The reporter: an in-app notice and a mail in German, neither naming what was done.
    const reporterNotices = (await get('/api/moderation-notices.php', login)).json();
    expect(reporterNotices.outcomes).toEqual([expect.objectContaining({ id, outcome: 'acted' })]);
    await services.jobs.drain();
    const mail = (await services.mailer.listStored()).find((m) =>
      m.subject.includes(`M-${String(id).padStart(6, '0')}`),
    );
    expect(mail?.text).toContain('Maßnahmen ergriffen');
    expect(mail?.text).not.toContain(bad.name);
    expect(mail?.text.toLowerCase()).not.toContain('verwarn');
    await post('/api/moderation-notices.php', { kind: 'outcome', ids: [id] }, login);
    expect((await get('/api/moderation-notices.php', login)).json().outcomes).toEqual([]);

    const again = await post('/api/admin/report-outcome.php', { id, outcome: 'dismiss' }, moderator);
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'report_already_decided']);
  });

  it('hide: the profile is gone for others, the member keeps their session', async () => {
    const moderator = await logInStaff(services.db, ['moderator'], now);
    const { login, bad } = await pairWithConversation();
    const viewer = await logIn(services.db, (await createMember(services.db)).id);
    expect((await get(`/api/member.php?id=${bad.id}`, viewer)).statusCode).toBe(200);
    const { id } = (
      await post('/api/report.php', { kind: 'profile', member_id: bad.id, reason: 'fake_profile' }, login)
    ).json();
    expect((await post('/api/admin/report-outcome.php', { id, outcome: 'hide' }, moderator)).statusCode).toBe(
      200,
    );
    expect((await get(`/api/member.php?id=${bad.id}`, viewer)).statusCode).toBe(404);
    expect((await get('/api/user.php', await logIn(services.db, bad.id))).statusCode).toBe(200);
  });

  it('suspend: sessions end, login answers account_suspended; lift gives the account back', async () => {
    const moderator = await logInStaff(services.db, ['moderator'], now);
    const { login, bad } = await pairWithConversation();
    await services.pool.query('update users set password_hash = $1 where id = $2', [
      await hashPassword('Geheim-Wachtwoord-1'),
      bad.id,
    ]);
    const badLogin: TestLogin = await logIn(services.db, bad.id);
    expect((await get('/api/user.php', badLogin)).json().user).toBeTruthy();
    const { id } = (
      await post('/api/report.php', { kind: 'profile', member_id: bad.id, reason: 'scam' }, login)
    ).json();
    expect(
      (await post('/api/admin/report-outcome.php', { id, outcome: 'suspend' }, moderator)).statusCode,
    ).toBe(200);

    expect((await get('/api/user.php', badLogin)).json().user).toBeFalsy();
    const refused = await post('/api/user.php', { email: bad.email, password: 'Geheim-Wachtwoord-1' });
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'account_suspended']);
    // A wrong password tells nothing about the suspension.
    const wrong = await post('/api/user.php', { email: bad.email, password: 'Verkeerd-Wachtwoord-1' });
    expect(codeOf(wrong)).toBe('login_failed');

    const lift = await post('/api/admin/suspension-lift.php', { member_id: bad.id }, moderator);
    expect(lift.statusCode).toBe(200);
    const [audit] = (
      await services.pool.query('select action, target, after from staff_audit order by id desc limit 1')
    ).rows;
    expect(audit).toEqual({
      action: 'member.lift_suspension',
      target: `member:${bad.id}`,
      after: { status: 'active' },
    });
    const back = await post('/api/user.php', { email: bad.email, password: 'Geheim-Wachtwoord-1' });
    expect(back.statusCode).toBe(200);
    const twice = await post('/api/admin/suspension-lift.php', { member_id: bad.id }, moderator);
    expect([twice.statusCode, codeOf(twice)]).toEqual([409, 'member_not_suspended']);
  });

  it('a decision that fails on the way leaves no audit row and changes nothing', async () => {
    const moderator = await logInStaff(services.db, ['moderator'], now);
    const { login, bad } = await pairWithConversation();
    const { id } = (
      await post('/api/report.php', { kind: 'profile', member_id: bad.id, reason: 'scam' }, login)
    ).json();
    const before = await auditCount();
    const enqueue = services.enqueue;
    // The last step of the decision's transaction fails (the reporter's mail job).
    services.enqueue = async () => {
      throw new Error('queue down');
    };
    try {
      const res = await post('/api/admin/report-outcome.php', { id, outcome: 'suspend' }, moderator);
      expect(res.statusCode).toBe(500);
    } finally {
      services.enqueue = enqueue;
    }
    expect(await auditCount()).toBe(before);
    const [report] = (await services.pool.query('select status from reports where id = $1', [id])).rows;
    expect(report.status).toBe('open');
    const [user] = (await services.pool.query('select status from users where id = $1', [bad.id])).rows;
    expect(user.status).toBe('active');
  });

  it('a complaint can only be dismissed (it names no member), and the complainant is mailed', async () => {
    const moderator = await logInStaff(services.db, ['moderator'], now);
    await post('/api/complaints.php', {
      name: 'Piet',
      email: 'piet@example.nl',
      subject: 'other',
      message: 'Een klacht die lang genoeg is om te versturen.',
    });
    const [{ id }] = (
      await services.pool.query("select id from reports where source = 'complaint' order by id desc limit 1")
    ).rows;
    const warn = await post('/api/admin/report-outcome.php', { id, outcome: 'warn' }, moderator);
    expect([warn.statusCode, codeOf(warn)]).toEqual([400, 'report_outcome_invalid']);
    expect(
      (await post('/api/admin/report-outcome.php', { id, outcome: 'dismiss' }, moderator)).statusCode,
    ).toBe(200);
    await services.jobs.drain();
    const mail = (await services.mailer.listStored()).find(
      (m) => m.to === 'piet@example.nl' && m.subject.includes(`M-${String(id).padStart(6, '0')}`),
    );
    expect(mail?.text).toContain('geen overtreding');
  });
});
