import { z } from 'zod';

/**
 * The back office's socket: under /api/admin, the only paths the staff cookie is sent to, so the
 * member socket (/api/realtime) never sees it and this one never reads the member's.
 */
export const STAFF_REALTIME_PATH = '/api/admin/realtime';

/**
 * What each live list is told, by id only: the page reads its list again through its own API,
 * where the staff member's rights are asked (no member's data travels on the socket).
 */
const ListChange = <L extends string, K extends readonly [string, ...string[]]>(list: L, kinds: K) =>
  z.object({ list: z.literal(list), kind: z.enum(kinds), id: z.number().int().positive() });

export const StaffListChangeSchema = z.discriminatedUnion('list', [
  // A conversation with a fictional profile: its member wrote (it waits or waits on), the profile
  // answered (it waits no more), an operator claimed it or let it go. `id` is the conversation's.
  ListChange('operator_queue', ['waiting', 'answered', 'claimed', 'released']),
  // `id` is the photo's: new and waiting, or decided or deleted by its owner.
  ListChange('moderation_photos', ['entered', 'left']),
  // `id` is the text change's.
  ListChange('moderation_texts', ['entered', 'left']),
  // `id` is the report's.
  ListChange('reports', ['opened', 'decided']),
]);
export type StaffListChange = z.infer<typeof StaffListChangeSchema>;
export type StaffList = StaffListChange['list'];

/** The list each back-office API reads, for the page that shows it (useStaffPoll). */
export const STAFF_LIST_OF_PATH: Readonly<Record<string, StaffList>> = {
  '/api/admin/operator-queue.php': 'operator_queue',
  '/api/admin/moderation-photos.php': 'moderation_photos',
  '/api/admin/moderation-texts.php': 'moderation_texts',
  '/api/admin/reports.php': 'reports',
};

export const StaffServerEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), staffId: z.number().int().positive() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('session_ended') }),
  z.object({ type: z.literal('list_changed'), change: StaffListChangeSchema }),
]);
export type StaffServerEvent = z.infer<typeof StaffServerEventSchema>;
