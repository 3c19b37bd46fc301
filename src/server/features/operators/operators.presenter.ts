import {
  type OperatorConversation,
  type OperatorQueuePage,
  type OperatorStats,
  operatorChatImageUrl,
} from '../../../shared/contracts/operators.ts';
import { DEFAULT_LOCALE, isLocale } from '../../../shared/i18n/locales.ts';
import { ICEBREAKER_LINES } from '../../../shared/icebreakers.ts';
import type { Translations } from '../../lib/i18n.ts';
import type { OperatorConversationView, readOperatorStats } from './operators.read.ts';
import type { QueueItem } from './operators.service.ts';

/** Who else holds a claim is not said: only that someone does, and whether it is the caller. */
export function presentQueue(
  page: { items: QueueItem[]; nextCursor: string | null },
  staffId: number,
  now: Date,
): OperatorQueuePage {
  return {
    items: page.items.map((item) => ({
      conversation: { id: item.conversationId },
      waiting_since: item.waitingSince.toISOString(),
      profile: item.profile,
      member: item.member,
      claimed: item.claimedBy !== null,
      mine: item.claimedBy === staffId,
      claim_expires_at: item.claimExpiresAt?.toISOString() ?? null,
    })),
    next_cursor: page.nextCursor,
    now: now.toISOString(),
  };
}

type Person = OperatorConversationView['profile'];

const presentPerson = (person: Person) => ({
  id: person.id,
  name: person.name,
  gender: person.gender,
  birth_date: person.birthDate,
  city: person.city,
  country: person.country,
  language: person.language,
  about: person.about,
  photos: person.photos,
});

/**
 * The members' opening lines in the member's language (the site's default for an unknown one),
 * addressed to the member as a member's would be to its partner.
 */
function icebreakersFor(translations: Pick<Translations, 't'>, member: { name: string; language: string }) {
  const t = translations.t(isLocale(member.language) ? member.language : DEFAULT_LOCALE, 'members');
  return ICEBREAKER_LINES.map((line) => t(`icebreakers.lines.${line}`, { name: member.name }));
}

export function presentOperatorConversation(
  view: OperatorConversationView,
  translations: Pick<Translations, 't'>,
): OperatorConversation {
  return {
    icebreakers: icebreakersFor(translations, view.member),
    conversation: { id: view.conversationId },
    waiting_since: view.waitingSince?.toISOString() ?? null,
    member: { ...presentPerson(view.member), credits: view.member.credits },
    profile: presentPerson(view.profile),
    messages: view.messages.map((m) => ({
      id: m.id,
      seq: m.seq,
      from: m.senderId === view.profile.id ? ('profile' as const) : ('member' as const),
      kind: m.kind,
      body: m.body,
      gift: m.gift,
      image:
        m.image && view.imagesShown
          ? {
              id: m.image.id,
              url: operatorChatImageUrl(m.image.id, 'large'),
              thumb_url: operatorChatImageUrl(m.image.id, 'medium'),
              width: m.image.width,
              height: m.image.height,
            }
          : null,
      credits: m.credits,
      created_at: m.createdAt.toISOString(),
    })),
    note: { body: view.note?.body ?? '', updated_at: view.note?.updatedAt.toISOString() ?? null },
    claim: view.claim
      ? { conversation: { id: view.conversationId }, expires_at: view.claim.expiresAt.toISOString() }
      : null,
  };
}

type Stats = Awaited<ReturnType<typeof readOperatorStats>>;
type Figures = Stats['operators'][number];

const figures = (row: Figures) => ({
  replies: row.replies,
  conversations: row.conversations,
  median_seconds: row.medianSeconds,
  p90_seconds: row.p90Seconds,
  credits_after: row.creditsAfter,
});

export function presentStats(stats: Stats): OperatorStats {
  return {
    days: stats.days,
    operators: stats.operators.map((row) => ({ staff: { id: row.id, name: row.name }, ...figures(row) })),
    profiles: stats.profiles.map((row) => ({ profile: { id: row.id, name: row.name }, ...figures(row) })),
  };
}
