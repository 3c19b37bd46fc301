import { describe, expect, it } from 'vitest';
import { SearchResponseSchema } from '../../../shared/contracts/members.ts';
import { can, decide } from '../../policy/policy.ts';
import { NO_BLOCKS } from '../../policy/rules/members.rules.ts';
import { type MemberViewer, VISITOR, type Viewer } from '../../policy/viewer.ts';
import { createTestApp } from '../../test/app.ts';
import {
  blockMember,
  createMember,
  logIn,
  type MemberOverrides,
  type TestLogin,
} from '../../test/members.ts';
import { findBlockRelation } from '../blocks/blocks.service.ts';
import { isMemberVisible } from './members.visibility.ts';

/*
 * Search applies the member.list rule as SQL (search.service.ts matchConditions) and the profile
 * view asks member.view with facts from its own query. Here both are held to the policy's answer for
 * the facts the services' own loaders read, for every kind of member a viewer can meet.
 */

const { app, services } = await createTestApp();
const db = services.db;
const COUNTRY = 'DE';

const kinds: Record<string, MemberOverrides> = {
  visible: {},
  invisible: { invisible: true },
  'pending deletion': { status: 'pending_deletion', deletionRequestedAt: new Date('2026-11-01T00:00:00Z') },
  'not confirmed': { status: 'not_confirmed', emailConfirmedAt: null },
  disabled: { status: 'disabled' },
  deleted: { deletedAt: new Date('2026-11-01T00:00:00Z') },
};

const viewer = await createMember(db, { country: COUNTRY, paidUser: false });
const viewerLogin = await logIn(db, viewer.id);
const asMember: MemberViewer = {
  kind: 'member',
  id: viewer.id,
  premium: false,
  status: 'active',
  emailConfirmed: true,
  signupUnfinished: false,
};

/** Every kind, as is, blocked by the viewer, blocking the viewer and both. */
const members: { id: number; label: string }[] = [{ id: viewer.id, label: 'the viewer' }];
for (const [kind, overrides] of Object.entries(kinds)) {
  for (const blocks of ['none', 'viewer blocked them', 'they blocked the viewer', 'both ways']) {
    const member = await createMember(db, { country: COUNTRY, region: null, ...overrides });
    if (blocks === 'viewer blocked them' || blocks === 'both ways')
      await blockMember(db, viewer.id, member.id);
    if (blocks === 'they blocked the viewer' || blocks === 'both ways')
      await blockMember(db, member.id, viewer.id);
    members.push({ id: member.id, label: `${kind}, ${blocks}` });
  }
}

async function factsFor(who: Viewer, id: number) {
  const visible = await isMemberVisible(db, id);
  const relation =
    who.kind === 'member' && who.id !== id ? await findBlockRelation(db, who.id, id) : NO_BLOCKS;
  return { id, visible, relation };
}

async function listed(login?: TestLogin): Promise<number[]> {
  const res = await app.inject({
    url: `/api/members.php?country=${COUNTRY}`,
    headers: login?.headers,
    cookies: login?.cookies,
  });
  expect(res.statusCode, res.body).toBe(200);
  return SearchResponseSchema.parse(res.json())
    .members.map((m) => m.id)
    .sort((a, b) => a - b);
}

const STATUS_OF = { null: 200, member_not_found: 404, blocked_by_member: 403 } as const;

describe('search and the profile view answer what the policy decides', () => {
  for (const [name, who, login] of [
    ['a member', asMember, viewerLogin],
    ['a visitor', VISITOR, undefined],
  ] as const) {
    it(`for ${name}`, async () => {
      const expectedList: number[] = [];
      for (const member of members) {
        const facts = await factsFor(who, member.id);
        if (can(who, 'member.list', facts)) expectedList.push(member.id);

        const decision = decide(who, 'member.view', { ...facts, name: 'x' });
        const res = await app.inject({
          url: `/api/member.php?id=${member.id}`,
          headers: login?.headers,
          cookies: login?.cookies,
        });
        expect(res.statusCode, member.label).toBe(STATUS_OF[String(decision) as keyof typeof STATUS_OF]);
      }
      expect(await listed(login)).toEqual(expectedList.sort((a, b) => a - b));
      // The table is not empty on either side.
      expect(expectedList.length).toBeGreaterThan(0);
      expect(expectedList.length).toBeLessThan(members.length);
    });
  }
});
