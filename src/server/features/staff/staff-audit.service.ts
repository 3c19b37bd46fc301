import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditQuery } from '../../../shared/contracts/staff.ts';
import type { Queryable } from '../../db/client.ts';
import { staffAccounts, staffAudit } from '../../db/schema/index.ts';

/** Who acted: a staff member with the roles they held, or the command line (`npm run staff`). */
export type AuditActor = { staffId: number | null; roles: readonly string[]; ip: string | null };

export const CLI_ACTOR: AuditActor = { staffId: null, roles: ['cli'], ip: null };

export type AuditEntry = {
  action: string;
  target?: string;
  before?: unknown;
  after?: unknown;
};

/**
 * Writes the audit row of a staff action. Takes the caller's transaction on purpose: the row and
 * the change it records commit together or not at all, so the log never names a change that did
 * not happen nor misses one that did. The table refuses UPDATE and DELETE (migration 0033).
 */
export async function writeAudit(tx: Queryable, actor: AuditActor, entry: AuditEntry, now: Date) {
  await tx.insert(staffAudit).values({
    staffId: actor.staffId,
    roles: [...actor.roles],
    action: entry.action,
    target: entry.target ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip,
    at: now,
  });
}

const AUDIT_PAGE_SIZE = 50;

/** The audit log, newest first: by person, by target (exact), by days (from and to inclusive, UTC). */
export async function searchAudit(db: Queryable, query: AuditQuery) {
  const conditions: SQL[] = [];
  if (query.staff_id) conditions.push(eq(staffAudit.staffId, query.staff_id));
  if (query.target) conditions.push(eq(staffAudit.target, query.target));
  if (query.from) conditions.push(gte(staffAudit.at, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) {
    const end = new Date(`${query.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(staffAudit.at, end));
  }
  const rows = await db
    .select({
      id: staffAudit.id,
      staffId: staffAudit.staffId,
      staffName: staffAccounts.name,
      roles: staffAudit.roles,
      action: staffAudit.action,
      target: staffAudit.target,
      before: staffAudit.before,
      after: staffAudit.after,
      ip: staffAudit.ip,
      at: staffAudit.at,
    })
    .from(staffAudit)
    .leftJoin(staffAccounts, eq(staffAccounts.id, staffAudit.staffId))
    .where(and(...conditions))
    .orderBy(desc(staffAudit.at), desc(staffAudit.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((query.page - 1) * AUDIT_PAGE_SIZE);
  return { rows: rows.slice(0, AUDIT_PAGE_SIZE), page: query.page, hasMore: rows.length > AUDIT_PAGE_SIZE };
}
