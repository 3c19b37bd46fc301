import { useInfiniteQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { BlockedMemberCard } from '../../../shared/contracts/members.ts';
import { CardSection } from '../../components/ui/titled-section.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { blockedMembersQuery, useUnblockMember } from './privacy-queries.ts';
import { UnblockConfirm } from './unblock-confirm.tsx';

/**
 * The members the member blocked, newest first, each with an unblock behind a confirmation. Only
 * members they could otherwise see are listed (GET /api/blocks.php); the note says the others stay
 * blocked without naming anyone.
 */
export function BlockedMembersSection() {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  const query = useInfiniteQuery(blockedMembersQuery());
  const unblock = useUnblockMember();
  const [confirming, setConfirming] = useState<BlockedMemberCard | null>(null);
  const [status, setStatus] = useState('');
  const [failed, setFailed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  if (!root) return null;
  const cdn = root.settings.cdn_prefix;
  const members = query.data?.pages.flatMap((page) => page.members) ?? [];
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });

  const confirm = async (member: BlockedMemberCard) => {
    setFailed(false);
    setStatus('');
    try {
      await unblock.mutateAsync(member.id);
      setConfirming(null);
      setStatus(t('blocked_members.done', { name: member.name }));
      // The row and its button are gone: the list's heading takes the focus.
      heading.current?.focus();
    } catch {
      setConfirming(null);
      setFailed(true);
    }
  };

  return (
    <CardSection titleId="blocked-h" title={t('blocked_members.title')} headingRef={heading}>
      <p className="text-body-secondary">{t('blocked_members.lead')}</p>
      <p className="blocked-status" role="status">
        {status}
      </p>
      {failed && (
        <div className="alert alert-danger" role="alert">
          {t('errors.general')}
        </div>
      )}
      {query.isPending ? (
        <p aria-busy="true">{t('blocked_members.loading')}</p>
      ) : query.isError && members.length === 0 ? (
        <div className="alert alert-danger" role="alert">
          {t('errors.general')}
        </div>
      ) : members.length === 0 ? (
        <p className="blocked-empty">{t('blocked_members.empty')}</p>
      ) : (
        <ul className="blocked-list" aria-labelledby="blocked-h">
          {members.map((member) => (
            <li key={member.id} className="blocked-member">
              {member.main_image ? (
                <img
                  className="blocked-member-photo"
                  src={`${cdn}${member.main_image.thumb_filename}`}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <span className="blocked-member-photo blocked-member-initial" aria-hidden="true">
                  {member.name.slice(0, 1).toUpperCase()}
                </span>
              )}
              <div className="blocked-member-text">
                <Link to={`/members/${member.id}`} className="blocked-member-name">
                  {member.name}, {member.age}
                </Link>
                <span className="blocked-member-date">
                  {t('blocked_members.blocked_on', { date: date.format(new Date(member.blocked_at)) })}
                </span>
              </div>
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                aria-label={t('unblock.label', { name: member.name })}
                onClick={() => setConfirming(member)}
              >
                {t('unblock.button')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className="btn btn-outline-primary mb-3"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('blocked_members.more')}
        </button>
      )}
      <p className="form-text mb-0">{t('blocked_members.hidden_note')}</p>
      <UnblockConfirm
        member={confirming}
        pending={unblock.isPending}
        onConfirm={() => confirming && void confirm(confirming)}
        onClose={() => setConfirming(null)}
      />
    </CardSection>
  );
}
