import { useState } from 'react';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useUnblockMember } from '../privacy/privacy-queries.ts';
import { UnblockConfirm } from '../privacy/unblock-confirm.tsx';

/**
 * A conversation with a member the viewer blocked (you_blocked_member): says so by name, with the
 * way back behind the same confirmation as the settings' list. `onUnblocked` opens it again.
 */
export function BlockedConversation({
  member,
  onUnblocked,
}: {
  member: { id: number; name: string };
  onUnblocked: () => void;
}) {
  const { t } = useTranslation();
  const unblock = useUnblockMember();
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    setFailed(false);
    try {
      await unblock.mutateAsync(member.id);
      onUnblocked();
    } catch {
      setFailed(true);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <div className="chat-failure chat-blocked alert alert-info">
      <p>{errorText(t, 'you_blocked_member', { vars: { name: member.name } })}</p>
      {failed && (
        <p className="text-danger" role="alert">
          {t('errors.general')}
        </p>
      )}
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        aria-label={t('unblock.label', { name: member.name })}
        onClick={() => setConfirming(true)}
      >
        {t('unblock.button')}
      </button>
      <UnblockConfirm
        member={confirming ? member : null}
        pending={unblock.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
