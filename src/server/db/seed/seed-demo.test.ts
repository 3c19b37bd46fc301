import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageOn } from '../../../shared/contracts/members.ts';
import { COUNTRIES, type Country } from '../../../shared/limits.ts';
import { SEXUALITIES } from '../../../shared/profile-options.ts';
import { CHAT_IMAGE_SIZES, chatImageFileKey } from '../../features/chat/chat-images.keys.ts';
import { balanceOf } from '../../features/credits/credits.service.ts';
import { autoLike } from '../../features/likes/auto-like.service.ts';
import { photoFileKey } from '../../features/photos/photos.keys.ts';
import { REGIONS } from '../../features/regions/regions.data.ts';
import { DEFAULT_SETTINGS } from '../../features/settings/settings.defaults.ts';
import { createLocalStorage, type Storage } from '../../lib/storage.ts';
import { createTestDb } from '../../test/db.ts';
import type { Database } from '../client.ts';
import {
  appConfig,
  chatImages,
  conversationMembers,
  conversations,
  creditAccounts,
  likes,
  messages,
  photos,
  profiles,
  users,
} from '../schema/index.ts';
import { seedDemoChats } from './demo-chats.ts';
import { DEMO_DISCOUNT_CODES, seedDemoDiscountCodes } from './demo-discounts.ts';
import { seedDemoLikes } from './demo-likes.ts';
import { seedDemoLoginPhotos } from './demo-login-photos.ts';
import { DEMO_LOGIN_EMAILS, seedDemoLogins } from './demo-logins.ts';
import { seedDemoNotificationPreferences } from './demo-notifications.ts';
import { seedDemoOperatorQueue } from './demo-operator-queue.ts';
import { DEFAULT_DEMO_PHOTO_CACHE } from './demo-photo-cache.ts';
import { DEMO_SEED_MARKER, seedDemo } from './seed-demo.ts';

const NOW = new Date('2025-03-15T10:00:00Z');
const DAY_MS = 86_400_000;

type TestDb = Awaited<ReturnType<typeof createTestDb>>;
const cleanups: (() => Promise<void>)[] = [];

async function freshSite(): Promise<{ db: Database; storage: Storage }> {
  const testDb: TestDb = await createTestDb();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-seed-'));
  cleanups.push(async () => {
    await testDb.close();
    await fs.rm(dir, { recursive: true, force: true });
  });
  return { db: testDb.db, storage: createLocalStorage(dir) };
}

async function usernames(db: Database): Promise<string[]> {
  const rows = await db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.demo, true))
    .orderBy(asc(users.id));
  return rows.map((row) => row.name);
}

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe('seedDemo with a small count', () => {
  let site: { db: Database; storage: Storage };
  let first: { created: number; skipped: boolean };

  beforeAll(async () => {
    site = await freshSite();
    first = await seedDemo({ ...site, now: NOW, count: 40 });
  }, 120_000);

  it('creates the members once', async () => {
    expect(first).toEqual({ created: 40, skipped: false });
    const second = await seedDemo({ ...site, now: NOW, count: 40 });
    expect(second).toEqual({ created: 0, skipped: true });
    expect(await usernames(site.db)).toHaveLength(40);
  });

  it('spreads members over every country, both genders and all sexualities', async () => {
    const rows = await site.db.select().from(profiles);
    expect(new Set(rows.map((p) => p.country))).toEqual(new Set(COUNTRIES));
    expect(new Set(rows.map((p) => p.gender))).toEqual(new Set(['male', 'female']));
    expect(new Set(rows.map((p) => p.sexuality))).toEqual(new Set(SEXUALITIES));
    for (const p of rows) {
      if (p.sexuality === 'gay') expect(p.gender).toBe('male');
      if (p.sexuality === 'lesbian') expect(p.gender).toBe('female');
    }
  });

  it('fills every profile field with valid values', async () => {
    const rows = await site.db.select().from(profiles);
    for (const p of rows) {
      const age = ageOn(p.birthDate, NOW);
      expect(age).toBeGreaterThanOrEqual(18);
      expect(age).toBeLessThanOrEqual(70);
      const regionCodes = REGIONS[p.country as Country].map((r) => r.code);
      expect(regionCodes).toContain(p.region);
      for (const field of [
        'city',
        'hairColor',
        'eyeColor',
        'bodyType',
        'relationshipStatus',
        'tattoos',
        'signupReason',
        'aboutMe',
        'mainPhotoId',
      ] as const) {
        expect(p[field], `${field} of ${p.userId}`).toBeTruthy();
      }
      expect(p.interests.length).toBeGreaterThanOrEqual(3);
      expect(p.interests.length).toBeLessThanOrEqual(10);
    }
  });

  it('creates active demo accounts without passwords', async () => {
    const rows = await site.db.select().from(users);
    for (const u of rows) {
      expect(u.email).toMatch(/^demo\+\d+@demo\.liefdesplein\.invalid$/);
      expect(u).toMatchObject({ status: 'active', demo: true, passwordHash: null });
      expect(['nl', 'de', 'en', 'es', 'fr', 'it', 'pl']).toContain(u.language);
      expect(NOW.getTime() - u.signupDate.getTime()).toBeLessThanOrEqual(731 * DAY_MS);
      expect(NOW.getTime() - u.lastActiveAt.getTime()).toBeLessThanOrEqual(14 * DAY_MS);
      expect(u.lastActiveAt.getTime()).toBeGreaterThanOrEqual(u.signupDate.getTime());
    }
    expect(new Set(rows.map((u) => u.name.toLowerCase())).size).toBe(rows.length);
    // Demo members hold no credits: they only answer.
    expect(await site.db.select().from(creditAccounts)).toEqual([]);
  });

  it('gives every member 1 to 6 photos with a public main photo whose files exist', async () => {
    const allPhotos = await site.db.select().from(photos).orderBy(asc(photos.userId), asc(photos.position));
    const members = await site.db.select().from(profiles);
    for (const member of members) {
      const own = allPhotos.filter((photo) => photo.userId === member.userId);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(6);
      expect(own.map((photo) => photo.position)).toEqual(own.map((_, i) => i));
      const main = own[0]!;
      expect(member.mainPhotoId).toBe(main.id);
      expect(main.private).toBe(false);
      expect(main.status).toBe('approved');
      for (const size of ['thumb', 'medium', 'large', 'blur'] as const) {
        expect(await site.storage.exists(photoFileKey(main.storageKey, size)), size).toBe(true);
      }
    }
    for (const photo of allPhotos) {
      expect(photo.storageKey).toMatch(
        new RegExp(`^${photo.private ? 'x' : 'p'}/${photo.userId}/${photo.id}-[0-9a-f]{32}$`),
      );
      expect(await site.storage.exists(photoFileKey(photo.storageKey, 'blur'))).toBe(true);
    }
  });

  it('writes real webp files at the documented widths', async () => {
    const [photo] = await site.db.select().from(photos).limit(1);
    const expected = { thumb: 200, medium: 600, large: 1200, blur: 600 } as const;
    for (const [size, width] of Object.entries(expected) as [keyof typeof expected, number][]) {
      const file = await site.storage.get(photoFileKey(photo!.storageKey, size));
      const meta = await sharp(file!).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(width * 1.25);
    }
  });

  it('gives the same members for the same moment in a fresh database', async () => {
    const other = await freshSite();
    await seedDemo({ ...other, now: NOW, count: 40 });
    expect(await usernames(other.db)).toEqual(await usernames(site.db));
  }, 120_000);

  // Last in this block: the demo logins are demo members too, and would change the lists above.
  it('gives both demo logins received likes (some new), given likes and a match, once', async () => {
    await seedDemoLogins(site.db, NOW);
    expect(await seedDemoLikes(site.db, NOW)).toBeGreaterThan(0);
    const snapshot = async () =>
      (await site.db.select().from(likes).orderBy(asc(likes.likerId), asc(likes.likedId))).map((row) => ({
        ...row,
      }));
    const before = await snapshot();
    for (const email of DEMO_LOGIN_EMAILS) {
      const [login] = await site.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const received = before.filter((row) => row.likedId === login!.id);
      const given = before.filter((row) => row.likerId === login!.id);
      expect(received.filter((row) => row.seenAt === null).length, email).toBeGreaterThan(0);
      expect(received.filter((row) => row.seenAt !== null).length, email).toBeGreaterThan(0);
      expect(given.length, email).toBeGreaterThan(0);
      const matches = given.filter((g) => received.some((r) => r.likerId === g.likedId));
      expect(matches.length, email).toBeGreaterThanOrEqual(1);
      const [{ gender }] = (await site.db
        .select({ gender: profiles.gender })
        .from(profiles)
        .where(eq(profiles.userId, login!.id))) as [{ gender: string }];
      const partners = [...received.map((r) => r.likerId), ...given.map((g) => g.likedId)];
      const partnerProfiles = await site.db
        .select({ gender: profiles.gender, invisible: users.invisible })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(inArray(profiles.userId, partners));
      expect(
        partnerProfiles.every((p) => p.gender !== gender && !p.invisible),
        email,
      ).toBe(true);
    }
    // The ?t= like modal works for a newcomer at once: fictional profiles may auto-like the logins
    // (this small set may hold none of the right age for one of them; the full demo holds both,
    // e2e/likes.spec.ts), and the logins themselves stay real members.
    const autoLiked: string[] = [];
    for (const email of DEMO_LOGIN_EMAILS) {
      const [login] = await site.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const member = {
        kind: 'member',
        id: login!.id,
        premium: false,
        status: 'active',
        emailConfirmed: true,
        signupUnfinished: false,
      } as const;
      const likesBefore = await snapshot();
      const profile = await autoLike({ db: site.db, now: () => NOW }, member);
      if (profile) autoLiked.push(email);
      expect(profile === null || profile.fictional, email).toBe(true);
      const [self] = await site.db
        .select({ fictional: users.fictional })
        .from(users)
        .where(eq(users.id, login!.id));
      expect(self?.fictional, `${email} stays a real member`).toBe(false);
      // Taken back, so the idempotence check below compares like with like.
      await site.db.delete(likes).where(eq(likes.likedId, login!.id));
      await site.db.insert(likes).values(likesBefore.filter((row) => row.likedId === login!.id));
    }
    expect(autoLiked.length).toBeGreaterThan(0);
    // Idempotent: a second run (a restart) adds nothing and changes nothing.
    expect(await seedDemoLogins(site.db, NOW)).toBe(0);
    expect(await seedDemoLikes(site.db, NOW)).toBe(0);
    expect(await snapshot()).toEqual(before);
  }, 60_000);

  it('gives the premium login a paid purchase that granted its credits, the free one none', async () => {
    const { rows } = await site.db.execute(
      sql`select u.email, p.status, p.credits, p.package_id, l.delta
            from users u
            left join payments p on p.user_id = u.id
            left join credit_ledger l on l.user_id = u.id and l.reason = 'purchase'
           where u.email in ('demo@liefdesplein.nl', 'premium@liefdesplein.nl') order by u.email`,
    );
    expect(rows).toEqual([
      { email: 'demo@liefdesplein.nl', status: null, credits: null, package_id: null, delta: null },
      { email: 'premium@liefdesplein.nl', status: 'paid', credits: 600, package_id: 'p2', delta: 600 },
    ]);
  });

  it('creates the demo discount codes once, beside the time bonus and welcome discount of the migration', async () => {
    expect(await seedDemoDiscountCodes(site.db)).toBe(DEMO_DISCOUNT_CODES.length);
    expect(await seedDemoDiscountCodes(site.db)).toBe(0);
    const { rows } = await site.db.execute(sql`select code from discount_codes order by code`);
    expect(rows.map((r) => r.code)).toEqual(
      [...DEMO_DISCOUNT_CODES.map((c) => c.code), 'TIMEBONUS25', 'WELCOME25'].sort(),
    );
    // The demo logins are members for a while: the time bonus is for a new sign-up.
    const { rows: logins } = await site.db.execute(
      sql`select signup_date from users where email = 'demo@liefdesplein.nl'`,
    );
    expect(new Date(String(logins[0]?.signup_date)).getTime()).toBeLessThan(NOW.getTime() - 7 * 86_400_000);
  });

  it('gives both demo logins conversations (some unread) and credits to answer with, once', async () => {
    expect(await seedDemoChats(site.db, NOW, { storage: site.storage })).toBeGreaterThan(0);
    for (const email of DEMO_LOGIN_EMAILS) {
      const [login] = await site.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const rows = await site.db
        .select({
          unread: conversationMembers.unread,
          lastReadSeq: conversationMembers.lastReadSeq,
          lastSeq: conversations.lastSeq,
          startedBy: conversations.startedBy,
        })
        .from(conversationMembers)
        .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
        .where(eq(conversationMembers.memberId, login!.id));
      expect(rows.length, email).toBeGreaterThan(1);
      expect(
        rows.some((r) => r.unread > 0),
        email,
      ).toBe(true);
      expect(
        rows.some((r) => r.unread === 0),
        email,
      ).toBe(true);
      // Started by the partners: a free login can still start its own conversations.
      expect(
        rows.every((r) => r.startedBy !== login!.id && r.lastReadSeq + r.unread === r.lastSeq),
        email,
      ).toBe(true);
      expect(await balanceOf(site.db, login!.id), email).toBeGreaterThanOrEqual(
        DEFAULT_SETTINGS.message_credits * 10,
      );
      // The login's own lines were paid as sends are: each with its spend row, dated with it, and
      // the balance is what the ledger says (the spend log and the history show them).
      const { rows: paid } = await site.db.execute<{
        credits: number;
        delta: number;
        same_time: boolean;
      }>(sql`
        select m.credits, l.delta, l.created_at = m.created_at as same_time
        from messages m
        left join credit_ledger l on l.reference = 'message:' || m.sender_id || ':' || m.client_id
        where m.sender_id = ${login!.id}`);
      expect(paid.length, email).toBeGreaterThan(0);
      for (const row of paid) expect(row, email).toEqual({ credits: 10, delta: -10, same_time: true });
      const { rows: ledger } = await site.db.execute<{ sum: number; ordered: boolean }>(sql`
        select sum(delta)::int as sum,
          bool_and(created_at >= coalesce(before, created_at)) as ordered
        from (select delta, created_at, lag(created_at) over (order by id) as before
              from credit_ledger where user_id = ${login!.id}) l`);
      expect(ledger[0]?.sum, email).toBe(await balanceOf(site.db, login!.id));
      expect(ledger[0]?.ordered, `${email}: the history's dates follow its order`).toBe(true);
      // One conversation shows a gift of the catalogue.
      const gifted = await site.db
        .select({ giftId: messages.giftId })
        .from(messages)
        .innerJoin(conversationMembers, eq(conversationMembers.conversationId, messages.conversationId))
        .where(and(eq(conversationMembers.memberId, login!.id), eq(messages.kind, 'gift')));
      expect(gifted.length, email).toBe(1);
      expect(gifted[0]?.giftId, email).not.toBeNull();
    }
    // One conversation of each login holds a photo message, its files stored under a chat key.
    const images = await site.db
      .select({ storageKey: chatImages.storageKey, kind: messages.kind })
      .from(messages)
      .innerJoin(chatImages, eq(chatImages.id, messages.imageId));
    expect(images).toHaveLength(DEMO_LOGIN_EMAILS.length);
    for (const image of images) {
      expect(image.kind).toBe('image');
      for (const size of CHAT_IMAGE_SIZES)
        expect(await site.storage.exists(chatImageFileKey(image.storageKey, size)), size).toBe(true);
    }
    const count = async () => (await site.db.select({ id: messages.id }).from(messages)).length;
    const before = await count();
    expect(await seedDemoChats(site.db, NOW)).toBe(0);
    expect(await count()).toBe(before);
  });

  it("gives the operators' queue conversations waiting for fictional profiles at once, once", async () => {
    const created = await seedDemoOperatorQueue(site.db, NOW);
    expect(created).toBeGreaterThan(0);
    const waiting = await site.db
      .select({ since: conversations.awaitingReplySince, fictional: users.fictional })
      .from(conversations)
      .innerJoin(users, eq(users.id, conversations.operatedMemberId))
      .where(isNotNull(conversations.awaitingReplySince));
    expect(waiting.length).toBeGreaterThanOrEqual(created);
    expect(waiting.every((w) => w.fictional)).toBe(true);
    // Minutes apart, so the queue shows different waits.
    expect(new Set(waiting.map((w) => w.since?.getTime())).size).toBe(waiting.length);
    expect(await seedDemoOperatorQueue(site.db, NOW)).toBe(0);
  });

  it('gives both demo logins a drawn, approved main photo of their own, once', async () => {
    await seedDemoLogins(site.db, NOW);
    expect(await seedDemoLoginPhotos(site.db, site.storage, NOW)).toBe(DEMO_LOGIN_EMAILS.length);
    for (const email of DEMO_LOGIN_EMAILS) {
      const [login] = await site.db
        .select({ mainPhotoId: profiles.mainPhotoId, userId: profiles.userId })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(eq(users.email, email));
      expect(login?.mainPhotoId, email).not.toBeNull();
      const [main] = await site.db.select().from(photos).where(eq(photos.id, login!.mainPhotoId!));
      expect(main).toMatchObject({ userId: login!.userId, status: 'approved', private: false, position: 0 });
      for (const size of ['thumb', 'medium', 'large', 'blur'] as const)
        expect(await site.storage.exists(photoFileKey(main!.storageKey, size)), size).toBe(true);
    }
    // A restart draws nothing more.
    expect(await seedDemoLoginPhotos(site.db, site.storage, NOW)).toBe(0);
  });

  it('sets both demo logins notification preferences, one with a disabled reason, once', async () => {
    await seedDemoLogins(site.db, NOW);
    expect(await seedDemoNotificationPreferences(site.db)).toBe(DEMO_LOGIN_EMAILS.length);
    const { rows } = await site.db.execute(
      sql`select u.email, u.notifications_disabled, p.email as email_types
            from users u join notification_preferences p on p.user_id = u.id
           where u.email in ('demo@liefdesplein.nl', 'premium@liefdesplein.nl') order by u.email`,
    );
    expect(rows.map((r) => [r.email, r.notifications_disabled])).toEqual([
      ['demo@liefdesplein.nl', ['listunsubscribe']],
      ['premium@liefdesplein.nl', []],
    ]);
    expect(rows[1]?.email_types).toContain('news');
    // A restart sets nothing again: a member who switched mail back on keeps it on.
    await site.db.execute(
      sql`update users set notifications_disabled = '{}' where email = 'demo@liefdesplein.nl'`,
    );
    expect(await seedDemoNotificationPreferences(site.db)).toBe(0);
    const { rows: after } = await site.db.execute(
      sql`select notifications_disabled from users where email = 'demo@liefdesplein.nl'`,
    );
    expect(after[0]?.notifications_disabled).toEqual([]);
  });
});

describe('seedDemo after an interrupted run', () => {
  it('removes the half-written members and seeds again', async () => {
    const site = await freshSite();
    let puts = 0;
    const failing: Storage = {
      ...site.storage,
      put: async (key, data, type) => {
        if (++puts > 12) throw new Error('disk full');
        await site.storage.put(key, data, type);
      },
    };
    await expect(seedDemo({ db: site.db, storage: failing, now: NOW, count: 12 })).rejects.toThrow(
      'disk full',
    );
    const orphanKeys = (await site.db.select({ key: photos.storageKey }).from(photos)).map((row) => row.key);
    expect(orphanKeys.length).toBeGreaterThan(0);

    // The dead run's lease must expire before another run may take over.
    await site.db.update(appConfig).set({ updatedAt: new Date(Date.now() - 3_600_000) });
    const result = await seedDemo({ ...site, now: NOW, count: 12 });
    expect(result).toEqual({ created: 12, skipped: false });
    expect(await usernames(site.db)).toHaveLength(12);
    const keys = new Set(
      (await site.db.select({ key: photos.storageKey }).from(photos)).map((row) => row.key),
    );
    for (const stale of orphanKeys.filter((key) => !keys.has(key))) {
      expect(await site.storage.exists(photoFileKey(stale, 'thumb'))).toBe(false);
    }
    const [marker] = await site.db.select().from(appConfig).where(eq(appConfig.key, DEMO_SEED_MARKER));
    expect(marker?.value).toMatchObject({ status: 'done', created: 12 });
  }, 120_000);

  it('waits for an instance that is seeding right now instead of seeding twice', async () => {
    const site = await freshSite();
    await site.db
      .insert(appConfig)
      .values({ key: DEMO_SEED_MARKER, value: { status: 'running', runId: 'other' } });
    const waiting = seedDemo({ ...site, now: NOW, count: 5 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await site.db
      .update(appConfig)
      .set({ value: { status: 'done', created: 0, at: new Date().toISOString() } })
      .where(eq(appConfig.key, DEMO_SEED_MARKER));
    expect(await waiting).toEqual({ created: 0, skipped: true });
    expect(await usernames(site.db)).toHaveLength(0);
  });
});

describe('seedDemo with the default count', () => {
  it('creates several hundred members in every country', async () => {
    const site = await freshSite();
    const messages: string[] = [];
    // With the machine's photo cache, as a server's seed has: the journeys' seed after this suite
    // then reads the photos drawn here (the small seeds above render theirs, and check the files).
    const result = await seedDemo({
      ...site,
      now: NOW,
      log: (m) => messages.push(m),
      photoCache: DEFAULT_DEMO_PHOTO_CACHE,
    });
    console.info(messages.at(-1));
    expect(result.created).toBeGreaterThanOrEqual(300);
    const rows = await site.db.select({ country: profiles.country }).from(profiles);
    expect(rows).toHaveLength(result.created);
    for (const country of COUNTRIES) {
      expect(rows.filter((row) => row.country === country).length, country).toBeGreaterThanOrEqual(8);
    }
    const photoCount = await site.db.$count(photos);
    expect(photoCount).toBeGreaterThanOrEqual(result.created);
  }, 300_000);
});
