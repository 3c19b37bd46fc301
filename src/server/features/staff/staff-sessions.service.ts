import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { StaffRole } from '../../../shared/contracts/staff.ts';
import type { Queryable } from '../../db/client.ts';
import { staffAccounts, staffSessions } from '../../db/schema/index.ts';
import { defineChannel, publish } from '../../lib/event-bus.ts';
import { createToken, hashToken } from '../auth/tokens.ts';

/** A staff session ends after 30 minutes without a request, and 12 hours after the login whatever happens. */
export const STAFF_IDLE_MS = 30 * 60_000;
export const STAFF_ABSOLUTE_MS = 12 * 3600_000;
/** Between the password and the code: long enough to open the app, short enough to be no session. */
const PASSWORD_STAGE_MS = 10 * 60_000;

export type StaffSession = {
  id: string;
  stage: 'password' | 'complete';
  csrfToken: string;
  createdAt: Date;
  staff: { id: number; email: string; name: string; roles: StaffRole[] };
};

export async function createStaffSession(
  db: Queryable,
  staffId: number,
  meta: { ip?: string; userAgent?: string; now: Date },
) {
  const { token, hash } = createToken();
  const csrfToken = randomBytes(24).toString('base64url');
  await db.insert(staffSessions).values({
    id: hash,
    staffId,
    stage: 'password',
    csrfToken,
    createdAt: meta.now,
    lastSeenAt: meta.now,
    expiresAt: new Date(meta.now.getTime() + STAFF_ABSOLUTE_MS),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { token, csrfToken };
}

/**
 * A staff person's sessions or rights changed (a logout, disabled, new roles, a reset second
 * factor), published in the change's transaction: their open sockets, on every instance, ask their
 * sessions again (features/realtime's staff hub). The payload is the staff account's id.
 */
export const staffChanged = defineChannel('staff_changed', z.number().int().positive());

type SessionRow = typeof staffSessions.$inferSelect;

/** When a session ends unless a request comes first; null when it cannot hold at all (revoked, disabled). */
function sessionEnd(session: SessionRow, staff: { disabledAt: Date | null }): Date | null {
  if (staff.disabledAt || session.revokedAt) return null;
  const idle = session.stage === 'complete' ? STAFF_IDLE_MS : PASSWORD_STAGE_MS;
  return new Date(Math.min(session.expiresAt.getTime(), session.lastSeenAt.getTime() + idle));
}

async function readSession(db: Queryable, id: string) {
  const [row] = await db
    .select({ session: staffSessions, staff: staffAccounts })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(and(eq(staffSessions.id, id), isNull(staffSessions.revokedAt)));
  return row;
}

/**
 * The session behind a cookie, if it still holds: not revoked, within 12 hours of the login and
 * 30 minutes of its last request (10 minutes while only the password is proved), its person not
 * disabled. Each request that finds it moves the idle end on. Staff are few: no cache.
 */
export async function findStaffSession(
  db: Queryable,
  token: string,
  now: Date,
): Promise<StaffSession | null> {
  const row = await readSession(db, hashToken(token));
  if (!row) return null;
  const { session, staff } = row;
  const end = sessionEnd(session, staff);
  if (!end || end <= now) return null;
  await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, session.id));
  return {
    id: session.id,
    stage: session.stage,
    csrfToken: session.csrfToken,
    createdAt: session.createdAt,
    staff: { id: staff.id, email: staff.email, name: staff.name, roles: staff.roles },
  };
}

/**
 * How a complete session stands for an open staff socket, which is no request: it moves the idle
 * end on for nothing, so a back office left open ends like any other. Null once it has ended.
 */
export async function standingOfStaffSession(
  db: Queryable,
  sessionId: string,
  now: Date,
): Promise<{ endsAt: Date; roles: StaffRole[] } | null> {
  const row = await readSession(db, sessionId);
  if (row?.session.stage !== 'complete') return null;
  const end = sessionEnd(row.session, row.staff);
  return end && end > now ? { endsAt: end, roles: row.staff.roles } : null;
}

export async function completeStaffSession(db: Queryable, sessionId: string, now: Date) {
  await db
    .update(staffSessions)
    .set({ stage: 'complete', lastSeenAt: now })
    .where(eq(staffSessions.id, sessionId));
}

export async function revokeStaffSession(db: Queryable, sessionId: string, now: Date) {
  const [revoked] = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(eq(staffSessions.id, sessionId))
    .returning({ staffId: staffSessions.staffId });
  if (revoked) await publish(db, staffChanged, revoked.staffId);
}

/** A disabled person, or one whose second factor was reset, is logged out everywhere. */
export async function revokeStaffSessionsOf(db: Queryable, staffId: number, now: Date) {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}
