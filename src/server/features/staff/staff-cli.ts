import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, StaffAddInputSchema, type StaffRole } from '../../../shared/contracts/staff.ts';
import { connectDatabase, type Database, migrateDatabase } from '../../db/client.ts';
import { runningEmbeddedUrl, startEmbeddedPostgres } from '../../db/embedded.ts';
import { loadEnv } from '../../env.ts';
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
 * `npm run staff -- <command>`: the first admin on a fresh install, and a way back in when the
 * back office cannot be reached. Admins manage staff in the back office after that. Every change
 * writes its audit row like the back office's (who: the command line).
 *
 *   add <email> --role <role> [--role <role>] [--name <name>]   prints a new password once
 *   list | disable <email> | enable <email> | reset-2fa <email>
 *   code <email>   the current TOTP code (development machines only: the demo staff's second factor)
 */
const USAGE = `usage: npm run staff -- add <email> --role ${STAFF_ROLES.join('|')} [--role …] [--name <name>]
       npm run staff -- list | disable <email> | enable <email> | reset-2fa <email> | code <email>`;

/** A mistake of the caller: said with the usage, exit code 2, after the database is closed. */
class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { role: { type: 'string', multiple: true }, name: { type: 'string' } },
});
const [command, email] = positionals;
if (!command) {
  console.error(`no command\n${USAGE}`);
  process.exit(2);
}

const env = loadEnv();

/** The app's database: DATABASE_URL, the embedded server a running app holds, or one started for this command. */
async function openDatabase() {
  let stop = async () => {};
  let url = env.databaseUrl ?? (await runningEmbeddedUrl(env.dataDir));
  if (!url) {
    const server = await startEmbeddedPostgres({ dataDir: env.dataDir });
    stop = server.stop;
    url = server.url('postgres');
  }
  const database = connectDatabase(url, { max: 2 });
  await migrateDatabase(database);
  return {
    db: database.db,
    close: async () => {
      await database.close();
      await stop();
    },
  };
}

async function staffOf(db: Database, address: string | undefined) {
  if (!address) fail('the e-mail address is missing');
  const staff = await findStaffByEmail(db, address);
  if (!staff) fail(`no staff account ${address}`);
  return staff;
}

const database = await openDatabase();
const { db } = database;
const now = new Date();
try {
  switch (command) {
    case 'add': {
      const roles = (values.role ?? []).flatMap((role) => role.split(','));
      const unknown = roles.filter((role) => !(STAFF_ROLES as readonly string[]).includes(role));
      if (roles.length === 0 || unknown.length > 0) fail(`--role must be one of ${STAFF_ROLES.join(', ')}`);
      // 20 random characters: the members' rules hold, and nobody has to type it more than once.
      const password = randomBytes(15).toString('base64url');
      const parsed = StaffAddInputSchema.safeParse({
        email,
        name: values.name ?? email?.split('@')[0],
        password,
        roles: roles as StaffRole[],
      });
      if (!parsed.success)
        fail(`invalid: ${parsed.error.issues.map((i) => `${i.path}: ${i.message}`).join(', ')}`);
      const row = await addStaff(db, CLI_ACTOR, parsed.data, now);
      console.log(
        `added ${row.email} (${row.roles.join(', ')})\npassword (shown once): ${password}\n` +
          'At the first login the second factor is set up with an authenticator app.',
      );
      break;
    }
    case 'list':
      for (const row of await listStaff(db))
        console.log(
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
      console.log(`disabled ${email}; its sessions ended`);
      break;
    case 'enable':
      await enableStaff(db, CLI_ACTOR, (await staffOf(db, email)).id, now);
      console.log(`enabled ${email}`);
      break;
    case 'reset-2fa':
      await resetStaffTotp(db, CLI_ACTOR, (await staffOf(db, email)).id, now);
      console.log(`second factor of ${email} reset: set up again at the next login; its sessions ended`);
      break;
    case 'code': {
      // A code on demand would make the second factor a formality on a live site.
      if (env.demoPasswords !== 'readme')
        fail('code is for development machines only (NODE_ENV=development)');
      const staff = await staffOf(db, email);
      if (!staff.totpSecret || !staff.totpConfirmedAt) fail(`${email} has not set a second factor up yet`);
      console.log(currentTotpCode(staff.totpSecret, now));
      break;
    }
    default:
      fail(`unknown command ${command}`);
  }
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n${USAGE}`);
  process.exitCode = 2;
} finally {
  await database.close();
}
