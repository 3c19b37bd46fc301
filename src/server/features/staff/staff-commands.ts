import { randomBytes } from 'node:crypto';
import { STAFF_ROLES, StaffAddInputSchema, type StaffRole } from '../../../shared/contracts/staff.ts';
import type { Database } from '../../db/client.ts';
import {
  addStaff,
  disableStaff,
  enableStaff,
  findStaffByEmail,
  listStaff,
  resetStaffTotp,
} from './staff.service.ts';
import { CLI_ACTOR } from './staff-audit.service.ts';
import { currentTotpCode } from './staff-totp.ts';

/**
 * The commands of `npm run staff` (staff-cli.ts opens the database and the process around them):
 * here, so that they run in a test without a process each.
 *
 *   add <email> --role <role> [--role <role>] [--name <name>]   prints a new password once
 *   list | disable <email> | enable <email> | reset-2fa <email>
 *   code <email>   the current TOTP code (development machines only: the demo staff's second factor)
 */
export const USAGE = `usage: npm run staff -- add <email> --role ${STAFF_ROLES.join('|')} [--role …] [--name <name>]
       npm run staff -- list | disable <email> | enable <email> | reset-2fa <email> | code <email>`;

/** A mistake of the caller: said with the usage, exit code 2. */
export class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

export type StaffCommandOptions = {
  role?: string[];
  name?: string;
  /** The README's demo passwords are in force: `code` may print a second factor. */
  developmentMachine: boolean;
  now: Date;
  out: (line: string) => void;
};

async function staffOf(db: Database, address: string | undefined) {
  if (!address) fail('the e-mail address is missing');
  const staff = await findStaffByEmail(db, address);
  if (!staff) fail(`no staff account ${address}`);
  return staff;
}

/** Runs one command; a caller's mistake throws UsageError. */
export async function runStaffCommand(
  db: Database,
  command: string,
  email: string | undefined,
  options: StaffCommandOptions,
): Promise<void> {
  const { now, out } = options;
  switch (command) {
    case 'add': {
      const roles = (options.role ?? []).flatMap((role) => role.split(','));
      const unknown = roles.filter((role) => !(STAFF_ROLES as readonly string[]).includes(role));
      if (roles.length === 0 || unknown.length > 0) fail(`--role must be one of ${STAFF_ROLES.join(', ')}`);
      // 20 random characters: the members' rules hold, and nobody has to type it more than once.
      const password = randomBytes(15).toString('base64url');
      const parsed = StaffAddInputSchema.safeParse({
        email,
        name: options.name ?? email?.split('@')[0],
        password,
        roles: roles as StaffRole[],
      });
      if (!parsed.success)
        fail(`invalid: ${parsed.error.issues.map((i) => `${i.path}: ${i.message}`).join(', ')}`);
      const row = await addStaff(db, CLI_ACTOR, parsed.data, now);
      out(
        `added ${row.email} (${row.roles.join(', ')})\npassword (shown once): ${password}\n` +
          'At the first login the second factor is set up with an authenticator app.',
      );
      break;
    }
    case 'list':
      for (const row of await listStaff(db))
        out(
          [
            row.id,
            row.email,
            row.name,
            row.roles.join(','),
            row.disabledAt ? 'disabled' : 'active',
            row.totpConfirmedAt ? '2fa' : 'no 2fa yet',
          ].join('\t'),
        );
      break;
    case 'disable':
      await disableStaff(db, CLI_ACTOR, (await staffOf(db, email)).id, now);
      out(`disabled ${email}; its sessions ended`);
      break;
    case 'enable':
      await enableStaff(db, CLI_ACTOR, (await staffOf(db, email)).id, now);
      out(`enabled ${email}`);
      break;
    case 'reset-2fa':
      await resetStaffTotp(db, CLI_ACTOR, (await staffOf(db, email)).id, now);
      out(`second factor of ${email} reset: set up again at the next login; its sessions ended`);
      break;
    case 'code': {
      // A code on demand would make the second factor a formality on a live site.
      if (!options.developmentMachine) fail('code is for development machines only (NODE_ENV=development)');
      const staff = await staffOf(db, email);
      if (!staff.totpSecret || !staff.totpConfirmedAt) fail(`${email} has not set a second factor up yet`);
      out(currentTotpCode(staff.totpSecret, now));
      break;
    }
    default:
      fail(`unknown command ${command}`);
  }
}
