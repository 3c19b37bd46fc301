import type { ChatMessage } from '../../../shared/contracts/chat.ts';

/** Messages from any number of answers as one list: by seq, each message once. */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const bySeq = new Map<number, ChatMessage>();
  for (const message of current) bySeq.set(message.seq, message);
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** The highest seq in a list (0: none). */
export function lastSeqOf(messages: readonly ChatMessage[]): number {
  return messages.at(-1)?.seq ?? 0;
}

/**
 * The seq up to which the tab has every message, what ?after_seq= asks after: from `known` (what
 * the server's answers covered) on through the seqs the tab holds one after another (a
 * conversation's seqs have no holes). Not simply the highest seq: a send's own answer can come
 * before the event of the partner's message committed just ahead of it, and that message must be
 * asked for, not skipped.
 */
export function completeThrough(messages: readonly ChatMessage[], known: number): number {
  let through = known;
  for (const message of messages) {
    if (message.seq === through + 1) through = message.seq;
    else if (message.seq > through + 1) break;
  }
  return through;
}

/** The calendar day of an instant in the browser's time zone, as YYYY-MM-DD. */
function localDay(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export type DayLabel = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; date: Date };

/** What a day separator says: today, yesterday, or the date. */
export function dayLabel(iso: string, now: Date): DayLabel {
  const day = localDay(iso);
  if (day === localDay(now)) return { kind: 'today' };
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (day === localDay(yesterday)) return { kind: 'yesterday' };
  return { kind: 'date', date: new Date(iso) };
}

/** Each message with whether a day separator goes before it (the first of its day). */
export function withDaySeparators<M extends { created_at: string }>(
  messages: readonly M[],
): { message: M; newDay: boolean }[] {
  let previous: string | undefined;
  return messages.map((message) => {
    const day = localDay(message.created_at);
    const newDay = day !== previous;
    previous = day;
    return { message, newDay };
  });
}
