import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SendMessageResponse } from '../../../shared/contracts/chat.ts';
import { LIMITS } from '../../../shared/limits.ts';
import type { ServerEvent } from '../../../shared/realtime/events.ts';
import { blocks } from '../../db/schema/index.ts';
import { createTestApp } from '../../test/app.ts';
import { blockMember, createMemberWithCredits, type TestLogin } from '../../test/members.ts';
import { balanceOf } from '../credits/credits.service.ts';
import { realtimeMember } from '../realtime/realtime.service.ts';
import { DEFAULT_SETTINGS } from '../settings/settings.defaults.ts';
import { grantLandingFreeMessages } from './landing-free-messages.ts';

/**
 * The send (chat.send.ts) against a plain model of the rules: random sequences of sends by free and
 * premium members to each other and to a fictional profile, blocks and unblocks, and resends of a
 * client id, and the landing flow's free texts (free1 came for the reader). After every step the answer is the model's; after every sequence the stored messages,
 * the ledger, the unread counts and the real-time events are the model's too.
 */
const { app, services } = await createTestApp();
const db = services.db;
const PRICE = DEFAULT_SETTINGS.message_credits;
/** The real-time events of the running sequence (a subscription lasts as long as the bus). */
let hear: (payload: { userId: number; event: ServerEvent }) => void = () => {};
await services.bus.subscribe(realtimeMember, (payload) => hear(payload));

/** Who sends: two free members with a few messages' worth of credits, a premium member with more. */
const SENDERS = ['free1', 'free2', 'premium'] as const;
/** Who is written to: the senders, a member who only reads, a fictional profile. */
const PEOPLE = [...SENDERS, 'reader', 'fictional'] as const;
type Sender = (typeof SENDERS)[number];
type Person = (typeof PEOPLE)[number];

type Step =
  | { kind: 'send'; from: Sender; to: Person; resend: boolean }
  | { kind: 'block'; by: Person; whom: Person }
  | { kind: 'unblock'; by: Person; whom: Person };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('send' as const),
      from: fc.constantFrom(...SENDERS),
      to: fc.constantFrom(...PEOPLE),
      resend: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('block' as const),
      by: fc.constantFrom(...PEOPLE),
      whom: fc.constantFrom(...PEOPLE),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('unblock' as const),
      by: fc.constantFrom(...PEOPLE),
      whom: fc.constantFrom(...PEOPLE),
    }),
  },
);

/** The rules as a member reads them, over plain maps. */
class Model {
  readonly balance = new Map<Person, number>();
  readonly blocked = new Set<string>();
  /** A conversation by its pair: its last seq and who started it. */
  readonly conversations = new Map<string, { lastSeq: number; startedBy: Person }>();
  /** Messages by their sender's client id. */
  readonly stored = new Map<string, { from: Person; to: Person; seq: number; paid: boolean }>();
  /** The landing flow's free texts left, by sender and partner. */
  readonly free = new Map<string, number>();
  /** Unread messages by conversation and member: a member's own message reads everything before it. */
  readonly unread = new Map<string, number>();
  readonly told = new Map<Person, number>();
  readonly lastClientId = new Map<Person, string>();

  constructor(credits: Record<Person, number>, free: Record<string, number>) {
    for (const p of PEOPLE) {
      this.balance.set(p, credits[p]);
      this.told.set(p, 0);
    }
    for (const [key, n] of Object.entries(free)) this.free.set(key, n);
  }

  static pair = (a: Person, b: Person) => [a, b].sort().join('|');

  unreadOf(p: Person): number {
    return [...this.unread.entries()].filter(([k]) => k.endsWith(`:${p}`)).reduce((sum, [, n]) => sum + n, 0);
  }

  /** The answer the rules give: the seq stored, the earlier message's seq, or a refusal's code. */
  send(from: Sender, to: Person, clientId: string): { seq: number } | { code: string } {
    const earlier = this.stored.get(`${from}:${clientId}`);
    if (earlier) return { seq: earlier.seq };
    if (from === to) return { code: 'member_not_found' };
    if (this.blocked.has(`${from}>${to}`) || this.blocked.has(`${to}>${from}`))
      return { code: 'member_not_found' };
    const key = Model.pair(from, to);
    const conversation = this.conversations.get(key);
    const started = [...this.conversations.values()].filter((c) => c.startedBy === from).length;
    if (!conversation && from !== 'premium' && started >= LIMITS.freeConversations)
      return { code: 'conversation_limit_reached' };
    const free = this.free.get(`${from}>${to}`) ?? 0;
    const price = free > 0 ? 0 : PRICE;
    if ((this.balance.get(from) ?? 0) < price) return { code: 'insufficient_credits' };
    const seq = (conversation?.lastSeq ?? 0) + 1;
    this.conversations.set(key, { lastSeq: seq, startedBy: conversation?.startedBy ?? from });
    this.balance.set(from, (this.balance.get(from) ?? 0) - price);
    if (free > 0) this.free.set(`${from}>${to}`, free - 1);
    this.stored.set(`${from}:${clientId}`, { from, to, seq, paid: price > 0 });
    this.unread.set(`${key}:${to}`, (this.unread.get(`${key}:${to}`) ?? 0) + 1);
    this.unread.set(`${key}:${from}`, 0);
    this.told.set(to, (this.told.get(to) ?? 0) + 1);
    this.told.set(from, (this.told.get(from) ?? 0) + 1);
    return { seq };
  }
}

type World = {
  ids: Record<Person, number>;
  logins: Record<Person, TestLogin>;
  credits: Record<Person, number>;
  /** The landing flow's free texts, by `sender>partner`. */
  free: Record<string, number>;
};

async function newWorld(): Promise<World> {
  const credits: Record<Person, number> = {
    free1: 3 * PRICE,
    free2: 5 * PRICE,
    premium: 8 * PRICE,
    reader: PRICE,
    fictional: 0,
  };
  const overrides: Record<Person, { paidUser?: boolean; fictional?: boolean }> = {
    free1: {},
    free2: {},
    premium: { paidUser: true },
    reader: {},
    fictional: { fictional: true },
  };
  const ids = {} as Record<Person, number>;
  const logins = {} as Record<Person, TestLogin>;
  for (const p of PEOPLE) {
    const member = await createMemberWithCredits(db, credits[p], overrides[p]);
    ids[p] = member.id;
    logins[p] = member.login;
  }
  const free = { 'free1>reader': 2 };
  await db.transaction((tx) =>
    grantLandingFreeMessages(tx, { memberId: ids.free1, partnerId: ids.reader, count: free['free1>reader'] }),
  );
  return { ids, logins, credits, free };
}

async function run(steps: Step[]): Promise<void> {
  const world = await newWorld();
  const model = new Model(world.credits, world.free);
  const byId = new Map(PEOPLE.map((p) => [world.ids[p], p]));
  const told = new Map<Person, number>(PEOPLE.map((p) => [p, 0]));
  const listener = (payload: { userId: number; event: ServerEvent }) => {
    const who = byId.get(payload.userId);
    if (who && payload.event.type === 'message') told.set(who, (told.get(who) ?? 0) + 1);
  };
  hear = listener;
  try {
    for (const s of steps) {
      if (s.kind === 'block') {
        if (s.by === s.whom) continue;
        await blockMember(db, world.ids[s.by], world.ids[s.whom]);
        model.blocked.add(`${s.by}>${s.whom}`);
      } else if (s.kind === 'unblock') {
        await db
          .delete(blocks)
          .where(and(eq(blocks.blockerId, world.ids[s.by]), eq(blocks.blockedId, world.ids[s.whom])));
        model.blocked.delete(`${s.by}>${s.whom}`);
      } else {
        const clientId = (s.resend && model.lastClientId.get(s.from)) || randomUUID();
        model.lastClientId.set(s.from, clientId);
        const expected = model.send(s.from, s.to, clientId);
        const res = await app.inject({
          method: 'POST',
          url: '/api/chat-message.php',
          payload: { to: { id: world.ids[s.to] }, client_id: clientId, body: `${s.from} → ${s.to}` },
          ...world.logins[s.from],
        });
        const what = `${JSON.stringify(s)} → ${res.body}`;
        if ('code' in expected) expect(res.json().error?.code, what).toBe(expected.code);
        else {
          expect(res.statusCode, what).toBe(200);
          expect((res.json() as SendMessageResponse).message.seq, what).toBe(expected.seq);
        }
      }
    }
    await services.bus.sync();
    for (const p of PEOPLE) {
      expect(await balanceOf(db, world.ids[p]), `${p}'s balance`).toBe(model.balance.get(p));
      const ledger = await db.execute<{ n: number; spent: number }>(
        sql`select count(*)::int as n, coalesce(-sum(delta), 0)::int as spent from credit_ledger
            where user_id = ${world.ids[p]} and delta < 0`,
      );
      // A free text has no spend in the ledger.
      const paid = [...model.stored.values()].filter((m) => m.from === p && m.paid).length;
      expect(ledger.rows[0], `${p}'s ledger`).toEqual({ n: paid, spent: paid * PRICE });
      const unread = await db.execute<{ unread: number }>(
        sql`select coalesce(sum(unread), 0)::int as unread from conversation_members where member_id = ${world.ids[p]}`,
      );
      expect(unread.rows[0]?.unread, `${p}'s unread`).toBe(model.unreadOf(p));
      expect(told.get(p), `${p}'s message events`).toBe(model.told.get(p));
    }
    const grants = await db.execute<{ remaining: number }>(
      sql`select remaining from landing_free_messages where member_id = ${world.ids.free1} and partner_id = ${world.ids.reader}`,
    );
    expect(grants.rows[0]?.remaining, 'free texts left').toBe(model.free.get('free1>reader'));
    // Every conversation's seqs run 1..n without a gap, each message once.
    const seqs = await db.execute<{ pair: string; seqs: number[] }>(
      sql`select c.member_low || '|' || c.member_high as pair, array_agg(m.seq order by m.seq) as seqs
          from conversations c join messages m on m.conversation_id = c.id
          where c.member_low = any(${`{${Object.values(world.ids).join(',')}}`}::bigint[])
          group by c.id, c.member_low, c.member_high`,
    );
    const modelled = new Map(
      [...model.conversations.entries()].map(([key, c]) => {
        const [a, b] = key.split('|') as [Person, Person];
        const [low, high] = [world.ids[a], world.ids[b]].sort((x, y) => x - y);
        return [`${low}|${high}`, c.lastSeq];
      }),
    );
    expect(seqs.rows.length).toBe(modelled.size);
    for (const row of seqs.rows) {
      const last = modelled.get(row.pair);
      expect(row.seqs.map(Number), row.pair).toEqual(Array.from({ length: last ?? -1 }, (_, i) => i + 1));
    }
  } finally {
    hear = () => {};
  }
}

describe('the send against a model of the rules', () => {
  it('answers, stores, charges and tells as the model says, for random sequences', {
    timeout: 600_000,
  }, async () => {
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 30 }), run), {
      numRuns: 25,
      // A failure names its sequence; fast-check shrinks it to the shortest that still fails.
      verbose: 1,
    });
  });
});
