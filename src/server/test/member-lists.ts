import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  type LikesListName,
  LikesListResponseSchema,
  LikesResponseSchema,
} from '../../shared/contracts/likes.ts';
import { FinderResponseSchema } from '../../shared/contracts/match-finder.ts';
import { MemberResponseSchema, SearchResponseSchema } from '../../shared/contracts/members.ts';
import { SwipeResponseSchema, SwipeStateSchema } from '../../shared/contracts/swipe.ts';
import type { Country } from '../../shared/limits.ts';
import { likes, profiles, swipePasses, swipeStates } from '../db/schema/index.ts';
import type { PageRequest } from '../feature.ts';
import { membersFeature } from '../features/members/members.feature.ts';
import type { Channel, EventBus } from '../lib/event-bus.ts';
import type { AppServices } from '../services.ts';
import { addPhoto, type MemberOverrides, type TestLogin, type TestMember } from './members.ts';

/*
 * Every place a member can meet another member, for the tests that hold hidden and blocked members
 * out of all of them (features/members/member-lists.privacy.test.ts). A new list (the swipe game,
 * the match finder, auto-like) is one entry in MEMBER_LISTS; a new way to reach a member (a like
 * from the swipe game, a message) is one entry in MEMBER_ACTIONS.
 */

/** One test case: a viewer, and the country its members live in, its own among the cases. */
export type ListCase = {
  app: FastifyInstance;
  services: AppServices;
  viewer: TestMember;
  login: TestLogin;
  country: Country;
  /** A visible member like the case's members: a profile whose related members they are. */
  anchor: TestMember;
};

/** What the case's members share: the anchor's gender, age and country, no region. */
export const caseMemberOverrides = (country: Country): MemberOverrides => ({
  country,
  region: null,
  gender: 'female',
  birthDate: '1990-05-17',
});

export type MemberListReader = {
  name: string;
  /** What makes a visible member one of this list's for the viewer, beyond existing: a like, a photo. */
  connect?: (c: ListCase, memberId: number) => Promise<void>;
  /** The ids the list shows the viewer, read the way the pages read it. */
  read: (c: ListCase) => Promise<number[]>;
};

export type MemberAction = {
  name: string;
  /** The viewer acts on a member (or an id nobody has); the raw answer. */
  act: (c: ListCase, memberId: number) => Promise<{ statusCode: number; body: string }>;
};

async function getJson(c: ListCase, url: string): Promise<unknown> {
  const res = await c.app.inject({ url, cookies: c.login.cookies, headers: c.login.headers });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

/** Every page of a search, following next_cursor. */
async function searchIds(c: ListCase, query: string): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const page = SearchResponseSchema.parse(
      await getJson(c, `/api/members.php?${query}${cursor ? `&cursor=${cursor}` : ''}`),
    );
    ids.push(...page.members.map((m) => m.id));
    cursor = page.next_cursor;
  } while (cursor);
  return ids;
}

/** Every page of one likes list: the first from GET /api/likes.php, the rest from likes-list.php. */
async function likesListIds(c: ListCase, list: LikesListName): Promise<number[]> {
  const field = ({ given: 'profiles', received: 'liked_by', matches: 'matches' } as const)[list];
  const first = LikesResponseSchema.parse(await getJson(c, '/api/likes.php'));
  const ids = first[field].map((m) => m.id);
  let cursor = first.next[field];
  while (cursor) {
    const page = LikesListResponseSchema.parse(
      await getJson(c, `/api/likes-list.php?list=${list}&cursor=${encodeURIComponent(cursor)}`),
    );
    ids.push(...page.members.map((m) => m.id));
    cursor = page.next_cursor;
  }
  return ids;
}

/**
 * Every card the swipe game shows, one after another: each is passed to get the next, and the
 * passes are taken out again afterwards, so reading the game twice shows the same members.
 */
async function swipeCardIds(c: ListCase, query: string): Promise<number[]> {
  const ids: number[] = [];
  let card = SwipeStateSchema.parse(await getJson(c, `/api/swipe.php?${query}`)).card;
  while (card) {
    ids.push(card.id);
    const res = await c.app.inject({
      method: 'POST',
      url: `/api/swipe.php?${query}`,
      payload: { id: card.id, action: 'pass' },
      cookies: c.login.cookies,
      headers: c.login.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    card = SwipeResponseSchema.parse(res.json()).next.card;
  }
  await c.services.db.delete(swipePasses).where(eq(swipePasses.memberId, c.viewer.id));
  await c.services.db
    .update(swipeStates)
    .set({ lastPassedId: null })
    .where(eq(swipeStates.memberId, c.viewer.id));
  return ids;
}

/** A swipe of the game (POST /api/swipe.php). */
function swipe(c: ListCase, memberId: number, action: 'like' | 'pass') {
  return c.app.inject({
    method: 'POST',
    url: '/api/swipe.php',
    payload: { id: memberId, action },
    cookies: c.login.cookies,
    headers: c.login.headers,
  });
}

async function addLike(c: ListCase, likerId: number, likedId: number): Promise<void> {
  await c.services.db.insert(likes).values({ likerId, likedId }).onConflictDoNothing();
}

export const MEMBER_LISTS: readonly MemberListReader[] = [
  {
    name: 'search results',
    read: (c) => searchIds(c, `country=${c.country}`),
  },
  {
    name: 'similar profiles of a search',
    // A region nobody lives in: no results, so the first page brings the country's members as similar.
    read: async (c) => {
      const page = SearchResponseSchema.parse(
        await getJson(c, `/api/members.php?country=${c.country}&countryregion=${c.country}-ZZZ`),
      );
      expect(page.members).toEqual([]);
      return page.similar?.members.map((m) => m.id) ?? [];
    },
  },
  {
    name: 'related members of a profile',
    read: async (c) =>
      MemberResponseSchema.parse(await getJson(c, `/api/member.php?id=${c.anchor.id}`)).related.map(
        (m) => m.id,
      ),
  },
  {
    name: 'home highlights',
    // Only members with a public, approved main photo are highlighted.
    connect: async (c, memberId) => {
      await addPhoto(c.services.db, memberId, { main: true });
    },
    // What the home page's loader asks, for the viewer's session and country.
    read: async (c) => {
      const session = await c.services.sessions.find(c.login.cookies.sid, c.services.now());
      const page = {
        app: c.app,
        request: { ctx: { country: c.country } },
        session,
      } as unknown as PageRequest;
      const list = membersFeature.loadContext?.(c.services, page).site?.listHighlights;
      if (!list) throw new Error('the members feature no longer offers the home highlights');
      return (await list()).map((m) => m.id);
    },
  },
  {
    name: 'likes given (GET /api/likes.php profiles, likes-list.php given)',
    connect: (c, memberId) => addLike(c, c.viewer.id, memberId),
    read: (c) => likesListIds(c, 'given'),
  },
  {
    name: 'likes received (GET /api/likes.php liked_by, likes-list.php received)',
    connect: (c, memberId) => addLike(c, memberId, c.viewer.id),
    read: (c) => likesListIds(c, 'received'),
  },
  {
    name: 'matches (GET /api/likes.php matches, likes-list.php matches)',
    connect: async (c, memberId) => {
      await addLike(c, c.viewer.id, memberId);
      await addLike(c, memberId, c.viewer.id);
    },
    read: (c) => likesListIds(c, 'matches'),
  },
  {
    name: 'match finder results (GET /api/match-finder.php)',
    // The finder only lists members who look for the viewer's gender too (a woman here).
    connect: async (c, memberId) => {
      await c.services.db.update(profiles).set({ sexuality: 'bi' }).where(eq(profiles.userId, memberId));
    },
    read: async (c) =>
      FinderResponseSchema.parse(
        await getJson(c, '/api/match-finder.php?gender=female&min_age=18&max_age=99&distance=country'),
      ).results.map((m) => m.id),
  },
  {
    name: 'swipe game cards (GET /api/swipe.php, one card after another)',
    read: (c) => swipeCardIds(c, `country=${c.country}`),
  },
];

export const MEMBER_ACTIONS: readonly MemberAction[] = [
  {
    name: 'like (POST /api/like.php)',
    act: (c, memberId) =>
      c.app.inject({
        method: 'POST',
        url: '/api/like.php',
        payload: { id: memberId },
        cookies: c.login.cookies,
        headers: c.login.headers,
      }),
  },
  { name: 'like in the swipe game (POST /api/swipe.php)', act: (c, memberId) => swipe(c, memberId, 'like') },
  { name: 'pass in the swipe game (POST /api/swipe.php)', act: (c, memberId) => swipe(c, memberId, 'pass') },
];

/**
 * Waits for events on a bus: a test publishes through one instance and waits until another (or the
 * same) has heard it, so what it reads next no longer depends on the notification's timing. Subscribed
 * once, after the services' own subscriptions, so their caches have heard it first.
 */
export async function listenTo<T>(bus: Pick<EventBus, 'subscribe'>, channel: Channel<T>) {
  const heard: T[] = [];
  const waiting = new Set<{ match: (payload: T) => boolean; done: () => void }>();
  await bus.subscribe(channel, (payload) => {
    for (const waiter of waiting) {
      if (waiter.match(payload)) {
        waiting.delete(waiter);
        waiter.done();
        return;
      }
    }
    heard.push(payload);
  });
  return (match: (payload: T) => boolean) =>
    new Promise<void>((done) => {
      const index = heard.findIndex(match);
      if (index >= 0) {
        heard.splice(index, 1);
        done();
      } else waiting.add({ match, done });
    });
}
