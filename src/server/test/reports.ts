import { randomUUID } from 'node:crypto';
import type { StaffRole } from '../../shared/contracts/staff.ts';
import type { Database } from '../db/client.ts';
import { conversationMembers, conversations, messages } from '../db/schema/index.ts';
import { hashToken } from '../features/auth/tokens.ts';
import { addStaff } from '../features/staff/staff.service.ts';
import { CLI_ACTOR } from '../features/staff/staff-audit.service.ts';
import { completeStaffSession, createStaffSession } from '../features/staff/staff-sessions.service.ts';

let staffCounter = 0;

/** A staff person past both login steps: pass `...login` (the asid cookie and the CSRF header) to app.inject. */
export async function logInStaff(db: Database, roles: StaffRole[], now: Date) {
  staffCounter += 1;
  const staff = await addStaff(
    db,
    CLI_ACTOR,
    {
      email: `reviewer${staffCounter}-${process.pid}@example.nl`,
      name: `Reviewer ${staffCounter}`,
      password: 'Kantoor-Sleutel-2026!',
      roles,
    },
    now,
  );
  const { token, csrfToken } = await createStaffSession(db, staff.id, { now });
  await completeStaffSession(db, hashToken(token), now);
  return { id: staff.id, cookies: { asid: token }, headers: { 'x-csrf-token': csrfToken } };
}

/** A conversation of two members with these messages in order (written straight to the tables). */
export async function writeConversation(
  db: Database,
  a: number,
  b: number,
  lines: readonly { from: number; body: string }[],
  at = new Date('2026-06-01T10:00:00Z'),
) {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [conversation] = await db
    .insert(conversations)
    .values({ memberLow: low, memberHigh: high, startedBy: a, lastSeq: lines.length })
    .returning({ id: conversations.id });
  if (!conversation) throw new Error('writeConversation: no conversation');
  await db.insert(conversationMembers).values([
    { conversationId: conversation.id, memberId: a },
    { conversationId: conversation.id, memberId: b },
  ]);
  const rows = await db
    .insert(messages)
    .values(
      lines.map((line, index) => ({
        conversationId: conversation.id,
        seq: index + 1,
        senderId: line.from,
        body: line.body,
        clientId: randomUUID(),
        createdAt: new Date(at.getTime() + index * 1000),
      })),
    )
    .returning({ id: messages.id, seq: messages.seq });
  return { id: conversation.id, messageIds: rows.sort((x, y) => x.seq - y.seq).map((row) => row.id) };
}
