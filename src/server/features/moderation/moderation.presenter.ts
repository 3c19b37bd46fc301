import { ageOn } from '../../../shared/contracts/members.ts';
import {
  ModerationReasonSchema,
  type PhotoQueue,
  type ProfileNotice,
  type QueuedMember,
  type TextQueue,
} from '../../../shared/contracts/moderation.ts';
import type { moderationNotices, textChanges } from '../../db/schema/index.ts';
import type { PhotoRow } from '../photos/photos.service.ts';
import type { QueueOwner } from './moderation.service.ts';

const imageUrl = (id: number, size: 'thumb' | 'large') =>
  `/api/admin/moderation-photo-image.php?id=${id}&size=${size}`;

const presentOwner = (id: number, owner: QueueOwner, now: Date): QueuedMember => ({
  id,
  name: owner.name,
  age: owner.birthDate === null ? null : ageOn(owner.birthDate, now),
  country: owner.country,
});

export function presentPhotoQueue(queue: {
  rows: (PhotoRow & { owner: QueueOwner })[];
  total: number;
  now: Date;
}): PhotoQueue {
  return {
    photos: queue.rows.map((row) => ({
      id: row.id,
      member: presentOwner(row.userId, row.owner, queue.now),
      private: row.private,
      width: row.width,
      height: row.height,
      created_at: row.createdAt.toISOString(),
      preview_url: imageUrl(row.id, 'large'),
      thumb_url: imageUrl(row.id, 'thumb'),
    })),
    total: queue.total,
    now: queue.now.toISOString(),
  };
}

export function presentNotice(row: typeof moderationNotices.$inferSelect): ProfileNotice {
  return {
    id: row.id,
    subject: row.subject,
    outcome: row.outcome,
    reason: row.reason === null ? null : (ModerationReasonSchema.safeParse(row.reason).data ?? 'other'),
    note: row.note,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentTextQueue(queue: {
  rows: { change: typeof textChanges.$inferSelect; owner: QueueOwner }[];
  total: number;
  now: Date;
}): TextQueue {
  return {
    texts: queue.rows.map(({ change, owner }) => ({
      id: change.id,
      member: presentOwner(change.userId, owner, queue.now),
      field: change.field,
      before: change.before,
      after: change.after,
      created_at: change.createdAt.toISOString(),
    })),
    total: queue.total,
    now: queue.now.toISOString(),
  };
}
