import { parseArgs } from 'node:util';
import { connectDatabase, migrateDatabase } from '../../db/client.ts';
import { runningEmbeddedUrl, startEmbeddedPostgres } from '../../db/embedded.ts';
import { loadEnv } from '../../env.ts';
import { runStaffCommand, USAGE, UsageError } from './staff-commands.ts';

/**
 * `npm run staff -- <command>`: the first admin on a fresh install, and a way back in when the
 * back office cannot be reached. Admins manage staff in the back office after that. Every change
 * writes its audit row like the back office's (who: the command line). The commands are in
 * staff-commands.ts.
 */
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

const database = await openDatabase();
try {
  await runStaffCommand(database.db, command, email, {
    ...values,
    developmentMachine: env.demoPasswords === 'readme',
    now: new Date(),
    out: (line) => console.log(line),
  });
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n${USAGE}`);
  process.exitCode = 2;
} finally {
  await database.close();
}
