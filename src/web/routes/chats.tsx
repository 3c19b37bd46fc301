import { data } from 'react-router';
import { ChatScreen } from '../features/chat/chat-screen.tsx';
import { pageMeta } from '../lib/meta.ts';
import { PageTexts } from '../lib/page-texts.tsx';
import { guards } from '../lib/route-middleware.ts';
import '../styles/chat.scss';
import '../styles/gifts.scss';
import type { Route } from './+types/chats';

// After the chat layout's 'auth'.
export const middleware = guards('complete');

const positiveId = (text: string | undefined) => {
  if (text === undefined) return undefined;
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id <= 0 || String(id) !== text) throw data('Not found', { status: 404 });
  return id;
};

/**
 * /chats (the list), /chats/{id} (a conversation by its id) and /members/{id}/chat (the
 * conversation with a member, created by the first message).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const id = positiveId(params.id);
  const byMember = new URL(request.url).pathname.startsWith('/members/');
  const target = id === undefined ? null : byMember ? { member: id } : { conversation: id };
  // The list comes with the HTML; the messages are read in the browser (their times are in its zone).
  const chats = await context.chats.list();
  // The members' page texts: the premium upsell of a free member's third conversation.
  return {
    target,
    chats: chats.ok ? chats.data : undefined,
    texts: context.pageTexts('members'),
    title: context.t('chat.title'),
  };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

export default function ChatsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <PageTexts messages={loaderData.texts}>
      <ChatScreen target={loaderData.target} chats={loaderData.chats} />
    </PageTexts>
  );
}
