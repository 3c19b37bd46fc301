import { data } from 'react-router';
import { AdminErrorBoundary } from '../features/admin/admin-error-boundary.tsx';
import { adminPageMeta } from '../features/admin/admin-route.ts';
import { OperatorConversationScreen } from '../features/operators/operator-conversation.tsx';
import { PageTexts } from '../lib/page-texts.tsx';
import type { Route } from './+types/admin-operator-conversation';

export function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.conversationId);
  if (!Number.isInteger(id) || id <= 0) throw data('Not found', { status: 404 });
  return { id, texts: context.pageTexts('operators') };
}

export function meta({ matches }: Route.MetaArgs) {
  return adminPageMeta(matches, 'admin.sections.operators');
}

/** /admin/operators/{conversation}: answering as the fictional profile. */
export default function AdminOperatorConversation({ loaderData }: Route.ComponentProps) {
  return (
    <PageTexts messages={loaderData.texts}>
      <OperatorConversationScreen key={loaderData.id} conversationId={loaderData.id} />
    </PageTexts>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
