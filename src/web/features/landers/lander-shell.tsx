import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MemberCard } from '../../../shared/contracts/members.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';

type Props = {
  /** The source name the visit and the sign-up are stored under (a lander, or entry-<design>). */
  source: string;
  slug: string | null;
  /** The copy (title, lead) in the slug's language, with that language's code for `lang`. */
  title: string;
  lead: string;
  copyLang: string;
  members: readonly MemberCard[];
  /** Behind the copy: a video, a map, a collage… */
  backdrop?: ReactNode;
  /** Instead of the call to action (the entry pages' own form). */
  action?: ReactNode;
  /** The lander's own design, below the copy. */
  children?: ReactNode;
  className: string;
};

/**
 * What every lander and entry page shares: the copy, one call to action into the sign-up that
 * exists, the fictional-profile note when a fictional member is shown, and the visit beacon (an
 * image, so a page without JavaScript is counted and remembered for the sign-up too).
 */
export function LanderShell({
  source,
  slug,
  title,
  lead,
  copyLang,
  members,
  backdrop,
  action,
  children,
  className,
}: Props) {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  const beacon = `/api/lander-visit.php?lander=${source}${slug ? `&slug=${encodeURIComponent(slug)}` : ''}`;
  const anyFictional = members.some((member) => member.fictional);
  return (
    <main id="main" className={`lander ${className}`}>
      <section className="lander-hero">
        {backdrop}
        <div className="container lander-hero-inner">
          <div className="lander-copy" lang={copyLang === i18n.language ? undefined : copyLang}>
            <h1 className="lander-title">{title}</h1>
            <p className="lander-lead">{lead}</p>
          </div>
          {action ?? (
            <div className="lander-actions">
              <Link to="/signup" data-signup="" className="btn btn-primary btn-lg lander-cta">
                {t('landers.cta')}
              </Link>
              <p className="lander-free">{t('landers.free_note')}</p>
              <Link to="/login" className="lander-login">
                {t('landers.login')}
              </Link>
            </div>
          )}
        </div>
      </section>
      {children}
      {anyFictional && root && (
        <p className="container lander-fictional">
          <img src={root.settings.fictional_icon} alt="" width={16} height={16} />{' '}
          {t('landers.fictional_note')}
        </p>
      )}
      <img className="lander-beacon" src={beacon} alt="" width={1} height={1} />
    </main>
  );
}

/** A member's photo as the designs show it, with the fictional mark wherever the member is fictional. */
export function LanderPhoto({
  member,
  size = 'thumb',
  priority = false,
  className = 'lander-photo',
}: {
  member: MemberCard;
  size?: 'thumb' | 'full';
  priority?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const root = useRootData();
  if (!root) return null;
  const { settings } = root;
  const image = member.main_image;
  return (
    <span className={className}>
      {image ? (
        <img
          src={`${settings.cdn_prefix}${size === 'thumb' ? image.thumb_filename : image.filename}`}
          alt={t('landers.photo_of', { name: member.name })}
          width={size === 'thumb' ? 200 : 600}
          height={size === 'thumb' ? 250 : 750}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
        />
      ) : (
        <span className="lander-photo-initial" aria-hidden="true">
          {member.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      {member.fictional && (
        <span className="fictional-badge" title={settings.fictional_warning}>
          <img src={settings.fictional_icon} alt="" width={16} height={16} />
          <span className="visually-hidden">{settings.fictional_warning}</span>
        </span>
      )}
    </span>
  );
}
