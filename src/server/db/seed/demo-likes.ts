import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { visibleMemberCondition } from '../../features/members/members.visibility.ts';
import type { Database } from '../client.ts';
import { likes, profiles, users } from '../schema/index.ts';
import { DEMO_LOGIN_EMAILS, demoCast, notDemoLogin, otherGender } from './demo-logins.ts';

/** Received likes per demo login; the first RECEIVED_NEW are new, the rest seen. */
const RECEIVED = 6;
const RECEIVED_NEW = 3;
/** Of those who liked the login, this many are liked back: the login's matches. */
const MATCHES = 2;
/** Likes the login gave that are not returned. */
const GIVEN_UNRETURNED = 2;
const HOUR_MS = 3_600_000;

/**
 * Likes for the README's demo logins, so the likes screen shows something at once: received likes
 * (some new), given likes and matches, with demo members of the gender the login is looking for.
 * A login that already has likes either way is left alone, so a restart neither duplicates nor
 * brings back likes the visitor took back; run after seedDemo (the members) and seedDemoLogins.
 */
export async function seedDemoLikes(db: Database, now = new Date()): Promise<number> {
  const logins = await db
    .select({
      id: users.id,
      gender: profiles.gender,
      country: profiles.country,
      birthDate: profiles.birthDate,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(sql`lower(${users.email})`, [...DEMO_LOGIN_EMAILS]))
    .orderBy(asc(users.id));
  let created = 0;
  for (const login of logins) await ensureAutoLikers(db, login);
  for (const login of logins) {
    const [existing] = await db
      .select({ one: sql`1` })
      .from(likes)
      .where(or(eq(likes.likerId, login.id), eq(likes.likedId, login.id)))
      .limit(1);
    if (existing) continue;
    // Both demo logins are hetero: partners of the other gender, visible demo members only.
    const partners = await demoCast(db, { gender: otherGender(login.gender) }, RECEIVED + GIVEN_UNRETURNED);
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS);
    const received = partners.slice(0, RECEIVED).map((p, i) => ({
      likerId: p.id,
      likedId: login.id,
      createdAt: at(i + 1),
      seenAt: i < RECEIVED_NEW ? null : at(i),
    }));
    // The login liked back the first members whose likes it has seen, and a few who did not like it.
    const given = [...partners.slice(RECEIVED_NEW, RECEIVED_NEW + MATCHES), ...partners.slice(RECEIVED)].map(
      (p, i) => ({ likerId: login.id, likedId: p.id, createdAt: at(i + 0.5), seenAt: null }),
    );
    const rows = [...received, ...given];
    if (rows.length === 0) continue;
    const inserted = await db
      .insert(likes)
      .values(rows)
      .onConflictDoNothing()
      .returning({ one: likes.likerId });
    created += inserted.length;
  }
  return created;
}

/** Fictional demo profiles that may auto-like each demo login (the ?t= like modal, docs/decisions/0021). */
const AUTO_LIKERS = 3;

/**
 * Auto-likes come only from fictional profiles that match the member both ways (same country,
 * genders each looks for, ages within ten years). The random demo set may hold none for a login: a
 * few demo members of the right kind become fictional (and carry the fictional warning), once.
 */
async function ensureAutoLikers(
  db: Database,
  login: { id: number; gender: 'male' | 'female'; country: string; birthDate: string },
): Promise<void> {
  const fits = and(
    eq(users.demo, true),
    visibleMemberCondition,
    // The other demo login is a real person trying the site: never made fictional.
    notDemoLogin,
    eq(profiles.gender, otherGender(login.gender)),
    eq(profiles.sexuality, 'hetero'),
    eq(profiles.country, login.country),
    sql`abs(${profiles.birthDate} - ${login.birthDate}::date) < 3650`,
    sql`not exists (select 1 from ${likes} where (${likes.likerId} = ${users.id} and ${likes.likedId} = ${login.id}) or (${likes.likerId} = ${login.id} and ${likes.likedId} = ${users.id}))`,
  );
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(fits, eq(users.fictional, true)));
  if (n >= AUTO_LIKERS) return;
  const chosen = db
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(fits, eq(users.fictional, false)))
    .orderBy(sql`${users.id} desc`)
    .limit(AUTO_LIKERS - n);
  await db.update(users).set({ fictional: true }).where(inArray(users.id, chosen));
}
