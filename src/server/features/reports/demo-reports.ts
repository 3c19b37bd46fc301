import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ReportReason } from '../../../shared/contracts/reports.ts';
import { isLocale } from '../../../shared/i18n/locales.ts';
import type { Database } from '../../db/client.ts';
import { conversationMembers, messages, reports, users } from '../../db/schema/index.ts';
import { DEMO_LOGIN_EMAILS } from '../../db/seed/demo-logins.ts';
import type { MemberViewer } from '../../policy/viewer.ts';
import { inConversationOf, reportContent } from './reports.service.ts';

const REASONS: readonly ReportReason[] = ['harassment', 'scam', 'spam'];

/**
 * Open reports for the back office's queue on a fresh demo: the demo logins report the last
 * message their chat partners sent them (never the other way round, so no demo login is ever the
 * one a moderator suspends). Once a demo login has reported anything, a later seed adds nothing.
 */
export async function seedDemoReports(db: Database, domain: string, now = new Date()): Promise<number> {
  const logins = await db
    .select({ id: users.id, paidUser: users.paidUser, language: users.language })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, [...DEMO_LOGIN_EMAILS]))
    .orderBy(asc(users.id));
  let created = 0;
  for (const login of logins) {
    const [earlier] = await db
      .select({ id: reports.id })
      .from(reports)
      .where(eq(reports.reporterId, login.id))
      .limit(1);
    if (earlier) continue;
    const received = await db
      .select({ id: messages.id })
      .from(messages)
      .innerJoin(conversationMembers, inConversationOf(login.id))
      .where(and(ne(messages.senderId, login.id), ne(messages.body, '')))
      .orderBy(desc(messages.id))
      .limit(10);
    // One message per partner's conversation would need a join more; two of the last ones will do.
    const picked = received.filter((_, index) => index % 5 === 0).slice(0, 2);
    const viewer: MemberViewer = {
      kind: 'member',
      id: login.id,
      premium: login.paidUser,
      status: 'active',
      emailConfirmed: true,
      signupUnfinished: false,
    };
    for (const [index, message] of picked.entries()) {
      await reportContent(
        { db, now: () => now },
        viewer,
        {
          kind: 'message',
          message_id: message.id,
          reason: REASONS[(login.id + index) % REASONS.length] as ReportReason,
          note: undefined,
        },
        { domain, locale: isLocale(login.language) ? login.language : 'nl' },
      );
      created += 1;
    }
  }
  return created;
}
