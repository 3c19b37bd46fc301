import { Link } from 'react-router';
import { Modal } from '../../components/ui/modal.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { FictionalWarning } from '../members/fictional-warning.tsx';
import { MessageIcon } from '../members/member-icons.tsx';
import type { ConnectionMember } from './connection-events.ts';
import { LikeButton } from './like-button.tsx';
import '../../styles/likes.scss';

type Props = {
  /** The member to show; null closes the modal. */
  member: ConnectionMember | null;
  /** 'match': both like each other; 'like': they like the viewer (who may like back). */
  kind: 'match' | 'like';
  onClose: () => void;
  /** The viewer liked them back from a new-like modal (it becomes a match), or took that like back. */
  onLikedChange?: (liked: boolean) => void;
};

/**
 * The match and new-like modal (spec §4): a click on the backdrop closes it, the photo opens the
 * profile, the main button starts a conversation; a new like can be returned beside it. A
 * fictional profile always carries its warning here.
 */
export function MatchModal({ member, kind, onClose, onLikedChange }: Props) {
  const { t } = useTranslation();
  const root = useRootData();
  if (!root) return null;
  const { settings } = root;
  const vars = { name: member?.name ?? '' };
  // A new like opens through /likes/m/{id}, which marks it seen.
  const profileHref = member ? (kind === 'like' ? `/likes/m/${member.id}` : `/members/${member.id}`) : '';
  return (
    <Modal
      open={member !== null}
      title={t(kind === 'match' ? 'connections.match_title' : 'connections.like_title', vars)}
      onClose={onClose}
      closeLabel={t('connections.close')}
      className="match-modal"
      footer={
        member && (
          <>
            {/* The message is what comes next: the first and only filled action. */}
            <Link to={`/members/${member.id}/chat`} className="btn btn-primary" onClick={onClose}>
              <MessageIcon /> {t('connections.start_chat')}
            </Link>
            {/* A new like can be returned here; a match is celebrated, never undone with one tap
                (the like can be taken back on the profile or in the likes). */}
            {kind === 'like' && (
              <LikeButton
                key={`${kind}:${member.id}`}
                member={member}
                liked={false}
                loggedIn
                variant="button"
                onLikedChange={onLikedChange}
              />
            )}
          </>
        )
      }
    >
      {member && (
        <div className="match-modal-body">
          <Link to={profileHref} className="match-modal-photo" onClick={onClose}>
            {member.main_image ? (
              <img
                src={`${settings.cdn_prefix}${member.main_image.filename}`}
                alt={t('connections.photo_alt', vars)}
                width={240}
                height={300}
              />
            ) : (
              <span className="member-card-no-photo" aria-hidden="true">
                {member.name.slice(0, 1).toUpperCase()}
              </span>
            )}
            <span className="match-modal-name">
              {member.name}, {member.age}
            </span>
          </Link>
          <p className="match-modal-text">
            {t(kind === 'match' ? 'connections.match_text' : 'connections.like_text', vars)}
          </p>
          {member.fictional && (
            <FictionalWarning icon={settings.fictional_icon} text={settings.fictional_warning} />
          )}
        </div>
      )}
    </Modal>
  );
}
