import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../shared/contracts/staff.ts';
import { moderationNotices, photos, staffAudit, textChanges, users } from '../../db/schema/index.ts';
import { createTestApp } from '../../test/app.ts';
import { addPhoto, createMember, logIn, type TestLogin } from '../../test/members.ts';
import { hashToken } from '../auth/tokens.ts';
import { photoFileKey } from '../photos/photos.keys.ts';
import { addStaff } from '../staff/staff.service.ts';
import { CLI_ACTOR } from '../staff/staff-audit.service.ts';
import { completeStaffSession, createStaffSession } from '../staff/staff-sessions.service.ts';
import { recordTextChange } from './text-changes.ts';

const { app, services } = await createTestApp();
const { db, storage } = services;

type StaffLogin = { cookies: { asid: string }; headers: { 'x-csrf-token': string } };
let counter = 0;

/** A staff person with these roles and a complete session (the login itself has its own tests). */
async function staffLogin(roles: StaffRole[]): Promise<StaffLogin> {
  counter += 1;
  const staff = await addStaff(
    db,
    CLI_ACTOR,
    { email: `mod${counter}@example.nl`, name: `Mod ${counter}`, password: 'Kantoor-Sleutel-2026!', roles },
    services.now(),
  );
  const { token, csrfToken } = await createStaffSession(db, staff.id, { now: services.now() });
  await completeStaffSession(db, hashToken(token), services.now());
  return { cookies: { asid: token }, headers: { 'x-csrf-token': csrfToken } };
}

const moderator = await staffLogin(['moderator']);
const admin = await staffLogin(['admin']);
const operator = await staffLogin(['operator']);

async function waitingPhoto(language = 'de') {
  const owner = await createMember(db, { language });
  const photo = await addPhoto(db, owner.id, { status: 'pending' });
  await storage.put(photoFileKey(photo.storageKey, 'large'), Buffer.from('large'), 'image/webp');
  await storage.put(photoFileKey(photo.storageKey, 'thumb'), Buffer.from('thumb'), 'image/webp');
  return { owner, photo, login: await logIn(db, owner.id) };
}

const auditOf = async (photoId: number) =>
  db
    .select()
    .from(staffAudit)
    .where(eq(staffAudit.target, `photo:${photoId}`));

type Caller = { name: string; login?: StaffLogin | TestLogin; allowed: boolean; status: number };
const member = await logIn(db, (await createMember(db)).id);
const CALLERS: Caller[] = [
  { name: 'visitor', allowed: false, status: 401 },
  // A member session opens nothing in the back office.
  { name: 'member', login: member, allowed: false, status: 401 },
  { name: 'operator', login: operator, allowed: false, status: 403 },
  { name: 'moderator', login: moderator, allowed: true, status: 200 },
  { name: 'admin', login: admin, allowed: true, status: 200 },
];

describe('every moderation route × who calls', () => {
  it.each(CALLERS)('GET the photo queue and a preview: $name', async ({ login, status }) => {
    const { photo } = await waitingPhoto();
    const queue = await app.inject({ url: '/api/admin/moderation-photos.php', ...login });
    expect(queue.statusCode, queue.body).toBe(status);
    const image = await app.inject({
      url: `/api/admin/moderation-photo-image.php?id=${photo.id}&size=large`,
      ...login,
    });
    expect(image.statusCode).toBe(status);
    if (status === 200) {
      expect(queue.json().photos.map((p: { id: number }) => p.id)).toContain(photo.id);
      expect(image.body).toBe('large');
      expect(image.headers['cache-control']).toBe('private, no-store');
    }
  });

  it.each(CALLERS)('POST a decision: $name', async ({ login, status, allowed }) => {
    const { photo } = await waitingPhoto();
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/moderation-photo.php',
      payload: { id: photo.id, outcome: 'approved' },
      ...login,
    });
    expect(res.statusCode, res.body).toBe(status);
    const [row] = await db.select().from(photos).where(eq(photos.id, photo.id));
    expect(row?.status).toBe(allowed ? 'approved' : 'pending');
    expect(await auditOf(photo.id)).toHaveLength(allowed ? 1 : 0);
  });

  it('refuses a decision without the staff CSRF token, and changes nothing', async () => {
    const { photo } = await waitingPhoto();
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/moderation-photo.php',
      payload: { id: photo.id, outcome: 'approved' },
      cookies: moderator.cookies,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('csrf_failed');
    const [row] = await db.select().from(photos).where(eq(photos.id, photo.id));
    expect(row?.status).toBe('pending');
  });
});

describe('photo decisions', () => {
  it('shows the queue oldest first', async () => {
    const first = await waitingPhoto();
    const second = await waitingPhoto();
    await db
      .update(photos)
      .set({ createdAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(photos.id, second.photo.id));
    const queue = (await app.inject({ url: '/api/admin/moderation-photos.php', ...moderator })).json();
    const ids = queue.photos.map((p: { id: number }) => p.id);
    expect(ids.indexOf(second.photo.id)).toBeLessThan(ids.indexOf(first.photo.id));
    expect(queue.total).toBeGreaterThanOrEqual(2);
  });

  it("names the owner's age and country, never a link, and the server's clock for the waits", async () => {
    const owner = await createMember(db, { birthDate: '1990-05-17', country: 'BE' });
    const photo = await addPhoto(db, owner.id, { status: 'pending' });
    const before = services.now().getTime();
    const queue = (await app.inject({ url: '/api/admin/moderation-photos.php', ...moderator })).json();
    const after = services.now().getTime();
    const queued = queue.photos.find((p: { id: number }) => p.id === photo.id);
    const today = new Date(before);
    const birthdayPassed = today.getUTCMonth() > 4 || (today.getUTCMonth() === 4 && today.getUTCDate() >= 17);
    const age = today.getUTCFullYear() - 1990 - (birthdayPassed ? 0 : 1);
    expect(queued.member).toEqual({ id: owner.id, name: owner.name, age, country: 'BE' });
    expect(Date.parse(queue.now)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(queue.now)).toBeLessThanOrEqual(after);
  });

  it('rejects with a reason: the owner sees it, is told in their language (notice and mail), audited', async () => {
    const { photo, login, owner } = await waitingPhoto('de');
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/moderation-photo.php',
      payload: { id: photo.id, outcome: 'rejected', reason: 'low_quality', note: 'Bitte heller' },
      ...moderator,
    });
    expect(res.statusCode, res.body).toBe(200);
    const own = (await app.inject({ url: '/api/photos.php', ...login })).json();
    expect(own.photos[0]).toMatchObject({
      status: 'rejected',
      rejection_reason: 'low_quality',
      rejection_note: 'Bitte heller',
    });
    const notices = (await app.inject({ url: '/api/profile-notices.php', ...login })).json().notices;
    expect(notices).toEqual([
      expect.objectContaining({
        subject: 'photo',
        outcome: 'rejected',
        reason: 'low_quality',
        note: 'Bitte heller',
      }),
    ]);
    const [audit] = await auditOf(photo.id);
    expect(audit).toMatchObject({ action: 'moderation.photo_rejected', roles: ['moderator'] });

    await services.jobs.drain();
    const mail = (await services.mailer.listStored()).find((m) => m.to === owner.email);
    expect(mail?.subject).toContain('Zu deinem Profil');
    expect(mail?.text).toContain('Dein Foto wurde nicht freigegeben.');
    expect(mail?.text).toContain('Grund: Zu unscharf, dunkel oder klein');
    expect(mail?.text).toContain('Bitte heller');

    // Decided once: a second decision is a 404 with no second audit row.
    const again = await app.inject({
      method: 'POST',
      url: '/api/admin/moderation-photo.php',
      payload: { id: photo.id, outcome: 'approved' },
      ...moderator,
    });
    expect(again.statusCode).toBe(404);
    expect(await auditOf(photo.id)).toHaveLength(1);

    // The member dismisses the notice; another member cannot.
    const other = await logIn(db, (await createMember(db)).id);
    const id = notices[0].id;
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/profile-notice-dismiss.php',
      payload: { id },
      ...other,
    });
    expect(foreign.statusCode).toBe(404);
    const dismissed = await app.inject({
      method: 'POST',
      url: '/api/profile-notice-dismiss.php',
      payload: { id },
      ...login,
    });
    expect(dismissed.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/profile-notices.php', ...login })).json().notices).toEqual([]);
  });

  it('refuses a reason off the list with a 400, and changes nothing', async () => {
    const { photo } = await waitingPhoto();
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/moderation-photo.php',
      payload: { id: photo.id, outcome: 'rejected', reason: 'ugly' },
      ...moderator,
    });
    expect(res.statusCode).toBe(400);
    expect(await auditOf(photo.id)).toHaveLength(0);
  });

  it('leaves no audit row, and the photo waiting, when the change fails', async () => {
    const { photo } = await waitingPhoto();
    // The notice cannot be written: the whole decision, audit row included, is rolled back.
    await db.execute(
      sql`alter table moderation_notices add constraint notices_fail check (subject <> 'photo') not valid`,
    );
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/moderation-photo.php',
        payload: { id: photo.id, outcome: 'approved' },
        ...moderator,
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(sql`alter table moderation_notices drop constraint notices_fail`);
    }
    const [row] = await db.select().from(photos).where(eq(photos.id, photo.id));
    expect(row?.status).toBe('pending');
    expect(await auditOf(photo.id)).toHaveLength(0);
  });

  it('approves: others see it at once, and it becomes main', async () => {
    const { photo, owner } = await waitingPhoto('nl');
    const key = `/media/${photoFileKey(photo.storageKey, 'large')}`;
    expect((await app.inject({ url: key })).statusCode).toBe(404);
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/moderation-photo.php',
      payload: { id: photo.id, outcome: 'approved' },
      ...admin,
    });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: key })).statusCode).toBe(200);
    const viewer = await logIn(db, (await createMember(db)).id);
    const seen = (await app.inject({ url: `/api/member.php?id=${owner.id}`, ...viewer })).json();
    expect(seen.member.main_image).not.toBeNull();
  });
});

describe('changed texts', () => {
  async function memberWithText(language = 'nl') {
    const owner = await createMember(db, { language, aboutMe: 'Ik wandel graag.' });
    const login = await logIn(db, owner.id);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      payload: { about_me: 'Bel me: 0612345678' },
      ...login,
    });
    expect(res.statusCode, res.body).toBe(200);
    const queue = (await app.inject({ url: '/api/admin/moderation-texts.php', ...moderator })).json();
    const change = queue.texts.find((t: { member: { id: number } }) => t.member.id === owner.id);
    return { owner, login, change };
  }
  const aboutMeOf = async (login: TestLogin) =>
    (await app.inject({ url: '/api/profile.php', ...login })).json().profile?.about_me ??
    (await app.inject({ url: '/api/profile.php', ...login })).json().about_me;

  it('queues a published change with the text before and after, once per field', async () => {
    const { change, login, owner } = await memberWithText();
    expect(change).toMatchObject({
      field: 'about_me',
      before: 'Ik wandel graag.',
      after: 'Bel me: 0612345678',
    });
    // Published at once: others already see it.
    expect(await aboutMeOf(login)).toBe('Bel me: 0612345678');
    expect(change.member).toMatchObject({ id: owner.id, name: owner.name, country: 'NL' });
    expect(change.member.age).toBeGreaterThanOrEqual(18);
    // A second change while the first waits: one entry, the first text before, the newest after.
    await app.inject({ method: 'PUT', url: '/api/profile.php', payload: { about_me: 'Nog iets' }, ...login });
    const queue = (await app.inject({ url: '/api/admin/moderation-texts.php', ...moderator })).json();
    const mine = queue.texts.filter((t: { member: { id: number } }) => t.member.id === owner.id);
    expect(mine).toEqual([
      expect.objectContaining({ id: change.id, before: 'Ik wandel graag.', after: 'Nog iets' }),
    ]);
  });

  it.each(CALLERS)('GET the queue and POST a decision: $name', async ({ login, status, allowed }) => {
    const { change } = await memberWithText();
    const queue = await app.inject({ url: '/api/admin/moderation-texts.php', ...login });
    expect(queue.statusCode).toBe(status);
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/moderation-text.php',
      payload: { id: change.id, outcome: 'approved' },
      ...login,
    });
    expect(res.statusCode).toBe(status);
    const audit = await db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.target, `text_change:${change.id}`));
    expect(audit).toHaveLength(allowed ? 1 : 0);
  });

  it("refuses a photo's reason for a text (no person, someone else, too blurred): the member would be told it", async () => {
    const { change, login } = await memberWithText();
    for (const reason of ['not_a_person', 'someone_else', 'low_quality']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/moderation-text.php',
        payload: { id: change.id, outcome: 'rejected', reason },
        ...moderator,
      });
      expect(res.statusCode, reason).toBe(400);
    }
    expect(await aboutMeOf(login)).not.toBe('Ik wandel graag.');
  });

  it('refuses a text decision without the staff CSRF token', async () => {
    const { change } = await memberWithText();
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/moderation-text.php',
      payload: { id: change.id, outcome: 'approved' },
      cookies: moderator.cookies,
    });
    expect(res.statusCode).toBe(403);
  });

  it('rejected: the text before comes back, the member is told why (notice and mail), audited', async () => {
    const { change, login, owner } = await memberWithText('fr');
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/moderation-text.php',
      payload: { id: change.id, outcome: 'rejected', reason: 'contact_details' },
      ...moderator,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await aboutMeOf(login)).toBe('Ik wandel graag.');
    const notices = (await app.inject({ url: '/api/profile-notices.php', ...login })).json().notices;
    expect(notices[0]).toMatchObject({ subject: 'about_me', outcome: 'rejected', reason: 'contact_details' });
    const [audit] = await db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.target, `text_change:${change.id}`));
    expect(audit?.action).toBe('moderation.text_rejected');
    await services.jobs.drain();
    const mail = (await services.mailer.listStored()).find((m) => m.to === owner.email);
    expect(mail?.text).toContain('Coordonnées ou liens');
  });

  it('approved: the text stays', async () => {
    const { change, login } = await memberWithText();
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/moderation-text.php',
      payload: { id: change.id, outcome: 'approved' },
      ...admin,
    });
    expect(res.json()).toEqual({ ok: true });
    expect(await aboutMeOf(login)).toBe('Bel me: 0612345678');
  });
});

describe('changed names', () => {
  /**
   * A member whose published name changed from `before` to a new one, queued as every writer of a
   * name does: the name and its queue entry in one transaction (recordTextChange). The member's
   * session is read once first, so the cached user answer holds the new name.
   */
  async function memberWithNewName(language = 'en') {
    const before = `Oud${process.pid}x${++counter}`;
    const after = `Nieuw${process.pid}x${counter}`;
    const owner = await createMember(db, { language, name: before });
    await db.transaction(async (tx) => {
      await tx.update(users).set({ name: after }).where(eq(users.id, owner.id));
      await recordTextChange(tx, { userId: owner.id, field: 'name', before, after, now: services.now() });
    });
    await services.sessions.invalidateUser(owner.id);
    const login = await logIn(db, owner.id);
    expect(await userAnswer(login)).toMatchObject({ profile: { name: after } });
    const [change] = await db.select().from(textChanges).where(eq(textChanges.userId, owner.id));
    if (!change) throw new Error('no queued name change');
    return { owner, login, change, before, after };
  }
  const userAnswer = async (login: TestLogin) =>
    (await app.inject({ url: '/api/user.php', ...login })).json().user;
  const undo = (id: number) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/moderation-text.php',
      payload: { id, outcome: 'rejected', reason: 'offensive' },
      ...moderator,
    });
  const auditOfChange = async (id: number) =>
    db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.target, `text_change:${id}`));
  const mailTo = async (email: string) => {
    await services.jobs.drain();
    return (await services.mailer.listStored()).find((m) => m.to === email);
  };

  it('undo: the name before comes back, the user answer shows it at once, and the member is told so', async () => {
    const { owner, login, change, before } = await memberWithNewName('en');
    const res = await undo(change.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, undone: 'restored' });
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, owner.id));
    expect(row?.name).toBe(before);
    // The cached session was dropped with the decision: the next user answer has the old name.
    expect(await userAnswer(login)).toMatchObject({ profile: { name: before }, signup_missing: [] });
    const notices = (await app.inject({ url: '/api/profile-notices.php', ...login })).json().notices;
    expect(notices[0]).toMatchObject({ subject: 'name', outcome: 'rejected', reason: 'offensive' });
    const [audit] = await auditOfChange(change.id);
    expect(audit?.after).toMatchObject({ status: 'rejected', undone: 'restored', restored: before });
    const mail = await mailTo(owner.email);
    expect(mail?.text).toContain(`Hi ${before},`);
    expect(mail?.text).toContain('Your name was not approved and has been set back.');
  });

  it('undo when another member took the name before meanwhile: no duplicate, the member chooses a new name', async () => {
    const { owner, login, change, before, after } = await memberWithNewName('en');
    const other = await createMember(db);
    await db.update(users).set({ name: before.toUpperCase() }).where(eq(users.id, other.id));
    const res = await undo(change.id);
    expect(res.statusCode, res.body).toBe(200);
    // The moderator's page is told too, so it does not say the name before is back.
    expect(res.json()).toEqual({ ok: true, undone: 'choose_new' });
    // The refused name is gone, the taken one is not handed out twice.
    const user = await userAnswer(login);
    expect(user.profile.name).toBe('');
    expect(user.signup_missing).toEqual(['name']);
    const [audit] = await auditOfChange(change.id);
    expect(audit?.after).toMatchObject({ status: 'rejected', undone: 'choose_new' });
    const notices = (await app.inject({ url: '/api/profile-notices.php', ...login })).json().notices;
    expect(notices[0]).toMatchObject({ subject: 'name', outcome: 'rejected_choose_new' });
    const mail = await mailTo(owner.email);
    expect(mail?.text).toContain('Hi,');
    expect(mail?.text).toContain('please choose a new name');
    expect(mail?.text).not.toContain('set back');

    // /complete-signup asks for the name with sign-up's rules: a taken one is refused, a free one kept.
    const taken = await app.inject({
      method: 'POST',
      url: '/api/complete-signup.php',
      payload: { name: before },
      ...login,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.details.fieldErrors.name).toContain('name_taken');
    const chosen = await app.inject({
      method: 'POST',
      url: '/api/complete-signup.php',
      payload: { name: `${after}b` },
      ...login,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await userAnswer(login)).toMatchObject({
      status: 'active',
      signup_missing: [],
      profile: { name: `${after}b` },
    });
  });

  it('undo after a newer name was written outside this change: the newer name stays, and the member is told so', async () => {
    const { owner, login, change } = await memberWithNewName('nl');
    const newest = `Nieuwst${process.pid}x${counter}`;
    await db.update(users).set({ name: newest }).where(eq(users.id, owner.id));
    const res = await undo(change.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, undone: 'newer_kept' });
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, owner.id));
    expect(row?.name).toBe(newest);
    const [decided] = await db.select().from(textChanges).where(eq(textChanges.id, change.id));
    expect(decided?.status).toBe('rejected');
    const [audit] = await auditOfChange(change.id);
    expect(audit?.after).toMatchObject({ status: 'rejected', undone: 'newer_kept' });
    expect(audit?.after).not.toHaveProperty('restored');
    const notices = (await app.inject({ url: '/api/profile-notices.php', ...login })).json().notices;
    expect(notices[0]).toMatchObject({ subject: 'name', outcome: 'rejected_newer_kept' });
    const mail = await mailTo(owner.email);
    expect(mail?.text).toContain('je huidige naam blijft staan');
    expect(mail?.text).not.toContain('teruggezet');
  });

  it('undo of a name changed again while it waited: one entry, back to the name before both', async () => {
    const { owner, login, change, before, after } = await memberWithNewName();
    const again = `${after}c`;
    await db.transaction(async (tx) => {
      await tx.update(users).set({ name: again }).where(eq(users.id, owner.id));
      await recordTextChange(tx, {
        userId: owner.id,
        field: 'name',
        before: after,
        after: again,
        now: services.now(),
      });
    });
    const queue = (await app.inject({ url: '/api/admin/moderation-texts.php', ...moderator })).json();
    const mine = queue.texts.filter((t: { member: { id: number } }) => t.member.id === owner.id);
    expect(mine).toEqual([expect.objectContaining({ id: change.id, before, after: again })]);
    expect((await undo(change.id)).statusCode).toBe(200);
    expect((await userAnswer(login)).profile.name).toBe(before);
  });

  it('leaves the new name, the change waiting and no audit row when the decision fails', async () => {
    const { owner, change, after } = await memberWithNewName();
    await db.execute(
      sql`alter table moderation_notices add constraint notices_fail check (subject <> 'name') not valid`,
    );
    try {
      expect((await undo(change.id)).statusCode).toBe(500);
    } finally {
      await db.execute(sql`alter table moderation_notices drop constraint notices_fail`);
    }
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, owner.id));
    expect(row?.name).toBe(after);
    const [waiting] = await db.select().from(textChanges).where(eq(textChanges.id, change.id));
    expect(waiting?.status).toBe('pending');
    expect(await auditOfChange(change.id)).toHaveLength(0);
    expect(await db.select().from(moderationNotices).where(eq(moderationNotices.userId, owner.id))).toEqual(
      [],
    );
  });
});
