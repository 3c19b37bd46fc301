import { describe, expect, it } from 'vitest';
import {
  BLOCKED_MEMBERS_PAGE_SIZE,
  BlockedMembersResponseSchema,
} from '../../../shared/contracts/members.ts';
import { createTestApp } from '../../test/app.ts';
import {
  addPhoto,
  blockMember as blockMemberRow,
  createMember,
  createMembers,
  logIn,
  type TestLogin,
} from '../../test/members.ts';
import { isBlockedEitherWay } from './blocks.service.ts';

const { app, services } = await createTestApp();
const db = services.db;

async function block(method: 'POST' | 'DELETE', login: TestLogin | undefined, payload?: object, query = '') {
  return app.inject({
    method,
    url: `/api/block.php${query}`,
    payload,
    headers: login?.headers,
    cookies: login?.cookies,
  });
}

async function blockRows(blockerId: number) {
  const { rows } = await services.pool.query('select blocked_id from blocks where blocker_id = $1', [
    blockerId,
  ]);
  return rows.map((r) => Number(r.blocked_id));
}

describe('POST /api/block.php', () => {
  it('blocks a member once however often it is sent, and both then stay apart', async () => {
    const me = await createMember(db, { name: 'Anna' });
    const them = await createMember(db, { name: 'Bert' });
    const login = await logIn(db, me.id);
    for (let i = 0; i < 2; i++) {
      const res = await block('POST', login, { id: them.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    expect(await blockRows(me.id)).toEqual([them.id]);
    expect(await isBlockedEitherWay(db, me.id, them.id)).toBe(true);
    expect(await isBlockedEitherWay(db, them.id, me.id)).toBe(true);

    const theirView = await app.inject({ url: `/api/member.php?id=${me.id}`, ...(await logIn(db, them.id)) });
    expect(theirView.statusCode).toBe(403);
    expect(theirView.json().error).toMatchObject({ code: 'blocked_by_member', details: { name: 'Anna' } });
  });

  it('refuses blocking yourself, an unknown member, visitors and calls without the CSRF token', async () => {
    const me = await createMember(db);
    const other = await createMember(db);
    const login = await logIn(db, me.id);
    const self = await block('POST', login, { id: me.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('cannot_block_self');
    const unknown = await block('POST', login, { id: 987_654_321 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('member_not_found');
    const visitor = await block('POST', undefined, { id: other.id });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error.code).toBe('authentication_required');
    const noToken = await app.inject({
      method: 'POST',
      url: '/api/block.php',
      payload: { id: other.id },
      cookies: login.cookies,
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().error.code).toBe('csrf_failed');
    const bad = await block('POST', login, { id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(await blockRows(me.id)).toEqual([]);
  });
});

describe('POST /api/block.php and members others may not see', () => {
  const hiddenKinds = {
    invisible: { invisible: true },
    'pending deletion': { status: 'pending_deletion', deletionRequestedAt: new Date('2026-11-01T00:00:00Z') },
    'not confirmed': { status: 'not_confirmed', emailConfirmedAt: null },
    disabled: { status: 'disabled' },
  } as const;

  it('answers for a hidden member byte for byte what it answers for an unknown id', async () => {
    const me = await createMember(db);
    const login = await logIn(db, me.id);
    const unknown = await block('POST', login, { id: 987_654_321 });
    expect(unknown.statusCode).toBe(404);
    for (const [kind, overrides] of Object.entries(hiddenKinds)) {
      const hidden = await createMember(db, overrides);
      const res = await block('POST', login, { id: hidden.id });
      expect(res.statusCode, kind).toBe(unknown.statusCode);
      expect(res.body, kind).toBe(unknown.body);
      expect(res.headers['content-type'], kind).toBe(unknown.headers['content-type']);
    }
    expect(await blockRows(me.id)).toEqual([]);
  });

  it('keeps an existing block idempotent after the member went invisible or asked for deletion', async () => {
    const me = await createMember(db);
    const login = await logIn(db, me.id);
    for (const overrides of [hiddenKinds.invisible, hiddenKinds['pending deletion']]) {
      const them = await createMember(db);
      expect((await block('POST', login, { id: them.id })).statusCode).toBe(200);
      await services.pool.query(
        'update users set invisible = $2, status = $3, deletion_requested_at = $4 where id = $1',
        [
          them.id,
          'invisible' in overrides,
          'status' in overrides ? overrides.status : 'active',
          'deletionRequestedAt' in overrides ? overrides.deletionRequestedAt : null,
        ],
      );
      const again = await block('POST', login, { id: them.id });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({ ok: true });
    }
    expect(await blockRows(me.id)).toHaveLength(2);
  });

  it('unblocks a hidden member and an unknown id alike, idempotently', async () => {
    const me = await createMember(db);
    const login = await logIn(db, me.id);
    const them = await createMember(db);
    await block('POST', login, { id: them.id });
    await services.pool.query('update users set invisible = true where id = $1', [them.id]);
    for (const id of [them.id, them.id, 987_654_321]) {
      const res = await block('DELETE', login, { id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    expect(await blockRows(me.id)).toEqual([]);
  });
});

describe('DELETE /api/block.php', () => {
  it('unblocks by body or query, idempotently, and only the caller’s own block', async () => {
    const me = await createMember(db);
    const them = await createMember(db);
    const third = await createMember(db);
    const login = await logIn(db, me.id);
    const theirLogin = await logIn(db, them.id);
    await block('POST', login, { id: them.id });
    await block('POST', login, { id: third.id });
    await block('POST', theirLogin, { id: me.id });

    expect((await block('DELETE', login, { id: them.id })).statusCode).toBe(200);
    expect((await block('DELETE', login, { id: them.id })).statusCode).toBe(200);
    const byQuery = await block('DELETE', login, undefined, `?id=${third.id}`);
    expect(byQuery.statusCode, byQuery.body).toBe(200);
    expect(await blockRows(me.id)).toEqual([]);
    // Their block of me is theirs to lift.
    expect(await blockRows(them.id)).toEqual([me.id]);
    expect(await isBlockedEitherWay(db, me.id, them.id)).toBe(true);

    const missing = await block('DELETE', login);
    expect(missing.statusCode).toBe(400);
    const visitor = await block('DELETE', undefined, { id: them.id });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error.code).toBe('authentication_required');
    // Refused before the id is looked for.
    expect((await block('DELETE', undefined)).json().error.code).toBe('authentication_required');
    expect(await blockRows(them.id)).toEqual([me.id]);
  });
});

describe('GET /api/blocks.php', () => {
  const listBlocks = (login: TestLogin | undefined, query = '') =>
    app.inject({ url: `/api/blocks.php${query}`, headers: login?.headers, cookies: login?.cookies });

  it('lists the caller’s own blocks, newest first, as cards, a page at a time', async () => {
    const me = await createMember(db);
    const login = await logIn(db, me.id);
    const blocked = await createMembers(db, BLOCKED_MEMBERS_PAGE_SIZE + 3);
    const withPhoto = blocked[0];
    if (!withPhoto) throw new Error('no members');
    await addPhoto(db, withPhoto.id, { main: true });
    // Blocked one after another, a second apart, but the 3rd and 4th in the same microsecond: the
    // 50th and 51st newest, one on each side of the page boundary.
    const at = Date.parse('2026-10-01T00:00:00Z');
    await services.pool.query(
      `insert into blocks (blocker_id, blocked_id, created_at)
       select $1, id, to_timestamp($2::double precision / 1000 + case when ord = 4 then 3 else ord end + 0.000123)
       from unnest($3::bigint[]) with ordinality as t(id, ord)`,
      [me.id, at, blocked.map((m) => m.id)],
    );
    // Someone else's block of one of them is not mine.
    const other = await createMember(db);
    await blockMemberRow(db, other.id, withPhoto.id);

    const first = await listBlocks(login);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const page1 = BlockedMembersResponseSchema.parse(first.json());
    expect(page1.members).toHaveLength(BLOCKED_MEMBERS_PAGE_SIZE);
    expect(page1.next_cursor).not.toBeNull();
    const page2 = BlockedMembersResponseSchema.parse(
      (await listBlocks(login, `?cursor=${page1.next_cursor}`)).json(),
    );
    expect(page2.next_cursor).toBeNull();
    const ids = [...page1.members, ...page2.members].map((m) => m.id);
    // Newest block first; the two made in the same instant by id, neither skipped nor repeated.
    expect(page2.members.map((m) => m.id)).toEqual(
      blocked
        .slice(0, 3)
        .map((m) => m.id)
        .reverse(),
    );
    expect(ids).toEqual(blocked.map((m) => m.id).reverse());
    const card = page2.members.at(-1);
    expect(card).toMatchObject({
      id: withPhoto.id,
      name: withPhoto.name,
      blocked_at: new Date(at + 1000).toISOString(),
    });
    expect(card?.main_image?.thumb_filename).toMatch(/^p\//);

    // The other member’s list holds only their own block.
    const theirs = BlockedMembersResponseSchema.parse((await listBlocks(await logIn(db, other.id))).json());
    expect(theirs.members.map((m) => m.id)).toEqual([withPhoto.id]);
  });

  it('leaves out blocked members who are hidden now or blocked the caller back; their blocks stay', async () => {
    const me = await createMember(db);
    const login = await logIn(db, me.id);
    const shown = await createMember(db);
    const invisible = await createMember(db);
    const leaving = await createMember(db);
    const mutual = await createMember(db);
    for (const them of [shown, invisible, leaving, mutual]) await blockMemberRow(db, me.id, them.id);
    await blockMemberRow(db, mutual.id, me.id);
    await services.pool.query('update users set invisible = true where id = $1', [invisible.id]);
    await services.pool.query(
      `update users set status = 'pending_deletion', deletion_requested_at = now() where id = $1`,
      [leaving.id],
    );
    const list = BlockedMembersResponseSchema.parse((await listBlocks(login)).json());
    expect(list.members.map((m) => m.id)).toEqual([shown.id]);
    expect(await blockRows(me.id)).toHaveLength(4);
    // Back in sight, back on the list, still blocked.
    await services.pool.query('update users set invisible = false where id = $1', [invisible.id]);
    const again = BlockedMembersResponseSchema.parse((await listBlocks(login)).json());
    expect(again.members.map((m) => m.id).sort()).toEqual([shown.id, invisible.id].sort());
  });

  it('unblocking from the list takes the member off it', async () => {
    const me = await createMember(db);
    const login = await logIn(db, me.id);
    const them = await createMember(db);
    expect((await block('POST', login, { id: them.id })).statusCode).toBe(200);
    expect(BlockedMembersResponseSchema.parse((await listBlocks(login)).json()).members).toHaveLength(1);
    expect((await block('DELETE', login, { id: them.id })).statusCode).toBe(200);
    expect(BlockedMembersResponseSchema.parse((await listBlocks(login)).json()).members).toEqual([]);
  });

  it('refuses visitors and a cursor it did not make', async () => {
    const visitor = await listBlocks(undefined);
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error.code).toBe('authentication_required');
    const login = await logIn(db, (await createMember(db)).id);
    for (const cursor of [
      'nope',
      Buffer.from('2026-10-01T00:00:00Z|1').toString('base64url'),
      'x'.repeat(101),
    ]) {
      const res = await listBlocks(login, `?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
    }
  });
});
