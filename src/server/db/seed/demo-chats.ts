import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  CHAT_IMAGE_SIZES,
  chatImageFileKey,
  chatImageStorageKey,
} from '../../features/chat/chat-images.keys.ts';
import { grantCredits, spendCredits } from '../../features/credits/credits.service.ts';
import { photoFileKey } from '../../features/photos/photos.keys.ts';
import { DEFAULT_SETTINGS } from '../../features/settings/settings.defaults.ts';
import type { Storage } from '../../lib/storage.ts';
import type { Database, Tx } from '../client.ts';
import {
  chatImages,
  conversationMembers,
  conversations,
  creditLedger,
  gifts,
  messages,
  photos,
  profiles,
  users,
} from '../schema/index.ts';
import { DEMO_LOGIN_EMAILS, demoCast, otherGender } from './demo-logins.ts';

/** Conversations per demo login; the first UNREAD end with a message the login has not read. */
const CONVERSATIONS = 3;
const UNREAD = 2;
/** Credits the demo logins get once more for chatting (a text costs settings.message_credits). */
const CHAT_CREDITS = 300;
const MINUTE_MS = 60_000;
/** The conversation (by index) where the partner sends a photo after their first line. */
const PHOTO_CONVERSATION = 2;

/** A line of a script: a text, or a gift of the catalogue (migration 0019) by its slug. */
type Line = string | { gift: string };

/** A short exchange: the partner opens, and the lines alternate from there. */
const SCRIPTS: readonly (readonly Line[])[] = [
  [
    'Hoi! Leuk profiel, waar kom je vandaan?',
    'Dank je! Uit de buurt van Utrecht, en jij?',
    'Amersfoort! Zin om een keer koffie te drinken?',
  ],
  [
    // One conversation opens with a gift, so the chat shows one at once (issue 14).
    { gift: 'rose' },
    'Wat lief, dank je! 🌹 Hoe kom je erbij?',
    'Ik zag dat je ook van wandelen houdt 🙂 Zin om een keer samen de duinen in te gaan?',
  ],
  [
    'Goedemorgen! Hoe was je weekend?',
    'Heel relaxed, lekker gekookt. Het jouwe?',
    'Druk maar gezellig, verjaardag van mijn zus.',
    'Klinkt goed! Wat heb je gegeven?',
  ],
];

/**
 * Conversations for the README's demo logins, so the chat shows something at once: a few with
 * demo members (started by them, so a free login can still start its own two), some ending unread,
 * and credits to answer with. A login that already has a conversation is left alone, so a restart
 * neither duplicates nor brings back a chat the visitor removed. Run after seedDemoLikes.
 */
export async function seedDemoChats(
  db: Database,
  now = new Date(),
  options: { storage?: Storage } = {},
): Promise<number> {
  const logins = await db
    .select({ id: users.id, gender: profiles.gender })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(sql`lower(${users.email})`, [...DEMO_LOGIN_EMAILS]))
    .orderBy(asc(users.id));
  const catalogue = await db.select({ id: gifts.id, slug: gifts.slug, credits: gifts.credits }).from(gifts);
  const giftIds = new Map(catalogue.map((g) => [g.slug, g.id]));
  const giftPrices = new Map(catalogue.map((g) => [g.id, g.credits ?? DEFAULT_SETTINGS.gift_credits]));
  let created = 0;
  for (const login of logins) {
    const [existing] = await db
      .select({ one: sql`1` })
      .from(conversationMembers)
      .where(eq(conversationMembers.memberId, login.id))
      .limit(1);
    if (existing) continue;
    // One fictional profile (the chat header's warning shows there), real members otherwise.
    const gender = otherGender(login.gender);
    const fictional = await demoCast(db, { fictional: true, gender }, 1);
    const partners = [
      ...fictional,
      ...(await demoCast(db, { fictional: false, gender }, CONVERSATIONS - fictional.length)),
    ];
    await db.transaction(async (tx) => {
      const grant = `demo-chats:${login.id}`;
      await grantCredits(tx, { userId: login.id, amount: CHAT_CREDITS, reason: 'demo', reference: grant });
      // Dated before the oldest conversation's first line, so the history reads in order.
      await dateLedgerRow(tx, grant, new Date(now.getTime() - (CONVERSATIONS * 60 + 1) * MINUTE_MS));
      const paid: { clientId: string; credits: number; kind: Entry['kind']; createdAt: Date }[] = [];
      for (const [index, partner] of partners.entries()) {
        const script = SCRIPTS[index % SCRIPTS.length] ?? [];
        // Unread ones end with the partner's line, read ones with the login's.
        const lines =
          index < UNREAD
            ? script.length % 2 === 1
              ? script
              : script.slice(0, -1)
            : script.length % 2 === 0
              ? script
              : script.slice(0, -1);
        const entries: Entry[] = lines.map((line, i) => ({
          senderId: i % 2 === 0 ? partner.id : login.id,
          ...contentOf(line, giftIds),
          imageId: null,
        }));
        // One conversation shows a photo message: the partner sends one of their demo photos.
        const imageId =
          index === PHOTO_CONVERSATION && options.storage
            ? await demoChatImage(tx, options.storage, partner.id)
            : null;
        if (imageId !== null)
          entries.splice(1, 0, { senderId: partner.id, kind: 'image', body: '', imageId });
        const total = entries.length;
        const [low, high] = login.id < partner.id ? [login.id, partner.id] : [partner.id, login.id];
        const at = (i: number) => new Date(now.getTime() - ((index + 1) * 60 - i * 3) * MINUTE_MS);
        const lastFromPartner = lines.length % 2 === 1;
        const [conversation] = await tx
          .insert(conversations)
          .values({
            memberLow: low,
            memberHigh: high,
            startedBy: partner.id,
            createdAt: at(0),
            lastMessageAt: at(total - 1),
            lastSeq: total,
            // A fictional profile's operator owes the login an answer when the login wrote last.
            awaitingReplySince: partner.fictional && !lastFromPartner ? at(total - 1) : null,
            operatedMemberId: partner.fictional ? partner.id : null,
          })
          .onConflictDoNothing()
          .returning({ id: conversations.id });
        if (!conversation) continue;
        const rows = entries.map((entry, i) => ({
          conversationId: conversation.id,
          seq: i + 1,
          senderId: entry.senderId,
          kind: entry.kind,
          body: entry.body,
          giftId: entry.giftId ?? null,
          imageId: entry.imageId,
          clientId: crypto.randomUUID(),
          // The login paid for its own lines as a send does (the spend log and the history show
          // them); the demo members' lines are free, as they hold no credits.
          credits: entry.senderId === login.id ? priceOf(entry, giftPrices) : 0,
          createdAt: at(i),
        }));
        await tx.insert(messages).values(rows);
        paid.push(...rows.filter((r) => r.credits > 0));
        await tx.insert(conversationMembers).values([
          {
            conversationId: conversation.id,
            memberId: login.id,
            lastReadSeq: lastFromPartner ? total - 1 : total,
            shownReadSeq: lastFromPartner ? total - 1 : total,
            unread: lastFromPartner ? 1 : 0,
          },
          // The partner read it all, receipts shown: the demo login's messages say so.
          {
            conversationId: conversation.id,
            memberId: partner.id,
            lastReadSeq: total,
            shownReadSeq: total,
            unread: 0,
          },
        ]);
        created += 1;
      }
      // Charged in the order they were sent, so the history's rows follow their dates.
      paid.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      for (const row of paid) {
        // The reference a send writes (chat.service.ts), dated with its message.
        const reference = `message:${login.id}:${row.clientId}`;
        await spendCredits(tx, {
          userId: login.id,
          amount: row.credits,
          reason: REASONS[row.kind],
          reference,
        });
        await dateLedgerRow(tx, reference, row.createdAt);
      }
    });
  }
  return created;
}

/** What a send of each kind costs (the default settings, a gift its own price), and its ledger reason (chat.service.ts). */
const REASONS = { text: 'message', gift: 'gift', image: 'photo' } as const;
const priceOf = (entry: Entry, giftPrices: ReadonlyMap<number, number>) =>
  entry.kind === 'text'
    ? DEFAULT_SETTINGS.message_credits
    : entry.kind === 'gift'
      ? (giftPrices.get(entry.giftId ?? -1) ?? DEFAULT_SETTINGS.gift_credits)
      : DEFAULT_SETTINGS.photo_credits;

/** Dates a seeded ledger row (by its reference) at the moment it stands for. */
async function dateLedgerRow(tx: Tx, reference: string, at: Date): Promise<void> {
  await tx.update(creditLedger).set({ createdAt: at }).where(eq(creditLedger.reference, reference));
}

type Entry = {
  senderId: number;
  kind: 'text' | 'gift' | 'image';
  body: string;
  giftId?: number;
  imageId: number | null;
};

/** A script line as a message's columns; a gift the catalogue lacks becomes a heart as text. */
function contentOf(line: Line, giftIds: ReadonlyMap<string, number>) {
  if (typeof line === 'string') return { kind: 'text' as const, body: line };
  const giftId = giftIds.get(line.gift);
  return giftId === undefined
    ? { kind: 'text' as const, body: '❤️' }
    : { kind: 'gift' as const, body: '', giftId };
}

/**
 * A chat image made of the partner's main demo photo (demo-photos.ts rendered it; its medium and
 * large files are copied under a chat image key), or null when the partner has none stored.
 */
async function demoChatImage(tx: Tx, storage: Storage, partnerId: number): Promise<number | null> {
  const [photo] = await tx
    .select({ storageKey: photos.storageKey, width: photos.width, height: photos.height })
    .from(profiles)
    .innerJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(eq(profiles.userId, partnerId));
  if (!photo) return null;
  const files = await Promise.all(
    CHAT_IMAGE_SIZES.map((size) => storage.get(photoFileKey(photo.storageKey, size))),
  );
  if (files.some((file) => file === null)) return null;
  const [row] = await tx
    .insert(chatImages)
    .values({ uploaderId: partnerId, storageKey: '', width: photo.width, height: photo.height })
    .returning({ id: chatImages.id });
  if (!row) throw new Error('chat image insert returned no row');
  const storageKey = chatImageStorageKey(partnerId, row.id);
  await tx.update(chatImages).set({ storageKey }).where(eq(chatImages.id, row.id));
  await Promise.all(
    CHAT_IMAGE_SIZES.map((size, i) =>
      storage.put(chatImageFileKey(storageKey, size), files[i] as Buffer, 'image/webp'),
    ),
  );
  return row.id;
}
