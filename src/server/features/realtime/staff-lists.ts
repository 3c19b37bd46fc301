import {
  type StaffList,
  type StaffListChange,
  StaffListChangeSchema,
} from '../../../shared/realtime/staff-events.ts';
import type { Queryable } from '../../db/client.ts';
import { type BusEvent, defineChannel, event, publishAll } from '../../lib/event-bus.ts';
import type { StaffRightAction } from '../../policy/policy.ts';

/**
 * A back-office list changed: every instance hears it and tells its staff sockets whose rights
 * open that list (docs/decisions/0046).
 */
export const staffListChanged = defineChannel('realtime_staff', StaffListChangeSchema);

/** The right that opens each live list, as the list's own API asks it. */
export const STAFF_LIST_RIGHTS: Readonly<Record<StaffList, StaffRightAction>> = {
  operator_queue: 'operators.queue',
  moderation_photos: 'moderation.photos',
  moderation_texts: 'moderation.texts',
  reports: 'reports.review',
};

/** A list change to publish with others (event-bus.ts publishAll). */
export const staffListEvent = (change: StaffListChange): BusEvent => event(staffListChanged, change);

/**
 * Tells the staff looking at a list that it changed. Given the change's transaction, they hear it
 * only once it commits (their page then reads a list that has it) and never if it rolls back.
 */
export async function tellStaffLists(db: Queryable, ...changes: StaffListChange[]): Promise<void> {
  await publishAll(db, changes.map(staffListEvent));
}
