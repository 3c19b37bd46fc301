import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql, type WithSubquery } from 'drizzle-orm';
import { z } from 'zod';
import { LIMITS } from '../../../shared/limits.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { photos, profiles, sessions, users } from '../../db/schema/index.ts';
import { defineChannel, type EventBus, publish } from '../../lib/event-bus.ts';
import { createToken, hashToken } from './tokens.ts';

export const SESSION_MAX_AGE_S = LIMITS.authCookieDays * 24 * 3600;
/** last_seen_at is written at most this often, so reading a session stays a single SELECT. */
const TOUCH_EVERY_MS = 10 * 60_000;

export type ActiveSession = {
  id: string;
  csrfToken: string;
  expiresAt: Date;
  user: typeof users.$inferSelect;
  profile: typeof profiles.$inferSelect;
  /** The member's main photo, read with the session so GET /api/user.php needs no extra query. */
  mainPhoto: SessionMainPhoto | null;
};

export type SessionMainPhoto = { storageKey: string; status: 'pending' | 'approved' | 'rejected' };

function newSessionRow(userId: number, meta: { ip?: string; userAgent?: string; now: Date }) {
  const { token, hash } = createToken();
  const row = {
    id: hash,
    userId,
    csrfToken: randomBytes(24).toString('base64url'),
    createdAt: meta.now,
    lastSeenAt: meta.now,
    expiresAt: new Date(meta.now.getTime() + SESSION_MAX_AGE_S * 1000),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  };
  return { token, row };
}

export async function createSession(
  db: Queryable,
  userId: number,
  meta: { ip?: string; userAgent?: string; now: Date },
): Promise<{ token: string; csrfToken: string }> {
  const { token, row } = newSessionRow(userId, meta);
  await db.insert(sessions).values(row);
  return { token, csrfToken: row.csrfToken };
}

/**
 * The session of a member who has just proved their password, built from the login's own read:
 * the activity stamped, the session stored and the caller's own writes (`alsoRun`: the lockout's
 * counters cleared, the browser remembered) done in one statement, and nothing is read back.
 * Logins queue behind password hashing, so every round trip they skip is time the event loop and
 * PostgreSQL give to everyone else (docs/performance.md, Accounts).
 */
export async function createLoginSession(
  db: Database,
  candidate: LoginCandidate,
  meta: { ip?: string; userAgent?: string; now: Date },
  alsoRun: WithSubquery[] = [],
): Promise<{ token: string; session: ActiveSession }> {
  const { token, row } = newSessionRow(candidate.user.id, meta);
  const touched = { lastActiveAt: meta.now };
  const touchUser = db
    .$with('touch_user')
    .as(db.update(users).set(touched).where(eq(users.id, candidate.user.id)).returning({ id: users.id }));
  await db
    .with(touchUser, ...alsoRun)
    .insert(sessions)
    .values(row);
  return {
    token,
    session: {
      id: row.id,
      csrfToken: row.csrfToken,
      expiresAt: row.expiresAt,
      user: { ...candidate.user, ...touched },
      profile: candidate.profile,
      mainPhoto: candidate.mainPhoto,
    },
  };
}

/** An account as a login reads it: everything a session carries, found by e-mail or username. */
type LoginCandidate = Pick<ActiveSession, 'user' | 'profile' | 'mainPhoto'>;

/** What a session carries of its member, read the same way by the login and by every session lookup. */
const memberColumns = {
  user: users,
  profile: profiles,
  mainPhoto: { storageKey: photos.storageKey, status: photos.status },
};
const profileOfMember = eq(profiles.userId, users.id);
const mainPhotoOfMember = and(eq(photos.id, profiles.mainPhotoId), eq(photos.userId, users.id));

function candidateQuery(db: Database, match: 'email' | 'name') {
  return db
    .select(memberColumns)
    .from(users)
    .innerJoin(profiles, profileOfMember)
    .leftJoin(photos, mainPhotoOfMember)
    .where(sql`lower(${match === 'email' ? users.email : users.name}) = ${sql.placeholder('login')}`)
    .limit(1)
    .prepare(`login_candidate_by_${match}`);
}

/** The login's read is the same statement every time. */
const candidateQueries = preparedPerDatabase((db) => ({
  email: candidateQuery(db, 'email'),
  name: candidateQuery(db, 'name'),
}));

export async function findLoginCandidate(db: Database, login: string): Promise<LoginCandidate | undefined> {
  const queries = candidateQueries(db);
  const value = login.trim().toLowerCase();
  const [byEmail] = await queries.email.execute({ login: value });
  if (byEmail) return byEmail;
  const [byName] = await queries.name.execute({ login: value });
  return byName;
}

/** The session behind a cookie token, if it exists, is not revoked or expired, and its account may log in. */
export async function findSession(db: Database, token: string, now: Date): Promise<ActiveSession | null> {
  return findSessionById(db, hashToken(token), now);
}

/**
 * Every member request needs its session, and the cache keeps one for a minute at most (ADR 0038).
 * Planning this four-table join cost PostgreSQL more than running it: prepared once per connection.
 */
const sessionQuery = preparedPerDatabase((db) =>
  db
    .select({ session: sessions, ...memberColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, profileOfMember)
    .leftJoin(photos, mainPhotoOfMember)
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('session_by_id'),
);

async function findSessionById(db: Database, id: string, now: Date): Promise<ActiveSession | null> {
  const [row] = await sessionQuery(db).execute({ id, now });
  if (!row || row.user.status === 'pending_deletion' || row.user.status === 'disabled') return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return {
    id,
    csrfToken: row.session.csrfToken,
    expiresAt: row.session.expiresAt,
    user: row.user,
    profile: row.profile,
    mainPhoto: row.mainPhoto,
  };
}

export async function revokeSession(db: Database, sessionId: string, now: Date) {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** Ends every session of an account, optionally but one (the member's current browser). */
export async function revokeUserSessions(db: Queryable, userId: number, now: Date, exceptSessionId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
      ),
    );
}

/**
 * Every change to an account, with the member's id, on whichever instance makes it: caches of the
 * member (sessions, visibility) drop their entries. Published in the change's transaction when it
 * has one, so it is heard only once the change is there to read.
 */
export const userChanged = defineChannel('user_changed', z.number().int().positive());

export type SessionCache = {
  find: (token: string, now: Date) => Promise<ActiveSession | null>;
  /**
   * Every change to an account (status, password, e-mail, language, sessions) or to what
   * the session carries of the profile (profile fields, main photo) must call this, on whichever
   * instance makes it: all instances drop what they cached for that member.
   */
  /** Given the change's transaction, other instances hear of it when it commits. */
  invalidateUser: (userId: number, tx?: Queryable) => Promise<void>;
};

/**
 * Sessions are read on every member request; memory spares a database round trip each time.
 * Invalidation travels over LISTEN/NOTIFY, so a logout or revocation on one instance holds on all
 * of them at once. An entry is kept for a minute while the bus has listened without a break since
 * it was stored, and for five seconds otherwise (stored before or during a loss of the bus's
 * connection, whose notifications are never heard): the TTL only bounds what a lost notification
 * could cost. Five seconds everywhere made the cache miss for nearly every chat message, since a
 * member writes less often than that (docs/decisions/0038).
 */
export async function createSessionCache(
  db: Database,
  bus: Pick<EventBus, 'subscribe' | 'epoch'>,
  ttl: { listening: number; otherwise: number } = { listening: 60_000, otherwise: 5_000 },
): Promise<SessionCache> {
  const entries = new Map<string, { at: number; epoch: number | undefined; value: ActiveSession | null }>();
  // The cached session ids of each member: a member's change drops theirs without a scan of every
  // entry (a scan of 50,000 blocked the event loop for milliseconds at each photo or profile change).
  const idsOf = new Map<number, Set<string>>();
  // Bumped on every invalidation: a read that started before a change must not put what it read
  // back into the cache after the change dropped it (the member would see the old profile).
  let generation = 0;
  const dropUser = (userId: number) => {
    generation += 1;
    for (const id of idsOf.get(userId) ?? []) entries.delete(id);
    idsOf.delete(userId);
  };
  const remember = (id: string, epoch: number | undefined, value: ActiveSession | null) => {
    if (entries.size > 50_000) {
      entries.clear();
      idsOf.clear();
    }
    entries.set(id, { at: Date.now(), epoch, value });
    if (!value) return;
    const ids = idsOf.get(value.user.id) ?? new Set<string>();
    ids.add(id);
    idsOf.set(value.user.id, ids);
  };
  await bus.subscribe(userChanged, dropUser);
  const peek = (id: string, now: Date): ActiveSession | null | undefined => {
    const hit = entries.get(id);
    if (!hit) return undefined;
    const heard = hit.epoch !== undefined && hit.epoch === bus.epoch();
    if (Date.now() - hit.at >= (heard ? ttl.listening : ttl.otherwise)) return undefined;
    return hit.value && hit.value.expiresAt > now ? hit.value : null;
  };
  return {
    find: async (token, now) => {
      const id = hashToken(token);
      const known = peek(id, now);
      if (known !== undefined) return known;
      const startedAt = generation;
      // Before the read: a loss of the bus during the read makes the entry a short one.
      const epoch = bus.epoch();
      const value = await findSessionById(db, id, now);
      if (startedAt !== generation) return value;
      remember(id, epoch, value);
      return value;
    },
    invalidateUser: async (userId, tx) => {
      dropUser(userId);
      await publish(tx ?? db, userChanged, userId);
    },
  };
}
