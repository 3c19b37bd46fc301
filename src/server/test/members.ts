import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { blocks, photos, profiles, users } from '../db/schema/index.ts';
import { createSession } from '../features/auth/sessions.service.ts';
import { grantCredits } from '../features/credits/credits.service.ts';
import { photoStorageKey } from '../features/photos/photos.keys.ts';
import { coordinatesOf } from '../features/profile/profile.service.ts';

type UserRow = typeof users.$inferInsert;
type ProfileRow = typeof profiles.$inferInsert;

export type MemberOverrides = Partial<Omit<UserRow, 'id'>> & Partial<Omit<ProfileRow, 'userId'>>;

export type TestMember = { id: number; name: string; email: string };

let counter = 0;

const USER_KEYS = new Set<string>([
  'email',
  'name',
  'passwordHash',
  'status',
  'paidUser',
  'language',
  'fictional',
  'invisible',
  'demo',
  'signupDate',
  'emailConfirmedAt',
  'deletionRequestedAt',
  'lastActiveAt',
  'deletedAt',
]);

/**
 * An active, visible member with a profile, written straight to the database (no sign-up, no
 * password hashing), so a test can build dozens in milliseconds. Any user or profile column can be
 * overridden: `{ gender: 'male', invisible: true, status: 'pending_deletion' }`.
 */
export async function createMember(db: Database, overrides: MemberOverrides = {}): Promise<TestMember> {
  const [member] = await createMembers(db, 1, overrides);
  if (!member) throw new Error('createMember: no user row');
  return member;
}

/** Several members with the same overrides, oldest first (ascending ids), in two inserts. */
export async function createMembers(
  db: Database,
  count: number,
  overrides: MemberOverrides = {},
): Promise<TestMember[]> {
  const userValues: Record<string, unknown> = {};
  const profileValues: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(overrides)) {
    (USER_KEYS.has(key) ? userValues : profileValues)[key] = value;
  }
  const rows = Array.from({ length: count }, () => {
    counter += 1;
    return {
      email: `member${counter}-${process.pid}@example.nl`,
      name: `Member${counter}`,
      status: 'active' as const,
      emailConfirmedAt: new Date('2026-01-01T00:00:00Z'),
      ...(userValues as Partial<UserRow>),
    };
  });
  if (rows.length === 0) return [];
  const created = await db
    .insert(users)
    .values(rows)
    .returning({ id: users.id, name: users.name, email: users.email });
  created.sort((a, b) => a.id - b.id);
  await db.insert(profiles).values(
    created.map((user) => {
      const profile = {
        userId: user.id,
        birthDate: '1990-05-17',
        gender: 'female' as const,
        sexuality: 'hetero' as const,
        country: 'NL',
        region: 'NL-UT' as string | null,
        city: 'Utrecht' as string | null,
        ...(profileValues as Partial<ProfileRow>),
      };
      // As the profile feature stores a place: with the coordinates of its city.
      return { ...coordinatesOf(profile.country, profile.region ?? null, profile.city ?? null), ...profile };
    }),
  );
  return created;
}

type PhotoOptions = {
  private?: boolean;
  status?: 'pending' | 'approved' | 'rejected';
  position?: number;
  /** Make it the member's main photo. */
  main?: boolean;
  width?: number;
  height?: number;
};

/** A photo row (no files) under the storage layout of photos.keys.ts. */
export async function addPhoto(db: Database, userId: number, options: PhotoOptions = {}) {
  const isPrivate = options.private ?? false;
  const [row] = await db
    .insert(photos)
    .values({
      userId,
      private: isPrivate,
      status: options.status ?? 'approved',
      storageKey: 'pending-key',
      width: options.width ?? 800,
      height: options.height ?? 1000,
      position: options.position ?? 0,
    })
    .returning({ id: photos.id });
  if (!row) throw new Error('addPhoto: no row');
  const storageKey = photoStorageKey(userId, row.id, isPrivate);
  await db.update(photos).set({ storageKey }).where(eq(photos.id, row.id));
  if (options.main) await db.update(profiles).set({ mainPhotoId: row.id }).where(eq(profiles.userId, userId));
  return { id: row.id, storageKey };
}

export async function blockMember(db: Database, blockerId: number, blockedId: number) {
  await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export type TestLogin = { cookies: { sid: string }; headers: { 'x-csrf-token': string } };

/** A session for a member: pass `...login` (cookies and the CSRF header) to app.inject. */
export async function logIn(db: Database, userId: number, now = new Date()): Promise<TestLogin> {
  const { token, csrfToken } = await createSession(db, userId, { now });
  return { cookies: { sid: token }, headers: { 'x-csrf-token': csrfToken } };
}

/**
 * A member with a session and `credits` credits, granted as a purchase would be (a ledger row), for
 * the tests that spend them: pass `...member.login` to app.inject.
 */
export async function createMemberWithCredits(
  db: Database,
  credits: number,
  overrides: MemberOverrides = {},
) {
  const member = await createMember(db, overrides);
  if (credits > 0)
    await db.transaction((tx) =>
      grantCredits(tx, {
        userId: member.id,
        amount: credits,
        reason: 'test',
        reference: `test:${randomUUID()}`,
      }),
    );
  return { ...member, login: await logIn(db, member.id) };
}
