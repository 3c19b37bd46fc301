import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../shared/limits.ts';
import { createTestApp } from '../../test/app.ts';
import {
  caseMemberOverrides,
  type ListCase,
  listenTo,
  MEMBER_ACTIONS,
  MEMBER_LISTS,
} from '../../test/member-lists.ts';
import { createMember, createMembers, logIn, type TestMember } from '../../test/members.ts';
import { memberVisibilityChanged } from '../auth/accounts.service.ts';

/*
 * Invisible members and members blocked either way are absent from every list a member can meet
 * others on, and every action on them answers like an unknown id (docs/decisions/0024). The lists
 * and actions come from src/server/test/member-lists.ts: a new list is a line there, and is held to
 * the same here. Each case first shows the list does hold the member, then hides them the way a
 * member would (the invisible switch, a block), so a list that never showed anyone cannot pass.
 */

const { app, services } = await createTestApp();
const db = services.db;
const heardVisibilityChange = await listenTo(services.bus, memberVisibilityChanged);

let cases = 0;
/** A viewer and an anchor in a country of the case's own (the cases run one after another). */
async function newCase(): Promise<ListCase> {
  const country = COUNTRIES[cases++ % COUNTRIES.length] ?? 'NL';
  const viewer = await createMember(db, caseMemberOverrides(country));
  const anchor = await createMember(db, caseMemberOverrides(country));
  return { app, services, viewer, login: await logIn(db, viewer.id), country, anchor };
}

/** A call by a member in a session of their own. */
async function callAs(memberId: number, method: 'PUT' | 'POST', url: string, payload: object) {
  return app.inject({ method, url, payload, ...(await logIn(db, memberId)) });
}

type HideKind = { name: string; hide: (c: ListCase, member: TestMember) => Promise<void> };

const HIDE_KINDS: readonly HideKind[] = [
  {
    name: 'who turned invisible',
    hide: async (_c, member) => {
      const res = await callAs(member.id, 'PUT', '/api/invisible.php', { invisible: true });
      expect(res.statusCode, res.body).toBe(200);
      // Heard on this instance too: its caches have dropped what they held.
      await heardVisibilityChange((id) => id === member.id);
    },
  },
  {
    name: 'the viewer blocked',
    hide: async (c, member) => {
      expect((await callAs(c.viewer.id, 'POST', '/api/block.php', { id: member.id })).statusCode).toBe(200);
    },
  },
  {
    name: 'who blocked the viewer',
    hide: async (c, member) => {
      expect((await callAs(member.id, 'POST', '/api/block.php', { id: c.viewer.id })).statusCode).toBe(200);
    },
  },
];

describe.each(MEMBER_LISTS)('$name', (list) => {
  it.each(HIDE_KINDS)('leaves out a member $name and keeps the others', async (kind) => {
    const c = await newCase();
    const [control, hidden] = await createMembers(db, 2, caseMemberOverrides(c.country));
    if (!control || !hidden) throw new Error('no members');
    for (const member of [control, hidden]) await list.connect?.(c, member.id);

    const before = await list.read(c);
    expect(before).toEqual(expect.arrayContaining([control.id, hidden.id]));

    await kind.hide(c, hidden);
    const after = await list.read(c);
    expect(after).toContain(control.id);
    expect(after).not.toContain(hidden.id);
    expect(after).not.toContain(c.viewer.id);
  });
});

describe.each(MEMBER_ACTIONS)('$name', (action) => {
  it.each(HIDE_KINDS)(
    'answers for a member $name byte for byte what it answers for an unknown id',
    async (kind) => {
      const c = await newCase();
      const [control, hidden] = await createMembers(db, 2, caseMemberOverrides(c.country));
      if (!control || !hidden) throw new Error('no members');
      await kind.hide(c, hidden);

      const unknown = await action.act(c, 987_654_321);
      expect(unknown.statusCode).toBe(404);
      const refused = await action.act(c, hidden.id);
      expect(refused.statusCode).toBe(unknown.statusCode);
      expect(refused.body).toBe(unknown.body);
      const allowed = await action.act(c, control.id);
      expect(allowed.statusCode, allowed.body).toBe(200);
    },
  );
});
