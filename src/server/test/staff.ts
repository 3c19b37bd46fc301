import type { StaffRole } from '../../shared/contracts/staff.ts';
import type { Database } from '../db/client.ts';
import { staffAccounts } from '../db/schema/index.ts';
import { hashToken } from '../features/auth/tokens.ts';
import { completeStaffSession, createStaffSession } from '../features/staff/staff-sessions.service.ts';

export type StaffLogin = {
  id: number;
  cookies: { asid: string };
  headers: { 'x-csrf-token': string };
};

let counter = 0;

/**
 * A staff account with a complete session (password and second factor proved), written straight
 * to the database: pass `cookies` and `headers` to app.inject. The login itself is staff.routes.test.ts's.
 */
export async function logInStaffAs(db: Database, roles: StaffRole[], now = new Date()): Promise<StaffLogin> {
  counter += 1;
  const [staff] = await db
    .insert(staffAccounts)
    .values({
      email: `staff-${counter}-${process.pid}@example.nl`,
      name: `${roles.join('+')} ${counter}`,
      passwordHash: 'not-a-hash',
      roles,
      totpConfirmedAt: now,
    })
    .returning({ id: staffAccounts.id });
  if (!staff) throw new Error('logInStaffAs: no staff row');
  const { token, csrfToken } = await createStaffSession(db, staff.id, { now });
  await completeStaffSession(db, hashToken(token), now);
  return { id: staff.id, cookies: { asid: token }, headers: { 'x-csrf-token': csrfToken } };
}
