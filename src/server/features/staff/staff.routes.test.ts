import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../shared/contracts/staff.ts';
import { staffAudit } from '../../db/schema/index.ts';
import { createTestApp } from '../../test/app.ts';
import { createMember, logIn } from '../../test/members.ts';
import { DEMO_STAFF, seedDemoStaff } from './demo-staff.ts';
import { addStaff } from './staff.service.ts';
import { CLI_ACTOR } from './staff-audit.service.ts';
import { currentTotpCode } from './staff-totp.ts';

// The per-IP limiter is not what these tests are about (the lockout is).
const { app, services } = await createTestApp({ LOGIN_RATE_LIMIT: '100000' });
let clock = new Date('2026-06-01T12:00:00Z');
services.now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

const PASSWORD = 'Kantoor-Sleutel-2026!';
let counter = 0;
let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `10.7.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
};

async function newStaff(roles: StaffRole[]) {
  counter += 1;
  return addStaff(
    services.db,
    CLI_ACTOR,
    { email: `staff${counter}@example.nl`, name: `Staff ${counter}`, password: PASSWORD, roles },
    clock,
  );
}

type Login = { cookies: { asid: string }; headers: { 'x-csrf-token': string }; secret: string };

const staffCookie = (res: LightMyRequestResponse) => res.cookies.filter((c) => c.name === 'asid');

function post(url: string, payload: unknown, login?: Omit<Login, 'secret'>, remoteAddress = '10.0.0.1') {
  return app.inject({ method: 'POST', url, payload: payload as object, ...login, remoteAddress });
}

/** The secrets the set-ups showed, as the person's authenticator app keeps them. */
const secrets = new Map<string, string>();

/** Password, then a code computed from the secret (scanned at the first login), as an app would. */
async function logInStaff(email: string, remoteAddress = freshIp()): Promise<Login> {
  const first = await post('/api/admin/login.php', { email, password: PASSWORD }, undefined, remoteAddress);
  expect(first.statusCode).toBe(200);
  const asid = staffCookie(first)[0]?.value ?? '';
  const state = first.json();
  if (state.step === 'totp_setup') secrets.set(email, state.secret);
  const secret = secrets.get(email) ?? '';
  const done = await app.inject({
    method: 'POST',
    url: '/api/admin/totp.php',
    payload: { code: currentTotpCode(secret, clock) },
    cookies: { asid },
    remoteAddress,
  });
  expect(done.statusCode).toBe(200);
  // The next code, or a later login would replay the one just used.
  advance(30_000);
  return { cookies: { asid }, headers: { 'x-csrf-token': done.json().csrfToken }, secret };
}

const me = (login: Omit<Login, 'secret'> | { cookies: Record<string, string> }) =>
  app.inject({ method: 'GET', url: '/api/admin/me.php', ...login });

describe('staff login: password, then a TOTP second factor', () => {
  it('sets the second factor up at the first login (QR code, recovery codes once), then asks for a code', async () => {
    const staff = await newStaff(['operator']);
    const ip = freshIp();
    const first = await post(
      '/api/admin/login.php',
      { email: staff.email, password: PASSWORD },
      undefined,
      ip,
    );
    expect(first.statusCode).toBe(200);
    // One cookie per back-office path, none for the member side.
    expect(
      staffCookie(first)
        .map((c) => c.path)
        .sort(),
    ).toEqual(['/admin', '/api/admin']);
    expect(staffCookie(first)[0]).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const setup = first.json();
    expect(setup).toMatchObject({ step: 'totp_setup' });
    expect(setup.qrSvg).toMatch(/^<svg/);
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    const cookies = { asid: staffCookie(first)[0]?.value ?? '' };

    // Half logged in: nothing opens yet.
    expect((await me({ cookies })).json().error.code).toBe('staff_login_required');
    // Showing the set-up again keeps the secret the app may already have scanned.
    const again = await app.inject({ method: 'GET', url: '/api/admin/login.php', cookies });
    expect(again.json().secret).toBe(setup.secret);

    const wrong = await app.inject({
      method: 'POST',
      url: '/api/admin/totp.php',
      payload: { code: '000000' === currentTotpCode(setup.secret, clock) ? '111111' : '000000' },
      cookies,
      remoteAddress: ip,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('totp_invalid');

    const ok = await app.inject({
      method: 'POST',
      url: '/api/admin/totp.php',
      payload: { code: currentTotpCode(setup.secret, clock) },
      cookies,
      remoteAddress: ip,
    });
    expect(ok.statusCode).toBe(200);
    const done = ok.json();
    expect(done.step).toBe('done');
    expect(done.recoveryCodes).toHaveLength(10);
    const who = await me({ cookies });
    expect(who.json()).toMatchObject({ id: staff.id, roles: ['operator'], sections: ['home', 'operators'] });

    // A later login asks for the code only; the code just used never serves twice.
    const second = await post(
      '/api/admin/login.php',
      { email: staff.email, password: PASSWORD },
      undefined,
      ip,
    );
    expect(second.json()).toEqual({ step: 'totp' });
    const cookies2 = { asid: staffCookie(second)[0]?.value ?? '' };
    const replay = await app.inject({
      method: 'POST',
      url: '/api/admin/totp.php',
      payload: { code: currentTotpCode(setup.secret, clock) },
      cookies: cookies2,
      remoteAddress: ip,
    });
    expect(replay.json().error.code).toBe('totp_invalid');
    // A recovery code works once, and is not shown again.
    const [recovery] = done.recoveryCodes;
    const byRecovery = await app.inject({
      method: 'POST',
      url: '/api/admin/totp.php',
      payload: { code: recovery },
      cookies: cookies2,
      remoteAddress: ip,
    });
    expect(byRecovery.json()).toMatchObject({ step: 'done', recoveryCodes: null });

    const audit = await services.db.select().from(staffAudit).where(sql`${staffAudit.staffId} = ${staff.id}`);
    expect(audit.map((row) => [row.action, row.after])).toEqual([
      ['staff.login', { secondFactor: 'totp_setup' }],
      ['staff.login', { secondFactor: 'recovery_code' }],
    ]);
    // The wrong code and the replayed one are there too, against the account, by nobody logged in.
    const failed = await services.db
      .select()
      .from(staffAudit)
      .where(
        sql`${staffAudit.target} = ${`staff:${staff.id}`} and ${staffAudit.action} = 'staff.login_failed'`,
      );
    expect(failed.map((row) => [row.staffId, row.roles, row.ip, row.after])).toEqual([
      [null, [], ip, { step: 'second_factor', reason: 'wrong_code', locked: false }],
      [null, [], ip, { step: 'second_factor', reason: 'wrong_code', locked: false }],
    ]);
  });

  it('answers a wrong password and an unknown address alike, and locks after five per address typed', async () => {
    const staff = await newStaff(['operator']);
    const wrong = await post(
      '/api/admin/login.php',
      { email: staff.email, password: 'nope' },
      undefined,
      freshIp(),
    );
    const unknown = await post('/api/admin/login.php', { email: 'nobody@example.nl', password: 'nope' });
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.code).toBe('login_failed');
    for (let i = 0; i < 4; i += 1)
      await post('/api/admin/login.php', { email: staff.email, password: 'nope' }, undefined, freshIp());
    const locked = await post(
      '/api/admin/login.php',
      { email: staff.email, password: PASSWORD },
      undefined,
      freshIp(),
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('account_locked');
    // Each failed check is in the audit log, the fifth saying it locked the login; the attempt
    // refused while locked is not (the lockout bounds the rows). An unknown address keeps no target.
    const failed = async (target: string | null) =>
      (
        await services.db
          .select()
          .from(staffAudit)
          .where(
            target === null
              ? sql`${staffAudit.target} is null and ${staffAudit.action} = 'staff.login_failed'`
              : sql`${staffAudit.target} = ${target} and ${staffAudit.action} = 'staff.login_failed'`,
          )
      ).map((row) => row.after);
    const wrongPassword = { step: 'password', reason: 'wrong_password' };
    expect(await failed(`staff:${staff.id}`)).toEqual([
      ...Array.from({ length: 4 }, () => ({ ...wrongPassword, locked: false })),
      { ...wrongPassword, locked: true },
    ]);
    expect(await failed(null)).toContainEqual({ step: 'password', reason: 'unknown_address', locked: false });
    advance(15 * 60_000);
    await logInStaff(staff.email);
  });

  it('locks an address after five failures whatever accounts it tries', async () => {
    const staff = await newStaff(['operator']);
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1)
      await post('/api/admin/login.php', { email: `guess${i}@example.nl`, password: 'nope' }, undefined, ip);
    const locked = await post(
      '/api/admin/login.php',
      { email: staff.email, password: PASSWORD },
      undefined,
      ip,
    );
    expect(locked.json().error.code).toBe('account_locked');
    // From another address the account itself is fine.
    await logInStaff(staff.email);
  });

  it('ends a session after 30 idle minutes and 12 hours after the login, and at logout', async () => {
    const staff = await newStaff(['operator']);
    const idle = await logInStaff(staff.email);
    advance(29 * 60_000);
    expect((await me(idle)).statusCode).toBe(200);
    advance(29 * 60_000);
    expect((await me(idle)).statusCode).toBe(200);
    advance(31 * 60_000);
    expect((await me(idle)).json().error.code).toBe('staff_login_required');

    const busy = await logInStaff(staff.email);
    for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
      advance(20 * 60_000);
      expect((await me(busy)).statusCode, `${minutes} min`).toBe(200);
    }
    advance(25 * 60_000);
    expect((await me(busy)).statusCode).toBe(401);

    const out = await logInStaff(staff.email);
    expect((await post('/api/admin/logout.php', {}, out)).statusCode).toBe(200);
    expect((await me(out)).statusCode).toBe(401);
  });
});

describe('staff and members never share a session', () => {
  it('refuses a member cookie on the back office and ignores a staff cookie on the member side', async () => {
    const member = await createMember(services.db);
    const memberLogin = await logIn(services.db, member.id, clock);
    const asMember = await me(memberLogin);
    expect(asMember.statusCode).toBe(401);
    expect(asMember.json().error.code).toBe('staff_login_required');
    // Even a member cookie holding a staff token's value opens nothing: the names differ.
    const staff = await newStaff(['admin']);
    const login = await logInStaff(staff.email);
    expect((await me({ cookies: { sid: login.cookies.asid } })).statusCode).toBe(401);
    const user = await app.inject({
      method: 'GET',
      url: '/api/user.php',
      cookies: { sid: login.cookies.asid },
    });
    expect(user.json()).not.toHaveProperty('user.id');
    const userWithStaffCookie = await app.inject({ method: 'GET', url: '/api/user.php', ...login });
    expect(JSON.stringify(userWithStaffCookie.json())).not.toContain(staff.email);
  });

  it('refuses a visitor and a member before the body is read: staff_login_required, never the fields', async () => {
    const member = await createMember(services.db);
    const memberLogin = await logIn(services.db, member.id, clock);
    for (const caller of [{}, memberLogin]) {
      for (const url of ['/api/admin/staff-roles.php', '/api/admin/staff-disable.php']) {
        const res = await app.inject({ method: 'POST', url, payload: { id: 'x' }, ...caller });
        expect(res.statusCode, url).toBe(401);
        expect(res.json().error.code).toBe('staff_login_required');
      }
      const audit = await app.inject({ method: 'GET', url: '/api/admin/audit.php?page=0', ...caller });
      expect(audit.statusCode).toBe(401);
    }
  });

  it('checks the staff token, not the member one, for a person logged in on both sides', async () => {
    const member = await createMember(services.db);
    const memberLogin = await logIn(services.db, member.id, clock);
    const admin = await newStaff(['admin']);
    const login = await logInStaff(admin.email);
    const other = await newStaff(['moderator']);
    const res = await post(
      '/api/admin/staff-roles.php',
      { id: other.id, roles: ['operator'] },
      {
        cookies: { ...memberLogin.cookies, ...login.cookies },
        headers: login.headers,
      },
    );
    expect(res.statusCode).toBe(200);
    const withMemberToken = await post(
      '/api/admin/staff-roles.php',
      { id: other.id, roles: ['moderator'] },
      {
        cookies: { ...memberLogin.cookies, ...login.cookies },
        headers: memberLogin.headers,
      },
    );
    expect(withMemberToken.json().error.code).toBe('csrf_failed');
  });

  it('refuses a change without the staff session’s CSRF token', async () => {
    const admin = await newStaff(['admin']);
    const login = await logInStaff(admin.email);
    const res = await post(
      '/api/admin/staff-disable.php',
      { id: admin.id },
      { cookies: login.cookies, headers: { 'x-csrf-token': 'wrong' } },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('csrf_failed');
  });
});

describe('admins manage staff, with an audit row in the same transaction', () => {
  it('adds, changes roles, resets 2FA and disables; every change is audited with before and after', async () => {
    const admin = await newStaff(['admin']);
    const login = await logInStaff(admin.email);
    expect((await me(login)).json().sections).toEqual([
      'home',
      'staff',
      'audit',
      'operators',
      'moderation',
      'reports',
      'profiles',
    ]);

    const added = await post(
      '/api/admin/staff.php',
      { email: 'new.operator@example.nl', name: 'New Operator', password: PASSWORD, roles: ['operator'] },
      login,
    );
    expect(added.statusCode).toBe(200);
    const operator = added.json();
    expect(operator).toMatchObject({ roles: ['operator'], disabled: false, totpReady: false });
    expect(operator).not.toHaveProperty('passwordHash');

    const again = await post(
      '/api/admin/staff.php',
      { email: 'NEW.operator@example.nl', name: 'Twin', password: PASSWORD, roles: ['operator'] },
      login,
    );
    expect(again.json().error.code).toBe('staff_email_taken');
    const weak = await post(
      '/api/admin/staff.php',
      { email: 'weak@example.nl', name: 'Weak', password: 'short', roles: ['operator'] },
      login,
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.details.fieldErrors.password).toEqual(['password_too_short']);

    const operatorLogin = await logInStaff('new.operator@example.nl');
    const list = await app.inject({ method: 'GET', url: '/api/admin/staff.php', ...operatorLogin });
    expect(list.statusCode).toBe(403);
    expect(list.json().error.code).toBe('forbidden');

    const roles = await post(
      '/api/admin/staff-roles.php',
      { id: operator.id, roles: ['operator', 'moderator'] },
      login,
    );
    expect(roles.json().roles).toEqual(['moderator', 'operator']);
    const self = await post('/api/admin/staff-roles.php', { id: admin.id, roles: ['operator'] }, login);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.code).toBe('cannot_change_self');

    expect((await post('/api/admin/staff-reset-2fa.php', { id: operator.id }, login)).json().totpReady).toBe(
      false,
    );
    // A reset ends the person's sessions.
    expect((await me(operatorLogin)).statusCode).toBe(401);
    const relogin = await logInStaff('new.operator@example.nl');
    expect((await post('/api/admin/staff-disable.php', { id: operator.id }, login)).json().disabled).toBe(
      true,
    );
    expect((await me(relogin)).statusCode).toBe(401);
    const refused = await post('/api/admin/login.php', {
      email: 'new.operator@example.nl',
      password: PASSWORD,
    });
    expect(refused.json().error.code).toBe('login_failed');

    const audit = await app.inject({
      method: 'GET',
      url: `/api/admin/audit.php?target=staff:${operator.id}`,
      ...login,
    });
    const rows = audit.json().rows.filter((row: { action: string }) => row.action !== 'staff.login');
    expect(rows.map((row: { action: string; staffId: number | null }) => [row.action, row.staffId])).toEqual([
      // The disabled account's refused login, by nobody logged in.
      ['staff.login_failed', null],
      ['staff.disable', admin.id],
      ['staff.reset_2fa', admin.id],
      ['staff.roles', admin.id],
      ['staff.add', admin.id],
    ]);
    const rolesRow = rows.find((row: { action: string }) => row.action === 'staff.roles');
    expect(rolesRow.before.roles).toEqual(['operator']);
    expect(rolesRow.after.roles).toEqual(['moderator', 'operator']);
    expect(rolesRow).toMatchObject({ roles: ['admin'], ip: '10.0.0.1', staffName: admin.name });

    const byPerson = await app.inject({
      method: 'GET',
      url: `/api/admin/audit.php?staff_id=${admin.id}`,
      ...login,
    });
    expect(byPerson.json().rows.every((row: { staffId: number }) => row.staffId === admin.id)).toBe(true);
    const today = clock.toISOString().slice(0, 10);
    const tomorrow = new Date(clock.getTime() + 86_400_000).toISOString().slice(0, 10);
    const inDays = await app.inject({
      method: 'GET',
      url: `/api/admin/audit.php?staff_id=${admin.id}&from=${today}&to=${today}`,
      ...login,
    });
    expect(inDays.json().rows.length).toBe(byPerson.json().rows.length);
    const later = await app.inject({
      method: 'GET',
      url: `/api/admin/audit.php?staff_id=${admin.id}&from=${tomorrow}`,
      ...login,
    });
    expect(later.json().rows).toEqual([]);
  });

  it('lists each account with the start of its last completed login, null before the first', async () => {
    const admin = await logInStaff((await newStaff(['admin'])).email);
    const fresh = await newStaff(['operator']);
    const loggedInAt = clock.toISOString();
    await logInStaff(fresh.email);
    // A password without the code is no login.
    await post('/api/admin/login.php', { email: fresh.email, password: PASSWORD }, undefined, freshIp());
    const never = await newStaff(['moderator']);
    const list = await app.inject({ method: 'GET', url: '/api/admin/staff.php', ...admin });
    expect(list.statusCode).toBe(200);
    const byId = new Map(list.json().map((row: { id: number }) => [row.id, row]));
    expect(byId.get(fresh.id)).toMatchObject({ email: fresh.email, lastLoginAt: loggedInAt });
    expect(byId.get(never.id)).toMatchObject({ lastLoginAt: null });
  });

  it('keeps the audit log append-only: the database refuses UPDATE and DELETE', async () => {
    await newStaff(['moderator']);
    const refusal = (statement: ReturnType<typeof sql>) =>
      services.db.execute(statement).then(
        () => 'done',
        (error: Error) => String((error.cause as Error | undefined)?.message),
      );
    expect(await refusal(sql`update staff_audit set action = 'x'`)).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(sql`delete from staff_audit`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`truncate staff_audit`)).toMatch(/append-only: TRUNCATE refused/);
  });
});

describe('demo staff', () => {
  it('logs in with the README password and a code from the README secret; a second seed adds nothing', async () => {
    const options = { passwords: 'readme' as const, randomPassword: () => 'unused' };
    expect(await seedDemoStaff(services.db, clock, options)).toBe(3);
    expect(await seedDemoStaff(services.db, clock, options)).toBe(0);
    for (const demo of DEMO_STAFF) {
      const ip = freshIp();
      const first = await post(
        '/api/admin/login.php',
        { email: demo.email, password: demo.password },
        undefined,
        ip,
      );
      expect(first.json()).toEqual({ step: 'totp' });
      const done = await app.inject({
        method: 'POST',
        url: '/api/admin/totp.php',
        payload: { code: currentTotpCode(demo.totpSecret, clock) },
        cookies: { asid: staffCookie(first)[0]?.value ?? '' },
        remoteAddress: ip,
      });
      expect(done.json().step, demo.email).toBe('done');
    }
  });
});

describe('the sections each role opens', () => {
  it("a moderator's nav has moderation and reports, and nothing of the operators or admins", async () => {
    const moderator = await newStaff(['moderator']);
    const login = await logInStaff(moderator.email);
    expect((await me(login)).json().sections).toEqual(['home', 'moderation', 'reports']);
  });
});
