import { asc, eq, max, sql } from 'drizzle-orm';
import type { StaffAddInput, StaffRole } from '../../../shared/contracts/staff.ts';
import type { Database } from '../../db/client.ts';
import { type StaffAccount, staffAccounts, staffSessions } from '../../db/schema/index.ts';
import { publish } from '../../lib/event-bus.ts';
import { AppError } from '../../plugins/errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import { type AuditActor, writeAudit } from './staff-audit.service.ts';
import { revokeStaffSessionsOf, staffChanged } from './staff-sessions.service.ts';

/** The facts of a staff account an audit row keeps as before/after: never a hash or a secret. */
const auditedFields = (row: StaffAccount) => ({
  email: row.email,
  name: row.name,
  roles: row.roles,
  disabled: row.disabledAt !== null,
  totpReady: row.totpConfirmedAt !== null,
});

const staffNotFound = () => new AppError('staff_not_found', 404, 'Staff account not found.');

export const findStaffByEmail = async (db: Pick<Database, 'select'>, email: string) =>
  (
    await db
      .select()
      .from(staffAccounts)
      .where(sql`lower(${staffAccounts.email}) = ${email.trim().toLowerCase()}`)
  )[0];

export const listStaff = (db: Pick<Database, 'select'>) =>
  db.select().from(staffAccounts).orderBy(asc(staffAccounts.name), asc(staffAccounts.id));

/**
 * Every account with the start of its last login that passed the second factor (sessions are
 * never deleted, only revoked or left to expire, so the latest complete one is the last login).
 */
export async function listStaffWithLastLogin(db: Pick<Database, 'select'>) {
  const lastLogins = db
    .select({ staffId: staffSessions.staffId, at: max(staffSessions.createdAt).as('last_login_at') })
    .from(staffSessions)
    .where(eq(staffSessions.stage, 'complete'))
    .groupBy(staffSessions.staffId)
    .as('last_logins');
  const rows = await db
    .select({ account: staffAccounts, lastLoginAt: lastLogins.at })
    .from(staffAccounts)
    .leftJoin(lastLogins, eq(lastLogins.staffId, staffAccounts.id))
    .orderBy(asc(staffAccounts.name), asc(staffAccounts.id));
  return rows.map(({ account, lastLoginAt }) => ({ ...account, lastLoginAt }));
}

/** A new staff account; its second factor is set up at its first login. */
export async function addStaff(db: Database, actor: AuditActor, input: StaffAddInput, now: Date) {
  // Hashed before the transaction: a hash takes a core for a while, a transaction must not wait on it.
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffAccounts)
      .values({
        email: input.email.trim(),
        name: input.name,
        passwordHash,
        roles: input.roles,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new AppError(
        'staff_email_taken',
        409,
        'A staff account with this e-mail address already exists.',
      );
    await writeAudit(
      tx,
      actor,
      { action: 'staff.add', target: `staff:${row.id}`, after: auditedFields(row) },
      now,
    );
    return row;
  });
}

/**
 * Changes one staff account under a row lock, with its audit row (before and after) in the same
 * transaction; `revoke` logs the person out everywhere in it too.
 */
async function changeStaff(
  db: Database,
  actor: AuditActor,
  id: number,
  action: string,
  now: Date,
  change: Partial<typeof staffAccounts.$inferInsert>,
  revoke: boolean,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, id)).for('update');
    if (!before) throw staffNotFound();
    const [after] = await tx.update(staffAccounts).set(change).where(eq(staffAccounts.id, id)).returning();
    if (!after) throw staffNotFound();
    if (revoke) await revokeStaffSessionsOf(tx, id, now);
    // Their open sockets hear it on commit: new roles open other lists, a disabled person none.
    await publish(tx, staffChanged, id);
    await writeAudit(
      tx,
      actor,
      { action, target: `staff:${id}`, before: auditedFields(before), after: auditedFields(after) },
      now,
    );
    return after;
  });
}

export const disableStaff = (db: Database, actor: AuditActor, id: number, now: Date) =>
  changeStaff(db, actor, id, 'staff.disable', now, { disabledAt: now }, true);

export const enableStaff = (db: Database, actor: AuditActor, id: number, now: Date) =>
  changeStaff(db, actor, id, 'staff.enable', now, { disabledAt: null }, false);

export const setStaffRoles = (db: Database, actor: AuditActor, id: number, roles: StaffRole[], now: Date) =>
  changeStaff(db, actor, id, 'staff.roles', now, { roles }, false);

/** A lost phone: the next login sets the second factor up again; every session ends now. */
export const resetStaffTotp = (db: Database, actor: AuditActor, id: number, now: Date) =>
  changeStaff(
    db,
    actor,
    id,
    'staff.reset_2fa',
    now,
    { totpSecret: null, totpConfirmedAt: null, recoveryCodeHashes: [], lastTotpStep: null },
    true,
  );
