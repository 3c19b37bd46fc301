import { and, desc, eq, sql } from 'drizzle-orm';
import { BLOCKED_MEMBERS_PAGE_SIZE } from '../../../shared/contracts/members.ts';
import type { Database } from '../../db/client.ts';
import { blocks, photos, profiles, users } from '../../db/schema/index.ts';
import { badRequest } from '../../plugins/errors.ts';
import { authorize, can } from '../../policy/policy.ts';
import type { MemberViewer } from '../../policy/viewer.ts';
import type { CardRow } from '../members/members.presenter.ts';
import { visibleMemberCondition } from '../members/members.visibility.ts';
import { cardColumns, cardPhotoJoin } from '../members/search.service.ts';

type BlockedMemberRow = CardRow & { blockedAt: Date };
export type BlockedMembersPage = { members: BlockedMemberRow[]; nextCursor: string | null };

/**
 * Where a page ends: the block's time to the microsecond, as PostgreSQL prints it (a JS Date would
 * cut it to the millisecond and a keyset would skip or repeat blocks made in the same millisecond),
 * and the blocked member's id for blocks made at the same instant.
 */
type Cursor = { at: string; id: number };

const CURSOR_FORMAT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([1-9]\d{0,14})$/;

function encodeBlocksCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');
}

function decodeBlocksCursor(cursor: string): Cursor {
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = CURSOR_FORMAT.exec(decoded);
  if (
    !match?.[1] ||
    Buffer.from(decoded).toString('base64url') !== cursor ||
    Number.isNaN(Date.parse(match[1]))
  )
    throw badRequest('Invalid cursor', { cursor: ['invalid'] });
  return { at: match[1], id: Number(match[2]) };
}

/**
 * GET /api/blocks.php: the members the viewer blocked, newest block first, a page at a time. Only
 * those the viewer could see but for their own block: visible (the member.list rule's `visible`)
 * and not blocking the viewer in turn. A blocked member who went invisible, is leaving, or blocked
 * the viewer back is left out like everywhere else, so the list tells nothing the profile view does
 * not; their block stays, and they are listed again when they come back (docs/decisions/0024).
 * A member's blocks are few: the page sorts them on the primary key's range of the blocker.
 */
export async function listBlockedMembers(
  db: Database,
  viewer: MemberViewer,
  cursorText?: string,
): Promise<BlockedMembersPage> {
  authorize(viewer, 'member.unblock');
  const cursor = cursorText === undefined ? undefined : decodeBlocksCursor(cursorText);
  const rows = await db
    .select({
      ...cardColumns,
      photoPrivate: photos.private,
      blockedAt: blocks.createdAt,
      cursorAt: sql<string>`to_char(${blocks.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .innerJoin(profiles, eq(profiles.userId, blocks.blockedId))
    .leftJoin(photos, cardPhotoJoin)
    .where(
      and(
        eq(blocks.blockerId, viewer.id),
        visibleMemberCondition,
        sql`not exists (select 1 from ${blocks} back where back.blocker_id = ${blocks.blockedId} and back.blocked_id = ${viewer.id})`,
        cursor
          ? sql`(${blocks.createdAt}, ${blocks.blockedId}) < (${cursor.at}::timestamptz, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(BLOCKED_MEMBERS_PAGE_SIZE + 1);
  const page = rows.slice(0, BLOCKED_MEMBERS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    members: page.map(({ photoPrivate, cursorAt: _cursorAt, ...row }) => ({
      ...row,
      // A locked main photo: the card gets the blur (members.presenter.ts).
      photoLocked: !can(viewer, 'photo.view_full', { ownerId: row.id, private: photoPrivate === true }),
    })),
    nextCursor:
      rows.length > BLOCKED_MEMBERS_PAGE_SIZE && last
        ? encodeBlocksCursor({ at: last.cursorAt, id: last.id })
        : null,
  };
}
