import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Gender } from '../../../shared/profile-options.ts';
import { hashPassword, verifyPassword } from '../../features/auth/passwords.ts';
import { revokeUserSessions } from '../../features/auth/sessions.service.ts';
import { grantCredits } from '../../features/credits/credits.service.ts';
import { visibleMemberCondition } from '../../features/members/members.visibility.ts';
import { grantReference } from '../../features/payments/checkout/payments.service.ts';
import { coordinatesOf } from '../../features/profile/profile.service.ts';
import { DEFAULT_SETTINGS } from '../../features/settings/settings.defaults.ts';
import { DAY_MS } from '../../lib/durations.ts';
import type { Database } from '../client.ts';
import {
  creditLedger,
  payments,
  profiles,
  testGatewayCustomers,
  testGatewayMandates,
  users,
} from '../schema/index.ts';

/** The two accounts the README names, so a newcomer can look around as a member at once. */
const DEMO_LOGINS = [
  {
    email: 'demo@liefdesplein.nl',
    name: 'DemoSanne',
    password: 'demo-liefde-2026',
    paid: false,
    credits: 20,
    gender: 'female',
    sexuality: 'hetero',
    city: 'Utrecht',
    region: 'NL-UT',
  },
  {
    email: 'premium@liefdesplein.nl',
    name: 'PremiumPieter',
    password: 'premium-liefde-2026',
    paid: true,
    credits: 600,
    gender: 'male',
    sexuality: 'hetero',
    city: 'Amsterdam',
    region: 'NL-NH',
  },
] as const;

/** Lower case, as the logins look them up. */
export const DEMO_LOGIN_EMAILS: readonly string[] = DEMO_LOGINS.map((login) => login.email);

/** Not one of the README's logins: a real person trying the site, never cast in a seed's story. */
export const notDemoLogin = notInArray(sql`lower(${users.email})`, [...DEMO_LOGIN_EMAILS]);

/**
 * The visible demo members a seed casts beside the logins (a login's partners, a fictional profile
 * and the members writing to it), by id so a second seed picks the same ones: real or fictional,
 * of a gender, where the story asks.
 */
export function demoCast(db: Database, who: { fictional?: boolean; gender?: Gender }, limit: number) {
  return db
    .select({ id: users.id, gender: profiles.gender, fictional: users.fictional })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eq(users.demo, true),
        who.fictional === undefined ? undefined : eq(users.fictional, who.fictional),
        who.gender ? eq(profiles.gender, who.gender) : undefined,
        visibleMemberCondition,
        notDemoLogin,
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
}

/** The gender a hetero member looks for (the demo logins are both hetero). */
export const otherGender = (gender: Gender): Gender => (gender === 'male' ? 'female' : 'male');

/**
 * 'readme': the passwords the README publishes (a developer's machine, a test server);
 * 'random': a new one per login, handed to onPassword once and stored only as its hash
 * (a production start: docs/decisions/0039).
 */
type DemoPasswords = 'readme' | 'random';

export type DemoLoginOptions = {
  passwords?: DemoPasswords;
  onPassword?: (email: string, password: string) => void;
};

/** Long enough that nobody guesses it within the login lockout's tries; typed from the log once. */
export function randomDemoPassword(): string {
  return randomBytes(15).toString('base64url');
}

export async function seedDemoLogins(
  db: Database,
  now = new Date(),
  options: DemoLoginOptions = {},
): Promise<number> {
  let created = 0;
  for (const login of DEMO_LOGINS) {
    const [exists] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${login.email}`);
    if (exists) continue;
    const password = options.passwords === 'random' ? randomDemoPassword() : login.password;
    const passwordHash = await hashPassword(password);
    const signupDate = new Date(now.getTime() - 30 * DAY_MS);
    const user = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: login.email,
          name: login.name,
          passwordHash,
          status: 'active',
          emailConfirmedAt: now,
          paidUser: login.paid,
          language: 'nl',
          demo: true,
          // Members for a while: the time bonus and the welcome discount are for new sign-ups
          // (a member who signs up anew sees them; the demo codes are there to try discounts).
          signupDate,
        })
        .returning();
      if (!row) return row;
      if (login.paid) {
        // The premium login bought its credits: a paid purchase of the popular package three days
        // ago, through the test gateway, granted like any purchase (the transactions list and a
        // repeat order have something to show).
        const pkg = DEFAULT_SETTINGS.credit_packages.find((p) => p.credits === login.credits);
        const paidAt = new Date(now.getTime() - 3 * DAY_MS);
        const providerPaymentId = `demo_${row.id}`;
        // Paid by card through the test gateway, which stored the card (a customer and a mandate of
        // its own, as a real provider does), so the repeat order charges it without a checkout.
        const customerId = `cst_demo${row.id}`;
        const mandateId = `mdt_demo${row.id}`;
        await tx.insert(testGatewayCustomers).values({
          id: customerId,
          name: login.name,
          email: login.email,
          locale: 'nl',
          reference: String(row.id),
          createdAt: paidAt,
        });
        await tx
          .insert(testGatewayMandates)
          .values({ id: mandateId, customerId, method: 'creditcard', createdAt: paidAt });
        await tx.insert(payments).values({
          userId: row.id,
          packageId: pkg?.id ?? 'p2',
          credits: login.credits,
          amountCents: pkg?.prices.EUR ?? 5995,
          currency: 'EUR',
          method: 'visa',
          provider: 'test',
          providerPaymentId,
          customerId,
          mandateId,
          sequenceType: 'first',
          status: 'paid',
          country: 'NL',
          locale: 'nl',
          createdAt: paidAt,
          updatedAt: paidAt,
          paidAt,
          checkedAt: paidAt,
        });
        const reference = grantReference('test', providerPaymentId);
        await grantCredits(tx, { userId: row.id, amount: login.credits, reason: 'purchase', reference });
        // The history agrees with the receipt: the grant is dated with the purchase.
        await tx
          .update(creditLedger)
          .set({ createdAt: paidAt })
          .where(and(eq(creditLedger.kind, 'grant'), eq(creditLedger.reference, reference)));
        return row;
      }
      // Credits to try the paid parts with, through the ledger like every credit.
      const reference = `demo:${row.id}`;
      await grantCredits(tx, { userId: row.id, amount: login.credits, reason: 'demo', reference });
      // Granted with the account, a month ago: the history reads in order.
      await tx
        .update(creditLedger)
        .set({ createdAt: signupDate })
        .where(eq(creditLedger.reference, reference));
      return row;
    });
    if (!user) continue;
    await db.insert(profiles).values({
      userId: user.id,
      birthDate: login.gender === 'female' ? '1994-04-12' : '1988-09-03',
      gender: login.gender,
      sexuality: login.sexuality,
      country: 'NL',
      region: login.region,
      city: login.city,
      ...coordinatesOf('NL', login.region, login.city),
      aboutMe: 'Demo-account om de site te verkennen.',
    });
    await db.update(users).set({ lastActiveAt: now }).where(eq(users.id, user.id));
    if (options.passwords === 'random') options.onPassword?.(login.email, password);
    created += 1;
  }
  return created;
}

/**
 * A site seeded before a production start stopped using the README's passwords still has demo
 * logins that open with them: each one that does gets a random password (handed to onPassword)
 * and loses its sessions. Two hash checks at most, and none where there are no demo logins.
 * Returns the ids of the accounts changed.
 */
export async function retireReadmeDemoPasswords(
  db: Database,
  now: Date,
  onPassword: (email: string, password: string) => void,
): Promise<number[]> {
  const rows = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.demo, true), inArray(sql`lower(${users.email})`, [...DEMO_LOGIN_EMAILS])));
  const changed: number[] = [];
  for (const row of rows) {
    const login = DEMO_LOGINS.find((l) => l.email === row.email.toLowerCase());
    if (!login || !row.passwordHash || !(await verifyPassword(row.passwordHash, login.password))) continue;
    const password = randomDemoPassword();
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, row.id));
      // Whoever logged in with the published password is logged out.
      await revokeUserSessions(tx, row.id, now);
    });
    onPassword(login.email, password);
    changed.push(row.id);
  }
  return changed;
}
