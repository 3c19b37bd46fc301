import { useEffect, useState } from 'react';
import type { LikeResponse } from '../../../shared/contracts/likes.ts';
import { ApiError } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { LoginRequiredModal } from '../members/login-required-modal.tsx';
import { memberActions } from '../members/member-actions.tsx';
import { HeartIcon } from '../members/member-icons.tsx';
import { announceConnection, type ConnectionMember } from './connection-events.ts';
import '../../styles/likes.scss';

type Props = {
  member: ConnectionMember;
  /** Whether the viewer likes them now (the card's `liked`). */
  liked: boolean;
  /** Visitors get the login question instead of the like (spec §6). */
  loggedIn: boolean;
  /** 'icon': the round heart on a card's photo; 'button': a labelled button (modals, lists). */
  variant?: 'icon' | 'button';
  onLikedChange?: (liked: boolean) => void;
};

/**
 * Like and unlike wherever a member appears. The heart changes at once and goes back if the server
 * refuses; a like that makes a match opens the match modal (connection-events.ts).
 */
export function LikeButton({ member, liked: initial, loggedIn, variant = 'icon', onLikedChange }: Props) {
  const { t } = useTranslation();
  const [liked, setLiked] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [askLogin, setAskLogin] = useState(false);
  useEffect(() => setLiked(initial), [initial]);
  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(''), 5_000);
    return () => clearTimeout(timer);
  }, [error]);

  const toggle = async () => {
    if (!loggedIn) return setAskLogin(true);
    const next = !liked;
    setBusy(true);
    setError('');
    setLiked(next);
    try {
      if (next) {
        const answer = (await memberActions.like(member.id)) as LikeResponse;
        if (answer.match) announceConnection({ kind: 'match', member });
      } else {
        await memberActions.unlike(member.id);
      }
      onLikedChange?.(next);
    } catch (e) {
      setLiked(!next);
      const code = e instanceof ApiError ? e.code : '';
      setError(
        code === 'member_not_found'
          ? t('connections.like_gone', { name: member.name })
          : code === 'rate_limited'
            ? t('errors.rate_limited')
            : t('connections.like_failed'),
      );
    } finally {
      setBusy(false);
    }
  };

  const label = t(liked ? 'connections.unlike_name' : 'connections.like_name', { name: member.name });
  return (
    <>
      <button
        type="button"
        className={
          variant === 'icon'
            ? `like-icon-button${liked ? ' is-liked' : ''}`
            : `btn ${liked ? 'btn-primary' : 'btn-outline-primary'} like-text-button`
        }
        aria-pressed={liked}
        aria-label={variant === 'icon' ? label : undefined}
        title={variant === 'icon' ? label : undefined}
        disabled={busy}
        onClick={() => void toggle()}
      >
        <HeartIcon filled={liked} />
        {variant === 'button' && <span>{t(liked ? 'connections.unlike' : 'connections.like')}</span>}
      </button>
      {error && (
        <span className="like-error" role="alert">
          {error}
        </span>
      )}
      {!loggedIn && (
        <LoginRequiredModal
          reason={askLogin ? 'like' : null}
          name={member.name}
          onClose={() => setAskLogin(false)}
        />
      )}
    </>
  );
}
