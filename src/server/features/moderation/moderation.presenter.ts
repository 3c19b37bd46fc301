import {
  ModerationReasonSchema,
  type PhotoQueue,
  type ProfileNotice,
  type TextQueue,
} from '../../../shared/contracts/moderation.ts';
import type { moderationNotices, textChanges } from '../../db/schema/index.ts';
import type { PhotoRow } from '../photos/photos.service.ts';

const imageUrl = (id: number, size: 'thumb' | 'large') =>
  `/api/admin/moderation-photo-image.php?id=${id}&size=${size}`;

export function presentPhotoQueue(queue: {
  rows: (PhotoRow & { ownerName: string })[];
  total: number;
}): PhotoQueue {
  return {
    photos: queue.rows.map((row) => ({
      id: row.id,
      member: { id: row.userId, name: row.ownerName },
      private: row.private,
      width: row.width,
      height: row.height,
      created_at: row.createdAt.toISOString(),
      preview_url: imageUrl(row.id, 'large'),
      thumb_url: imageUrl(row.id, 'thumb'),
    })),
    total: queue.total,
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
  rows: { change: typeof textChanges.$inferSelect; name: string }[];
  total: number;
}): TextQueue {
  return {
    texts: queue.rows.map(({ change, name }) => ({
      id: change.id,
      member: { id: change.userId, name },
      field: change.field,
      before: change.before,
      after: change.after,
      created_at: change.createdAt.toISOString(),
    })),
    total: queue.total,
  };
}
