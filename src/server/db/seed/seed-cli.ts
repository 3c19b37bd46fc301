import path from 'node:path';
import { loadEnv } from '../../env.ts';
import { seedDemoModeration } from '../../features/moderation/demo-moderation.ts';
import { seedDemoReports } from '../../features/reports/demo-reports.ts';
import { seedDemoStaff } from '../../features/staff/demo-staff.ts';
import { createLogger } from '../../lib/logger.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { connectDatabase } from '../client.ts';
import { seedDemoChats } from './demo-chats.ts';
import { seedDemoDiscountCodes } from './demo-discounts.ts';
import { seedDemoLikes } from './demo-likes.ts';
import { seedDemoLoginPhotos } from './demo-login-photos.ts';
import { randomDemoPassword, seedDemoLogins } from './demo-logins.ts';
import { seedDemoNotificationPreferences } from './demo-notifications.ts';
import { seedDemoOperatorQueue } from './demo-operator-queue.ts';
import { DEFAULT_DEMO_PHOTO_CACHE } from './demo-photo-cache.ts';
import { seedDemo } from './seed-demo.ts';

/**
 * The demo seed as its own process, started by the server before it opens its port
 * (seed-in-child-process.ts). The server's database URL comes in SEED_DATABASE_URL because with
 * the embedded server DATABASE_URL is unset.
 */
// Killed with the server: an interrupted seed is taken over by the next start (its lease runs out).
process.on('disconnect', () => process.exit(1));

const env = loadEnv();
const log = createLogger({ level: env.logLevel }).child({ component: 'demo-seed' });
const url = process.env.SEED_DATABASE_URL ?? env.databaseUrl;
if (!url) throw new Error('SEED_DATABASE_URL is not set');
const database = connectDatabase(url, { max: 4 });
try {
  const started = Date.now();
  const storage = createLocalStorage(path.join(env.dataDir, 'media'));
  const result = await seedDemo({
    db: database.db,
    storage,
    log: (m: string) => log.info(m),
    photoCache: DEFAULT_DEMO_PHOTO_CACHE,
  });
  log.info(
    { ...result, ms: Date.now() - started },
    result.skipped ? 'demo data already present' : 'demo data seeded',
  );
  const logins = await seedDemoLogins(database.db, new Date(), {
    passwords: env.demoPasswords,
    // The only time these passwords exist outside their hashes: said once, at warn so that a
    // production log level shows them.
    onPassword: (email, password) =>
      log.warn(
        { email, password },
        'DEMO LOGIN on a production start: its password is random and printed only this once (docs/decisions/0039)',
      ),
  });
  if (logins > 0)
    log.info(
      { logins },
      env.demoPasswords === 'readme' ? 'demo logins created (see README)' : 'demo logins created',
    );
  const staff = await seedDemoStaff(database.db, new Date(), {
    passwords: env.demoPasswords,
    randomPassword: randomDemoPassword,
    onPassword: (email, password) =>
      log.warn(
        { email, password },
        'DEMO STAFF LOGIN on a production start: its password is random and printed only this once (docs/decisions/0039)',
      ),
  });
  if (staff > 0)
    log.info(
      { staff },
      env.demoPasswords === 'readme' ? 'demo staff created (see README)' : 'demo staff created',
    );
  const loginPhotos = await seedDemoLoginPhotos(database.db, storage);
  if (loginPhotos > 0) log.info({ photos: loginPhotos }, 'photos of the demo logins drawn');
  const codes = await seedDemoDiscountCodes(database.db);
  if (codes > 0) log.info({ codes }, 'demo discount codes created (see README)');
  const demoLikes = await seedDemoLikes(database.db);
  if (demoLikes > 0) log.info({ likes: demoLikes }, 'likes of the demo logins created');
  const demoChats = await seedDemoChats(database.db, new Date(), { storage });
  if (demoChats > 0) log.info({ conversations: demoChats }, 'conversations of the demo logins created');
  const demoPreferences = await seedDemoNotificationPreferences(database.db);
  if (demoPreferences > 0)
    log.info({ logins: demoPreferences }, 'notification preferences of the demo logins set');
  const waiting = await seedDemoOperatorQueue(database.db);
  if (waiting > 0)
    log.info({ conversations: waiting }, "conversations waiting for the operators' answers created");
  const demoReports = await seedDemoReports(database.db, new URL(env.publicUrl).hostname);
  if (demoReports > 0) log.info({ reports: demoReports }, 'open reports for the back office created');
  const moderation = await seedDemoModeration(database.db, storage);
  if (moderation > 0)
    log.info({ waiting: moderation }, "demo photos and texts put in the moderators' queues");
} finally {
  await database.close();
}
// The IPC channel would keep this process alive.
process.exit(0);
