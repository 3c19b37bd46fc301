import { useMemo } from 'react';
import { data, type ShouldRevalidateFunctionArgs, useLocation, useParams } from 'react-router';
import type { ChatTarget } from '../features/chat/chat-api.ts';
import { ChatScreen } from '../features/chat/chat-screen.tsx';
import { pageMeta } from '../lib/meta.ts';
import { PageTexts } from '../lib/page-texts.tsx';
import { guards } from '../lib/route-middleware.ts';
import '../styles/chat.scss';
import '../styles/gifts.scss';
import type { Route } from './+types/chats';

// After the chat layout's 'auth'.
export const middleware = guards('complete');

const isPositiveId = (text: string) => {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 && String(id) === text;
};

/** What the address opens: the list (null), a conversation by its id, or the one with a member. */
function targetOf(byMember: boolean, id: string | undefined): ChatTarget | null {
  if (id === undefined || !isPositiveId(id)) return null;
  return byMember ? { member: Number(id) } : { conversation: Number(id) };
}

/**
 * /chats (the list), /chats/{id} (a conversation by its id) and /members/{id}/chat (the
 * conversation with a member, created by the first message).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.id !== undefined && !isPositiveId(params.id)) throw data('Not found', { status: 404 });
  // The list comes with the HTML; the messages are read in the browser (their times are in its zone).
  const chats = await context.chats.list();
  // The members' page texts: the premium upsell of a free member's third conversation.
  return {
    chats: chats.ok ? chats.data : undefined,
    texts: { ...context.pageTexts('members'), ...context.pageTexts('reports') },
    title: context.t('chat.title'),
  };
}

/**
 * From one conversation to another the loader is not asked again: its list is live in the browser
 * already (a second read of it at every click was wasted), and the conversation comes from the
 * address. An id that is not one still goes to the server, for its 404.
 */
export function shouldRevalidate({
  currentParams,
  nextParams,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentParams.id !== undefined && nextParams.id !== undefined && isPositiveId(nextParams.id))
    return false;
  return defaultShouldRevalidate;
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

export default function ChatsRoute({ loaderData }: Route.ComponentProps) {
  const { id } = useParams();
  const { pathname } = useLocation();
  // One object per conversation: the conversation's effects start again only when it changes.
  const byMember = pathname.startsWith('/members/');
  const target = useMemo(() => targetOf(byMember, id), [byMember, id]);
  return (
    <PageTexts messages={loaderData.texts}>
      <ChatScreen target={target} chats={loaderData.chats} />
    </PageTexts>
  );
}
