import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../features/auth/passwords.ts';
import { createSession } from '../../features/auth/sessions.service.ts';
import { createTestDb } from '../../test/db.ts';
import type { Db } from '../client.ts';
import { sessions, users } from '../schema/index.ts';
import { DEMO_LOGIN_EMAILS, retireReadmeDemoPasswords, seedDemoLogins } from './demo-logins.ts';

const NOW = new Date('2025-03-15T10:00:00Z');
const README_PASSWORDS: Record<string, string> = {
  'demo@liefdesplein.nl': 'demo-liefde-2026',
  'premium@liefdesplein.nl': 'premium-liefde-2026',
};

async function hashOf(db: Db['db'], email: string): Promise<string | null> {
  const [row] = await db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  return row?.hash ?? null;
}

describe('demo logins on a production start (docs/decisions/0039)', () => {
  let database: Db;
  beforeAll(async () => {
    database = await createTestDb();
  });
  afterAll(async () => {
    await database.close();
  });

  it("creates the logins with random passwords, handed over once, that the README's do not open", async () => {
    const handed = new Map<string, string>();
    const created = await seedDemoLogins(database.db, NOW, {
      passwords: 'random',
      onPassword: (email, password) => handed.set(email, password),
    });
    expect(created).toBe(DEMO_LOGIN_EMAILS.length);
    expect([...handed.keys()].sort()).toEqual([...DEMO_LOGIN_EMAILS].sort());
    for (const email of DEMO_LOGIN_EMAILS) {
      const hash = await hashOf(database.db, email);
      expect(await verifyPassword(hash, README_PASSWORDS[email] as string), email).toBe(false);
      expect(handed.get(email)?.length, email).toBeGreaterThanOrEqual(20);
      expect(await verifyPassword(hash, handed.get(email) as string), email).toBe(true);
    }
    // Nothing to retire: none opens with the README's password.
    expect(await retireReadmeDemoPasswords(database.db, NOW, () => {})).toEqual([]);
  }, 60_000);

  it("gives logins seeded earlier with the README's passwords random ones, and ends their sessions", async () => {
    const old = await createTestDb();
    try {
      await seedDemoLogins(old.db, NOW);
      const [premium] = await old.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, 'premium@liefdesplein.nl'));
      // Someone who logged in with the published password.
      await createSession(old.db, premium!.id, { now: NOW });
      const handed = new Map<string, string>();
      const changed = await retireReadmeDemoPasswords(old.db, NOW, (email, password) =>
        handed.set(email, password),
      );
      expect(changed).toHaveLength(DEMO_LOGIN_EMAILS.length);
      for (const email of DEMO_LOGIN_EMAILS) {
        const hash = await hashOf(old.db, email);
        expect(await verifyPassword(hash, README_PASSWORDS[email] as string), email).toBe(false);
        expect(await verifyPassword(hash, handed.get(email) as string), email).toBe(true);
      }
      const open = await old.db
        .select({ revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(eq(sessions.userId, premium!.id));
      expect(open.map((s) => s.revokedAt)).toEqual([NOW]);
      // A second start changes nothing more.
      expect(await retireReadmeDemoPasswords(old.db, NOW, () => {})).toEqual([]);
    } finally {
      await old.close();
    }
  }, 60_000);
});
