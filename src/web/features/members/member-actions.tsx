import { type MouseEvent, useState } from 'react';
import { Link } from 'react-router';
import type { LikeResponse } from '../../../shared/contracts/likes.ts';
import type { MemberProfile } from '../../../shared/contracts/members.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { ApiError, request } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { announceConnection } from '../likes/connection-events.ts';
import { ReportDialog, type ReportTarget } from '../reports/report-dialog.tsx';
import { type LoginReason, LoginRequiredModal } from './login-required-modal.tsx';
import { BlockIcon, HeartIcon, MessageIcon } from './member-icons.tsx';
import { ProfileGift } from './profile-gift.tsx';

export type MemberActionName = 'like' | 'unlike' | 'gift' | 'message' | 'block' | 'unblock';
type Relation = MemberProfile['relation'];

/**
 * What each profile action does, in one place (the card's like button uses it too). A message
 * leads to the chat; a gift is sent from the profile itself (profile-gift.tsx).
 */
export const memberActions = {
  like: (id: number) => request('/api/like.php', { method: 'POST', body: { id } }),
  unlike: (id: number) => request('/api/like.php', { method: 'DELETE', body: { id } }),
  block: (id: number) => request('/api/block.php', { method: 'POST', body: { id } }),
  unblock: (id: number) => request('/api/block.php', { method: 'DELETE', body: { id } }),
  messageHref: (id: number) => `/members/${id}/chat`,
} as const;

/** The relation after an action succeeded. */
function relationAfter(action: 'like' | 'unlike' | 'block' | 'unblock', relation: Relation): Relation {
  switch (action) {
    case 'like':
      return { ...relation, liked_by_viewer: true };
    case 'unlike':
      return { ...relation, liked_by_viewer: false };
    case 'block':
      return { ...relation, blocked_by_viewer: true };
    case 'unblock':
      return { ...relation, blocked_by_viewer: false };
  }
}

type Props = { member: MemberProfile; loggedIn: boolean };

/**
 * Like / unlike, message, gift, block / unblock; visitors are asked to log in, per action. Render it
 * keyed by the member's id: another profile starts with its own relation and no old messages.
 */
export function MemberActions({ member, loggedIn }: Props) {
  const { t } = useTranslation();
  const [relation, setRelation] = useState<Relation>(member.relation);
  const [busy, setBusy] = useState<MemberActionName | null>(null);
  const [status, setStatus] = useState<string>('');
  const [error, setError] = useState<string>('');
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [loginReason, setLoginReason] = useState<LoginReason | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const vars = { name: member.name };

  const run = async (action: 'like' | 'unlike' | 'block' | 'unblock') => {
    setBusy(action);
    setError('');
    setStatus('');
    try {
      const answer = await memberActions[action](member.id);
      // A like that makes a match opens the match modal (features/likes/live-connections.tsx).
      if (action === 'like' && (answer as LikeResponse).match) announceConnection({ kind: 'match', member });
      setRelation((r) => relationAfter(action, r));
      setStatus(t(`member_actions.done_${action}`, vars));
    } catch (e) {
      // A plain not_found says less than the general text (the member is gone or hidden).
      const code = e instanceof ApiError && e.code !== 'not_found' ? e.code : undefined;
      setError(errorText(t, code, { vars }));
    } finally {
      setBusy(null);
    }
  };

  /** A visitor's click on any action: the login question instead of the action. */
  const guard = (reason: LoginReason, event?: MouseEvent) => {
    if (loggedIn) return false;
    event?.preventDefault();
    setLoginReason(reason);
    return true;
  };

  if (relation.is_self) {
    return (
      <div className="member-actions">
        <Link to="/profile" className="btn btn-outline-primary">
          {t('member_actions.edit_profile')}
        </Link>
      </div>
    );
  }

  return (
    <>
      <div className="member-actions">
        {relation.blocked_by_viewer ? (
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={busy !== null}
            onClick={() => guard('unblock') || void run('unblock')}
          >
            <BlockIcon /> {t('member_actions.unblock')}
          </button>
        ) : (
          <>
            {relation.liked_by_viewer ? (
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy !== null}
                onClick={() => guard('unlike') || void run('unlike')}
              >
                <HeartIcon filled /> {t('member_actions.unlike')}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-outline-primary"
                disabled={busy !== null}
                onClick={() => guard('like') || void run('like')}
              >
                <HeartIcon /> {t('member_actions.like')}
              </button>
            )}
            <Link
              to={memberActions.messageHref(member.id)}
              className="btn btn-primary"
              onClick={(e) => guard('message', e)}
            >
              <MessageIcon /> {t('member_actions.message')}
            </Link>
            <ProfileGift member={member} loggedIn={loggedIn} onLoginRequired={() => guard('gift')} />
            <button
              type="button"
              className="btn btn-link member-action-block"
              disabled={busy !== null}
              onClick={() => guard('block') || setConfirmBlock(true)}
            >
              <BlockIcon /> {t('member_actions.block')}
            </button>
          </>
        )}
        {/* Beside block, and after a block too: a report often comes right after one. */}
        {loggedIn && (
          <button
            type="button"
            className="btn btn-link member-action-report"
            onClick={() => setReporting({ kind: 'profile', memberId: member.id, name: member.name })}
          >
            {t('reports.form.action')}
          </button>
        )}
      </div>
      <p className="member-actions-status" role="status">
        {status}
      </p>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      <Modal
        open={confirmBlock}
        title={t('member_actions.block_title', vars)}
        onClose={() => setConfirmBlock(false)}
        closeLabel={t('member_actions.cancel')}
        cancelInFooter
        footer={
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy !== null}
            onClick={async () => {
              await run('block');
              setConfirmBlock(false);
            }}
          >
            {t('member_actions.block_confirm')}
          </button>
        }
      >
        <p className="mb-0">{t('member_actions.block_text', vars)}</p>
      </Modal>
      <ReportDialog target={reporting} onClose={() => setReporting(null)} onSent={setStatus} />
      <LoginRequiredModal reason={loginReason} name={member.name} onClose={() => setLoginReason(null)} />
    </>
  );
}
