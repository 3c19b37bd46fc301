import { describe, expect, it } from 'vitest';
import type { ActiveSession } from '../features/auth/sessions.service.ts';
import { AppError } from '../plugins/errors.ts';
import { type Action, authorize, authorizeActor, can, decide } from './policy.ts';
import type { Decision } from './rule.ts';
import type { ChatPartnerFacts } from './rules/chat.rules.ts';
import { type BlockRelation, NO_BLOCKS } from './rules/members.rules.ts';
import type { MediaFacts } from './rules/photos.rules.ts';
import { type MemberViewer, type StaffViewer, VISITOR, type Viewer, viewerOf } from './viewer.ts';

const VIEWER_ID = 1;
const OTHER_ID = 2;

const memberViewer = (overrides: Partial<MemberViewer> = {}): MemberViewer => ({
  kind: 'member',
  id: VIEWER_ID,
  premium: false,
  status: 'active',
  emailConfirmed: true,
  signupUnfinished: false,
  ...overrides,
});

const free = memberViewer();
const premium = memberViewer({ premium: true });
/** The member the resource belongs to, asking about their own. */
const owner = memberViewer({ id: OTHER_ID });
const operator: StaffViewer = { kind: 'staff', id: OTHER_ID, roles: ['operator'] };
const admin: StaffViewer = { kind: 'staff', id: OTHER_ID, roles: ['admin'] };
const moderator: StaffViewer = { kind: 'staff', id: OTHER_ID, roles: ['moderator'] };
/** One person holding two roles gets both roles' rights. */
const moderatorAndOperator: StaffViewer = { kind: 'staff', id: OTHER_ID, roles: ['moderator', 'operator'] };
const adminAndOperator: StaffViewer = { kind: 'staff', id: OTHER_ID, roles: ['admin', 'operator'] };

const viewerKinds = { visitor: VISITOR, free, premium, owner } as const;
type Kind = keyof typeof viewerKinds;

/** Every action and resource the tables below ask about, for the checks that span all of them. */
const asked: { action: Action; resource: unknown }[] = [];

/** decide() with a resource of any type, remembered for the checks that span every table. */
function ask(viewer: Viewer, action: Action, resource?: unknown): Decision {
  asked.push({ action, resource });
  return (decide as (viewer: Viewer, action: Action, resource?: unknown) => Decision)(
    viewer,
    action,
    resource,
  );
}

/**
 * One table row: the resource and what each kind of viewer gets, asserted for every column. Staff
 * are asserted against the visitor's column below.
 */
function expectRow(action: Action, resource: unknown, expected: Record<Kind, Decision>) {
  const actual = Object.fromEntries(
    Object.entries(viewerKinds).map(([kind, viewer]) => [kind, ask(viewer, action, resource)]),
  );
  expect(actual, `${action} ${JSON.stringify(resource)}`).toEqual(expected);
}

const NF = 'member_not_found';
const relations: Record<string, BlockRelation> = {
  none: NO_BLOCKS,
  'viewer blocked them': { viewerBlocked: true, blockedViewer: false },
  'they blocked the viewer': { viewerBlocked: false, blockedViewer: true },
  'both ways': { viewerBlocked: true, blockedViewer: true },
};

describe('member.view (GET /api/member.php)', () => {
  it('shows visible members, hides hidden ones like unknown ones, refuses members who blocked the viewer', () => {
    // A visitor never has a block relation; the "owner" column asks about themself.
    for (const visible of [true, false]) {
      expectRow(
        'member.view',
        { id: OTHER_ID, name: 'Anna', visible, relation: NO_BLOCKS },
        visible
          ? { visitor: null, free: null, premium: null, owner: null }
          : { visitor: NF, free: NF, premium: NF, owner: null },
      );
    }
    const asMember = (visible: boolean, relation: BlockRelation) =>
      [free, premium].map((viewer) =>
        ask(viewer, 'member.view', { id: OTHER_ID, name: 'Anna', visible, relation }),
      );
    expect(asMember(true, relations['viewer blocked them']!)).toEqual([null, null]);
    expect(asMember(true, relations['they blocked the viewer']!)).toEqual([
      'blocked_by_member',
      'blocked_by_member',
    ]);
    expect(asMember(true, relations['both ways']!)).toEqual(['blocked_by_member', 'blocked_by_member']);
    // Hidden comes first: a hidden member who blocked the viewer is not named.
    expect(asMember(false, relations['they blocked the viewer']!)).toEqual([NF, NF]);
  });

  it('shows an invisible member to those they have a conversation with, as the conversation goes on', () => {
    const hidden = (invisibleOnly: boolean, conversation: boolean, relation = NO_BLOCKS) => ({
      id: OTHER_ID,
      name: 'Anna',
      visible: false,
      invisibleOnly,
      conversation,
      relation,
    });
    expectRow('member.view', hidden(true, true), { visitor: NF, free: null, premium: null, owner: null });
    // Without a conversation, or hidden by more than the switch (unconfirmed, leaving): unknown.
    expectRow('member.view', hidden(true, false), { visitor: NF, free: NF, premium: NF, owner: null });
    expectRow('member.view', hidden(false, true), { visitor: NF, free: NF, premium: NF, owner: null });
    // Hidden by the back office (a fictional profile goes on in its conversations): its profile not.
    expectRow(
      'member.view',
      { ...hidden(true, true), hidden: true },
      { visitor: NF, free: NF, premium: NF, owner: null },
    );
    // A block still refuses, and a hidden member who blocked the viewer is still not named.
    expect(ask(free, 'member.view', hidden(true, true, relations['they blocked the viewer']!))).toBe(
      'blocked_by_member',
    );
  });
});

describe('member.list (search, similar and related members)', () => {
  it('lists visible members other than the viewer with no block either way', () => {
    for (const [name, relation] of Object.entries(relations)) {
      for (const visible of [true, false]) {
        const facts = { id: OTHER_ID, visible, relation };
        const expected = visible && name === 'none' ? null : NF;
        expect([ask(free, 'member.list', facts), ask(premium, 'member.list', facts)], name).toEqual([
          expected,
          expected,
        ]);
      }
    }
    expectRow(
      'member.list',
      { id: OTHER_ID, visible: true, relation: NO_BLOCKS },
      { visitor: null, free: null, premium: null, owner: NF },
    );
    expectRow(
      'member.list',
      { id: OTHER_ID, visible: false, relation: NO_BLOCKS },
      { visitor: NF, free: NF, premium: NF, owner: NF },
    );
  });
});

describe('member.see_online (the chat list and header, the presence events)', () => {
  it('tells a member who else is online only of a visible member other than them with no block either way', () => {
    for (const [name, relation] of Object.entries(relations)) {
      for (const visible of [true, false]) {
        const facts = { id: OTHER_ID, visible, relation };
        const expected = visible && name === 'none' ? null : NF;
        expect(
          [ask(free, 'member.see_online', facts), ask(premium, 'member.see_online', facts)],
          name,
        ).toEqual([expected, expected]);
      }
    }
    expectRow(
      'member.see_online',
      { id: OTHER_ID, visible: true, relation: NO_BLOCKS },
      { visitor: 'authentication_required', free: null, premium: null, owner: NF },
    );
    // Invisible, not confirmed or leaving: all three are outside `visible`.
    expectRow(
      'member.see_online',
      { id: OTHER_ID, visible: false, relation: NO_BLOCKS },
      { visitor: 'authentication_required', free: NF, premium: NF, owner: NF },
    );
  });
});

describe('member.search (GET /api/members.php)', () => {
  it('lets members search always and visitors where logged_out_search allows it', () => {
    expectRow(
      'member.search',
      { visitorSearchAllowed: true },
      { visitor: null, free: null, premium: null, owner: null },
    );
    expectRow(
      'member.search',
      { visitorSearchAllowed: false },
      { visitor: 'search_login_required', free: null, premium: null, owner: null },
    );
  });
});

describe('photo.view_full (presenters: the real sizes or the blur)', () => {
  it('shows a private photo in full to its owner and premium members only', () => {
    expectRow(
      'photo.view_full',
      { ownerId: OTHER_ID, private: false },
      { visitor: null, free: null, premium: null, owner: null },
    );
    expectRow(
      'photo.view_full',
      { ownerId: OTHER_ID, private: true },
      { visitor: 'private_photo_forbidden', free: 'private_photo_forbidden', premium: null, owner: null },
    );
  });
});

describe('media.serve (the table of docs/decisions/0014)', () => {
  const NF404 = 'media_not_found';
  const F403 = 'private_photo_forbidden';
  // area, owner visible, blocked either way → visitor, free, premium, owner
  const table: [MediaFacts['area'], boolean, boolean, Decision, Decision, Decision, Decision][] = [
    ['p', true, false, null, null, null, null],
    ['p', true, true, null, null, null, null],
    ['p', false, false, NF404, NF404, NF404, null],
    ['p', false, true, NF404, NF404, NF404, null],
    // A free member's 403 does not depend on the owner: it says nothing about whose key it is.
    ['x', true, false, NF404, F403, null, null],
    ['x', true, true, NF404, F403, F403, null],
    ['x', false, false, NF404, F403, NF404, null],
    ['x', false, true, NF404, F403, NF404, null],
  ];
  it.each(table)('%s/ owner visible %s, blocked %s', (area, ownerVisible, blockedEitherWay, ...answers) => {
    const [visitor, freeAnswer, premiumAnswer, ownerAnswer] = answers;
    expectRow(
      'media.serve',
      { area, ownerId: OTHER_ID, ownerVisible, blockedEitherWay, approved: true },
      { visitor, free: freeAnswer, premium: premiumAnswer, owner: ownerAnswer },
    );
  });

  // A photo waiting for a moderator, or rejected, is its owner's only; a free member's 403 on an
  // x/ key still says nothing about the photo.
  const unapproved: [MediaFacts['area'], Decision, Decision, Decision, Decision][] = [
    ['p', NF404, NF404, NF404, null],
    ['x', NF404, F403, NF404, null],
  ];
  it.each(unapproved)(
    '%s/ of a photo not approved',
    (area, visitor, freeAnswer, premiumAnswer, ownerAnswer) => {
      expectRow(
        'media.serve',
        { area, ownerId: OTHER_ID, ownerVisible: true, blockedEitherWay: false, approved: false },
        { visitor, free: freeAnswer, premium: premiumAnswer, owner: ownerAnswer },
      );
    },
  );

  it('serves every viewer what it serves a visitor (media.service.ts calls that answer public)', () => {
    for (const [area, ownerVisible, blockedEitherWay] of table) {
      const facts: MediaFacts = { area, ownerId: OTHER_ID, ownerVisible, blockedEitherWay, approved: true };
      if (!can(VISITOR, 'media.serve', facts)) continue;
      for (const viewer of [free, premium, owner, operator, admin])
        expect(can(viewer, 'media.serve', facts)).toBe(true);
    }
  });
});

describe('member.block and member.unblock (/api/block.php)', () => {
  it('blocks visible members and those already blocked, never oneself; unblocks anything', () => {
    const AUTH = 'authentication_required';
    const target = (visible: boolean, relation: BlockRelation) => ({ id: OTHER_ID, visible, relation });
    expectRow('member.block', target(true, NO_BLOCKS), {
      visitor: AUTH,
      free: null,
      premium: null,
      owner: 'cannot_block_self',
    });
    expectRow('member.block', target(false, NO_BLOCKS), {
      visitor: AUTH,
      free: NF,
      premium: NF,
      owner: 'cannot_block_self',
    });
    expectRow('member.block', target(false, relations['viewer blocked them']!), {
      visitor: AUTH,
      free: null,
      premium: null,
      owner: 'cannot_block_self',
    });
    // Being blocked by them does not stop a block of one's own.
    expectRow('member.block', target(true, relations['they blocked the viewer']!), {
      visitor: AUTH,
      free: null,
      premium: null,
      owner: 'cannot_block_self',
    });
    expectRow('member.block', target(false, relations['they blocked the viewer']!), {
      visitor: AUTH,
      free: NF,
      premium: NF,
      owner: 'cannot_block_self',
    });
    expectRow('member.unblock', undefined, { visitor: AUTH, free: null, premium: null, owner: null });
  });
});

describe('member.report (/api/report.php)', () => {
  it('reports anyone else, hidden or blocked too, never oneself', () => {
    expectRow(
      'member.report',
      { reportedId: OTHER_ID },
      { visitor: 'authentication_required', free: null, premium: null, owner: 'cannot_report_self' },
    );
  });
});

describe('member.like and member.unlike (/api/like.php)', () => {
  it('likes visible members with no block either way, never oneself; unlikes anything', () => {
    const AUTH = 'authentication_required';
    const target = (
      visible: boolean,
      relation: BlockRelation,
      invisibleOnly = false,
      conversation = false,
    ) => ({
      id: OTHER_ID,
      visible,
      relation,
      invisibleOnly,
      conversation,
    });
    expectRow('member.like', target(true, NO_BLOCKS), {
      visitor: AUTH,
      free: null,
      premium: null,
      owner: 'cannot_like_self',
    });
    // Hidden, or blocked either way: the answer of an unknown id.
    for (const [visible, relation] of [
      [false, NO_BLOCKS],
      [true, relations['viewer blocked them']!],
      [true, relations['they blocked the viewer']!],
      [false, relations['viewer blocked them']!],
    ] as const) {
      expectRow('member.like', target(visible, relation), {
        visitor: AUTH,
        free: NF,
        premium: NF,
        owner: 'cannot_like_self',
      });
    }
    // Invisible mode: only a member they have a conversation with may still like them.
    expectRow('member.like', target(false, NO_BLOCKS, true, true), {
      visitor: AUTH,
      free: null,
      premium: null,
      owner: 'cannot_like_self',
    });
    for (const [relation, invisibleOnly, conversation] of [
      [NO_BLOCKS, true, false],
      [NO_BLOCKS, false, true],
      [relations['they blocked the viewer']!, true, true],
    ] as const) {
      expectRow('member.like', target(false, relation, invisibleOnly, conversation), {
        visitor: AUTH,
        free: NF,
        premium: NF,
        owner: 'cannot_like_self',
      });
    }
    expectRow('member.unlike', undefined, { visitor: AUTH, free: null, premium: null, owner: null });
  });
});

describe('member.pass and member.unpass (/api/swipe.php, /api/swipe-undo.php)', () => {
  it('passes whom a like could reach, never oneself; undoes one’s own pass', () => {
    const AUTH = 'authentication_required';
    const target = (visible: boolean, relation: BlockRelation) => ({ id: OTHER_ID, visible, relation });
    expectRow('member.pass', target(true, NO_BLOCKS), {
      visitor: AUTH,
      free: null,
      premium: null,
      owner: 'cannot_pass_self',
    });
    for (const [visible, relation] of [
      [false, NO_BLOCKS],
      [true, relations['viewer blocked them']!],
      [true, relations['they blocked the viewer']!],
      [false, relations['viewer blocked them']!],
    ] as const) {
      expectRow('member.pass', target(visible, relation), {
        visitor: AUTH,
        free: NF,
        premium: NF,
        owner: 'cannot_pass_self',
      });
    }
    expectRow('member.unpass', undefined, { visitor: AUTH, free: null, premium: null, owner: null });
  });
});

describe('member.find (/api/match-finder.php)', () => {
  it('lets any member use the match finder, a visitor not', () => {
    expectRow('member.find', undefined, {
      visitor: 'authentication_required',
      free: null,
      premium: null,
      owner: null,
    });
  });
});

describe('members-only actions on their own things', () => {
  const AUTH = 'authentication_required';
  it('lets any member upload (the 3/25 limit is the service’s), a visitor not', () => {
    expectRow('photo.upload', undefined, { visitor: AUTH, free: null, premium: null, owner: null });
  });

  it('lets only the owner edit a photo or the profile; another’s answers like a missing one', () => {
    expectRow(
      'photo.edit',
      { ownerId: OTHER_ID },
      { visitor: AUTH, free: 'photo_not_found', premium: 'photo_not_found', owner: null },
    );
    expectRow(
      'profile.edit',
      { ownerId: OTHER_ID },
      { visitor: AUTH, free: 'profile_not_found', premium: 'profile_not_found', owner: null },
    );
  });

  it('lets a member complete an unfinished entry sign-up, and nobody else', () => {
    expectRow('signup.complete', undefined, {
      visitor: AUTH,
      free: 'signup_already_complete',
      premium: 'signup_already_complete',
      owner: 'signup_already_complete',
    });
    expect(decide(memberViewer({ signupUnfinished: true, status: 'not_confirmed' }), 'signup.complete')).toBe(
      null,
    );
  });

  it('lets any member switch invisible mode for their own account, hidden or not; a visitor not', () => {
    expectRow('account.set_invisible', undefined, { visitor: AUTH, free: null, premium: null, owner: null });
    expectRow('account.spending_limit', undefined, { visitor: AUTH, free: null, premium: null, owner: null });
    expectRow('payment.start', undefined, { visitor: AUTH, free: null, premium: null, owner: null });
    expectRow(
      'payment.view',
      { ownerId: OTHER_ID },
      { visitor: AUTH, free: 'payment_not_found', premium: 'payment_not_found', owner: null },
    );
    expectRow(
      'payment.repeat',
      { ownerId: OTHER_ID },
      { visitor: AUTH, free: 'repeat_order_not_found', premium: 'repeat_order_not_found', owner: null },
    );
    expectRow(
      'mandate.use',
      { ownerId: OTHER_ID },
      { visitor: AUTH, free: 'mandate_not_found', premium: 'mandate_not_found', owner: null },
    );
    expect(
      decide(memberViewer({ status: 'not_confirmed', emailConfirmed: false }), 'account.set_invisible'),
    ).toBe(null);
  });

  it('lets any member dismiss alerts and use codes for anyone or their own; another member’s code does not exist', () => {
    expectRow('account.dismiss_alert', undefined, { visitor: AUTH, free: null, premium: null, owner: null });
    expectRow('account.notifications', undefined, { visitor: AUTH, free: null, premium: null, owner: null });
    expectRow('discount.use', { ownerId: null }, { visitor: AUTH, free: null, premium: null, owner: null });
    const DNF = 'discount_code_not_found';
    expectRow('discount.use', { ownerId: OTHER_ID }, { visitor: AUTH, free: DNF, premium: DNF, owner: null });
    // The discount for staying: any member for their own account (the service decides if it is offered).
    expectRow('discount.retention', undefined, { visitor: AUTH, free: null, premium: null, owner: null });
  });
});

describe('conversation.send (POST /api/chat-message.php)', () => {
  const partner = (overrides: Partial<ChatPartnerFacts> = {}): ChatPartnerFacts => ({
    id: OTHER_ID,
    visible: true,
    invisibleOnly: false,
    notConfirmed: false,
    pendingDeletion: false,
    relation: NO_BLOCKS,
    ...overrides,
  });
  const AUTH = 'authentication_required';

  it('lets members write to a visible partner, never to themselves; visitors are asked to log in', () => {
    expectRow(
      'conversation.send',
      { partner: partner(), conversation: false, started: 0 },
      { visitor: AUTH, free: null, premium: null, owner: NF },
    );
  });

  it('refuses a block either way, with or without a conversation, like an unknown id', () => {
    for (const [name, relation] of Object.entries(relations).filter(([n]) => n !== 'none'))
      for (const conversation of [true, false])
        expect(
          ask(free, 'conversation.send', { partner: partner({ relation }), conversation, started: 0 }),
          name,
        ).toBe(NF);
  });

  it('reaches hidden partners only inside an existing conversation, and says why it cannot answer', () => {
    const cases: [Partial<ChatPartnerFacts>, Decision, Decision][] = [
      [{ visible: false, invisibleOnly: true }, NF, null],
      [{ visible: false, notConfirmed: true }, NF, 'partner_not_confirmed'],
      [{ visible: false, pendingDeletion: true }, NF, 'partner_pending_deletion'],
      // Erased or disabled: nothing of them is reachable.
      [{ visible: false }, NF, NF],
      // Hidden by the back office: their conversation says so; a fictional profile hidden goes on.
      [{ visible: false, hidden: true }, NF, 'partner_unavailable'],
      [{ visible: false, invisibleOnly: true, hidden: true }, NF, null],
    ];
    for (const [facts, without, within] of cases) {
      expect(
        ask(premium, 'conversation.send', { partner: partner(facts), conversation: false, started: 0 }),
      ).toBe(without);
      expect(
        ask(premium, 'conversation.send', { partner: partner(facts), conversation: true, started: 0 }),
      ).toBe(within);
    }
  });

  it('lets a free member start two conversations, a premium member any number; replies always', () => {
    const third = { partner: partner(), conversation: false, started: 2 };
    expect(ask(free, 'conversation.send', third)).toBe('conversation_limit_reached');
    expect(ask(premium, 'conversation.send', third)).toBe(null);
    expect(ask(free, 'conversation.send', { ...third, started: 1 })).toBe(null);
    expect(ask(free, 'conversation.send', { ...third, conversation: true })).toBe(null);
  });

  it('lets an unconfirmed member write', () => {
    const unconfirmed = memberViewer({ status: 'not_confirmed', emailConfirmed: false });
    expect(
      ask(unconfirmed, 'conversation.send', { partner: partner(), conversation: false, started: 0 }),
    ).toBe(null);
  });

  it('opens as it sends, but tells the blocker whom they blocked; the member blocked gets an unknown id', () => {
    const open = (relation: BlockRelation, conversation: boolean) =>
      ask(free, 'conversation.open', {
        partner: partner({ relation }),
        conversation,
        started: 0,
        name: 'Anna',
      });
    for (const conversation of [true, false]) {
      expect(open(NO_BLOCKS, conversation)).toBe(null);
      expect(open({ viewerBlocked: true, blockedViewer: false }, conversation)).toBe('you_blocked_member');
      expect(open({ viewerBlocked: true, blockedViewer: true }, conversation)).toBe('you_blocked_member');
      expect(open({ viewerBlocked: false, blockedViewer: true }, conversation)).toBe(NF);
    }
    expect(
      ask(free, 'conversation.open', { partner: partner(), conversation: false, started: 2, name: 'Anna' }),
    ).toBe('conversation_limit_reached');
    expect(
      ask(free, 'conversation.open', {
        partner: partner({ id: free.id, relation: { viewerBlocked: true, blockedViewer: false } }),
        conversation: false,
        started: 0,
        name: 'Me',
      }),
    ).toBe(NF);
  });

  it('lets members, not visitors, use their conversations (the service checks membership)', () => {
    expectRow('conversation.use', undefined, { visitor: AUTH, free: null, premium: null, owner: null });
  });
});

describe('chat_image.view (GET /media/chat/{id}/{size}.webp)', () => {
  const MNF = 'media_not_found';
  it('serves an unsent image to its uploader, a sent one to the two members until a block', () => {
    // The "owner" column is member 2, the others asking are member 1 (or a visitor).
    expectRow(
      'chat_image.view',
      { uploaderId: OTHER_ID, members: null, blocked: false },
      { visitor: MNF, free: MNF, premium: MNF, owner: null },
    );
    expectRow(
      'chat_image.view',
      { uploaderId: OTHER_ID, members: [VIEWER_ID, OTHER_ID], blocked: false },
      { visitor: MNF, free: null, premium: null, owner: null },
    );
    expectRow(
      'chat_image.view',
      { uploaderId: OTHER_ID, members: [VIEWER_ID, OTHER_ID], blocked: true },
      { visitor: MNF, free: MNF, premium: MNF, owner: MNF },
    );
    // A third member, premium or not, is never one of the two.
    expectRow(
      'chat_image.view',
      { uploaderId: OTHER_ID, members: [OTHER_ID, 3], blocked: false },
      { visitor: MNF, free: MNF, premium: MNF, owner: null },
    );
  });
});

/** The back office's actions: staff only, by role (rules/staff.rules.ts). */
const STAFF_ACTIONS = [
  'backoffice.open',
  'staff.manage',
  'staff.change',
  'audit.view',
  'attribution.view',
  'operators.queue',
  'operators.reply',
  'operators.stats',
  'operators.chat_image',
  'reports.review',
  'moderation.photos',
  'moderation.texts',
  'profiles.manage',
] as const;

describe('back office (staff actions)', () => {
  const AUTH = 'authentication_required';
  const NO = 'forbidden';
  const viewers = {
    visitor: VISITOR,
    member: free,
    premium,
    operator,
    moderator,
    admin,
    moderatorAndOperator,
    adminAndOperator,
  } as const;
  /** Another staff account than the viewer (id OTHER_ID): staff.change asks about it. */
  const someoneElse = { targetId: 99 };
  /** operators.chat_image is asked by a staff person who holds no claim on the photo's conversation. */
  const notClaimed = { claimedByViewer: false };
  const table: Record<(typeof STAFF_ACTIONS)[number], Record<keyof typeof viewers, Decision>> = {
    'backoffice.open': {
      visitor: AUTH,
      member: AUTH,
      premium: AUTH,
      operator: null,
      moderator: null,
      admin: null,
      moderatorAndOperator: null,
      adminAndOperator: null,
    },
    'staff.manage': {
      visitor: AUTH,
      member: AUTH,
      premium: AUTH,
      operator: NO,
      moderator: NO,
      admin: null,
      moderatorAndOperator: NO,
      adminAndOperator: null,
    },
    'staff.change': {
      visitor: AUTH,
      member: AUTH,
      premium: AUTH,
      operator: NO,
      moderator: NO,
      admin: null,
      moderatorAndOperator: NO,
      adminAndOperator: null,
    },
    'audit.view': {
      visitor: AUTH,
      member: AUTH,
      premium: AUTH,
      operator: NO,
      moderator: NO,
      admin: null,
      moderatorAndOperator: NO,
      adminAndOperator: null,
    },
    'attribution.view': {
      visitor: AUTH,
      member: AUTH,
      premium: AUTH,
      operator: NO,
      moderator: NO,
      admin: null,
      moderatorAndOperator: NO,
      adminAndOperator: null,
    },
    'operators.queue': {
      visitor: AUTH,
      member: AUTH,
      premium: AUTH,
      operator: null,
      moderator: NO,
      admin: null,
      moderatorAndOperator: null,
      adminAndOperator: null,
    },
    'operators.reply': {
      visitor: AUTH,
      member: AUTH,
      premium: AUTH,
      operator: null,
      moderator: NO,
      admin: null,
      moderatorAndOperator: null,
      adminAndOperator: null,
    },
    'operators.stats': {
      visitor: AUTH,
      member: AUTH,
      premium: AUTH,
      operator: NO,
      moderator: NO,
      admin: null,
      moderatorAndOperator: NO,
      adminAndOperator: null,
    },
    // Without the conversation's claim: admins only (an operator answering it: the test below).
    'operators.chat_image': {
      visitor: AUTH,
      member: AUTH,
      premium: AUTH,
      operator: 'photo_claim_required',
      moderator: NO,
      admin: null,
      moderatorAndOperator: 'photo_claim_required',
      adminAndOperator: null,
    },
    'reports.review': {
      visitor: AUTH,
      member: AUTH,
      premium: AUTH,
      operator: NO,
      moderator: null,
      admin: null,
      moderatorAndOperator: null,
      adminAndOperator: null,
    },
    'moderation.photos': {
      visitor: AUTH,
      member: AUTH,
      premium: AUTH,
      operator: NO,
      moderator: null,
      admin: null,
      moderatorAndOperator: null,
      adminAndOperator: null,
    },
    'moderation.texts': {
      visitor: AUTH,
      member: AUTH,
      premium: AUTH,
      operator: NO,
      moderator: null,
      admin: null,
      moderatorAndOperator: null,
      adminAndOperator: null,
    },
    // Admins only: operators answer as fictional profiles but do not make or change them.
    'profiles.manage': {
      visitor: AUTH,
      member: AUTH,
      premium: AUTH,
      operator: NO,
      moderator: NO,
      admin: null,
      moderatorAndOperator: NO,
      adminAndOperator: null,
    },
  };

  it.each(STAFF_ACTIONS)('%s: members and visitors never, staff by their roles', (action) => {
    const resource =
      action === 'staff.change' ? someoneElse : action === 'operators.chat_image' ? notClaimed : undefined;
    const actual = Object.fromEntries(
      Object.entries(viewers).map(([kind, viewer]) => [kind, ask(viewer, action, resource)]),
    );
    expect(actual).toEqual(table[action]);
  });

  it('operators.chat_image: an operator holding the claim sees the photos; a moderator never', () => {
    const claimed = { claimedByViewer: true };
    expect(ask(operator, 'operators.chat_image', claimed)).toBeNull();
    expect(ask(moderatorAndOperator, 'operators.chat_image', claimed)).toBeNull();
    expect(ask(moderator, 'operators.chat_image', claimed)).toBe('forbidden');
    expect(ask(free, 'operators.chat_image', claimed)).toBe('authentication_required');
  });

  it('staff.change: an admin never disables themself or changes their own roles', () => {
    expect(ask(admin, 'staff.change', { targetId: admin.id })).toBe('cannot_change_self');
    expect(ask(operator, 'staff.change', { targetId: operator.id })).toBe('forbidden');
  });

  it('answers a refused role 403 forbidden and a member 403 authentication_required', () => {
    const thrown = (fn: () => void) => {
      try {
        fn();
        return null;
      } catch (error) {
        return error;
      }
    };
    expect(thrown(() => authorize(operator, 'staff.manage'))).toMatchObject({
      statusCode: 403,
      code: 'forbidden',
    });
    expect(thrown(() => authorize(free, 'backoffice.open'))).toMatchObject({
      statusCode: 403,
      code: 'authentication_required',
    });
    expect(thrown(() => authorizeActor(premium, 'audit.view'))).toMatchObject({
      code: 'authentication_required',
    });
    expect(thrown(() => authorize(admin, 'audit.view'))).toBeNull();
  });
});

describe('operators and admins', () => {
  it('get what a visitor gets in the member area until the back office defines their rules', () => {
    // Runs after the tables above (vitest keeps the order within a file), over everything they asked,
    // which covers every action: a new action needs its table.
    // A record, so a new action fails to compile here until it is listed (and given a table).
    const everyAction: Record<Action, true> = {
      'member.view': true,
      'member.list': true,
      'member.search': true,
      'member.block': true,
      'member.unblock': true,
      'member.like': true,
      'member.unlike': true,
      'member.pass': true,
      'member.unpass': true,
      'member.find': true,
      'member.see_online': true,
      'photo.view_full': true,
      'photo.upload': true,
      'photo.edit': true,
      'media.serve': true,
      'profile.edit': true,
      'signup.complete': true,
      'account.set_invisible': true,
      'account.spending_limit': true,
      'conversation.send': true,
      'conversation.open': true,
      'conversation.use': true,
      'chat_image.view': true,
      'payment.start': true,
      'payment.view': true,
      'payment.repeat': true,
      'mandate.use': true,
      'account.dismiss_alert': true,
      'account.notifications': true,
      'discount.use': true,
      'discount.retention': true,
      'backoffice.open': true,
      'staff.manage': true,
      'staff.change': true,
      'audit.view': true,
      'attribution.view': true,
      'operators.queue': true,
      'operators.reply': true,
      'operators.stats': true,
      'operators.chat_image': true,
      'member.report': true,
      'reports.review': true,
      'moderation.photos': true,
      'moderation.texts': true,
      'profiles.manage': true,
    };
    expect(new Set(asked.map((a) => a.action))).toEqual(new Set(Object.keys(everyAction)));
    const backOffice: readonly Action[] = STAFF_ACTIONS;
    for (const { action, resource } of asked.filter((a) => !backOffice.includes(a.action)))
      for (const staff of [operator, moderator, admin])
        expect(ask(staff, action, resource), `${staff.roles} ${action}`).toBe(ask(VISITOR, action, resource));
  });
});

describe('authorize', () => {
  const refusalOf = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { status: error.statusCode, code: error.code, message: error.message, details: error.details };
    }
    return null;
  };

  it('throws the errors the routes answered before the policy, with the same status, code and text', () => {
    const hidden = { id: OTHER_ID, name: 'Greta', visible: false, relation: NO_BLOCKS };
    expect(refusalOf(() => authorize(free, 'member.view', hidden))).toEqual({
      status: 404,
      code: 'member_not_found',
      message: 'Member not found',
      details: undefined,
    });
    expect(
      refusalOf(() =>
        authorize(free, 'member.view', {
          ...hidden,
          visible: true,
          relation: relations['they blocked the viewer']!,
        }),
      ),
    ).toEqual({
      status: 403,
      code: 'blocked_by_member',
      message: "You're blocked by Greta. You do not have access to this page.",
      details: { name: 'Greta' },
    });
    expect(
      refusalOf(() => authorize(VISITOR, 'member.search', { visitorSearchAllowed: false })),
    ).toMatchObject({
      status: 403,
      code: 'search_login_required',
      message: 'Log in to search members',
    });
    expect(
      refusalOf(() => authorize(free, 'member.block', { id: VIEWER_ID, visible: true, relation: NO_BLOCKS })),
    ).toMatchObject({
      status: 400,
      code: 'cannot_block_self',
      message: 'You cannot block yourself',
    });
    const privateFile: MediaFacts = {
      area: 'x',
      ownerId: OTHER_ID,
      ownerVisible: true,
      blockedEitherWay: false,
      approved: true,
    };
    expect(refusalOf(() => authorize(free, 'media.serve', privateFile))).toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'Private photos are shown to premium members only',
    });
    expect(refusalOf(() => authorize(VISITOR, 'media.serve', privateFile))).toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'Not found',
    });
    expect(refusalOf(() => authorize(free, 'photo.edit', { ownerId: OTHER_ID }))).toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'Photo not found',
    });
    expect(refusalOf(() => authorize(free, 'profile.edit', { ownerId: OTHER_ID }))).toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'Profile not found',
    });
    expect(refusalOf(() => authorize(free, 'photo.edit', { ownerId: VIEWER_ID }))).toBeNull();
  });

  it('refuses a non-member a members’ action before any fact: authorizeActor', () => {
    for (const viewer of [VISITOR, operator, admin])
      expect(refusalOf(() => authorizeActor(viewer, 'member.block'))).toEqual({
        status: 403,
        code: 'authentication_required',
        message: 'authentication_required',
        details: undefined,
      });
    expect(refusalOf(() => authorizeActor(free, 'member.block'))).toBeNull();
    // Anyone may ask to view a member; the facts decide.
    expect(refusalOf(() => authorizeActor(VISITOR, 'member.view'))).toBeNull();
  });
});

describe('viewerOf', () => {
  it('builds a visitor without a session and a member from the session’s user', () => {
    expect(viewerOf(null)).toEqual(VISITOR);
    const user = {
      id: 7,
      paidUser: true,
      status: 'not_confirmed',
      emailConfirmedAt: null,
      signupMissing: ['password'],
    };
    expect(viewerOf({ user } as unknown as ActiveSession)).toEqual({
      kind: 'member',
      id: 7,
      premium: true,
      status: 'not_confirmed',
      emailConfirmed: false,
      signupUnfinished: true,
    });
  });
});
