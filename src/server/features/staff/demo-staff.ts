import { eq } from 'drizzle-orm';
import type { StaffRole } from '../../../shared/contracts/staff.ts';
import type { Database } from '../../db/client.ts';
import { staffAccounts } from '../../db/schema/index.ts';
import { addStaff, findStaffByEmail } from './staff.service.ts';
import { CLI_ACTOR } from './staff-audit.service.ts';

/**
 * The back office's demo people the README names, one per role. Their second factor is already set
 * up with the fixed secret the README prints (and `npm run staff -- code <email>` turns into the
 * current code), so a developer logs in without a phone. On a production start their passwords are
 * random and printed once, and they set their second factor up at their first login like anyone
 * (docs/decisions/0039): the README's secrets open nothing there.
 */
export const DEMO_STAFF = [
  {
    email: 'admin@liefdesplein.nl',
    name: 'Demo Admin',
    password: 'admin-liefde-2026',
    roles: ['admin'],
    totpSecret: 'JBSWY3DPEHPK3PXPADMINAAAAAAAAAAA',
  },
  {
    email: 'moderator@liefdesplein.nl',
    name: 'Demo Moderator',
    password: 'moderator-liefde-2026',
    roles: ['moderator'],
    totpSecret: 'JBSWY3DPEHPK3PXPMODERATORAAAAAAA',
  },
  {
    email: 'operator@liefdesplein.nl',
    name: 'Demo Operator',
    password: 'operator-liefde-2026',
    roles: ['operator'],
    totpSecret: 'JBSWY3DPEHPK3PXPOPERATORAAAAAAAA',
  },
] as const satisfies readonly {
  email: string;
  name: string;
  password: string;
  roles: StaffRole[];
  totpSecret: string;
}[];

export async function seedDemoStaff(
  db: Database,
  now: Date,
  options: {
    passwords: 'readme' | 'random';
    randomPassword: () => string;
    onPassword?: (email: string, password: string) => void;
  },
): Promise<number> {
  let created = 0;
  for (const demo of DEMO_STAFF) {
    if (await findStaffByEmail(db, demo.email)) continue;
    const readme = options.passwords === 'readme';
    const password = readme ? demo.password : options.randomPassword();
    const row = await addStaff(
      db,
      CLI_ACTOR,
      { email: demo.email, name: demo.name, password, roles: [...demo.roles] },
      now,
    );
    if (readme)
      await db
        .update(staffAccounts)
        .set({ totpSecret: demo.totpSecret, totpConfirmedAt: now })
        .where(eq(staffAccounts.id, row.id));
    else options.onPassword?.(demo.email, password);
    created += 1;
  }
  return created;
}
