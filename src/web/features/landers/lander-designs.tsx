import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { LanderName } from '../../../shared/contracts/landers.ts';
import type { MemberCard } from '../../../shared/contracts/members.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { usePlaceName } from '../../lib/use-country-name.ts';
import { LanderPhoto } from './lander-shell.tsx';

/*
 * Each lander's own design around the shared shell: what its name promises, built from the
 * members the page was given (visible ones, those who suit the visitor first). Every way onward
 * leads into the sign-up that exists (/signup, the modal on wide screens).
 */

type DesignProps = { members: readonly MemberCard[] };

function SignupLink({ className, children }: { className: string; children: React.ReactNode }) {
  return (
    <Link to="/signup" data-signup="" className={className}>
      {children}
    </Link>
  );
}

function NameAge({ member }: { member: MemberCard }) {
  return (
    <>
      {member.name}, {member.age}
    </>
  );
}

/** tinderswipe: a deck, one member at a time; a like needs an account, a pass shows the next. */
function SwipeDeck({ members }: DesignProps) {
  const { t } = useTranslation();
  const place = usePlaceName();
  const [top, setTop] = useState(0);
  const deck = members.slice(top, top + 3);
  const current = deck[0];
  return (
    <section className="container lander-section" aria-label={t('landers.nearby')}>
      <div className="swipe-deck">
        {deck
          .map((member, index) => (
            <article
              key={member.id}
              className={`swipe-deck-card swipe-deck-card-${index}`}
              aria-hidden={index > 0}
            >
              {/* The three cards of the first deck are in view at once: none of them waits to load. */}
              <LanderPhoto member={member} size="full" priority={top === 0} />
              <div className="swipe-deck-caption">
                <h2 className="swipe-deck-name">
                  <NameAge member={member} />
                </h2>
                <p className="swipe-deck-place">{place(member.city, member.country)}</p>
              </div>
            </article>
          ))
          .reverse()}
        {!current && (
          <SignupLink className="btn btn-primary btn-lg swipe-deck-more">{t('landers.cta')}</SignupLink>
        )}
      </div>
      {current && (
        <div className="swipe-deck-buttons">
          <button
            type="button"
            className="btn btn-outline-secondary btn-lg swipe-deck-pass"
            onClick={() => setTop((value) => value + 1)}
          >
            <span aria-hidden="true">✕ </span>
            {t('landers.tinderswipe.pass')}
          </button>
          <SignupLink className="btn btn-primary btn-lg swipe-deck-like">
            <span aria-hidden="true">♥ </span>
            {t('landers.tinderswipe.like')}
          </SignupLink>
        </div>
      )}
    </section>
  );
}

/** On a phone the map (343 px square) holds this many pins; the rest are shown from 768 px. */
const PHONE_PINS = 6;

type Pin = { x: number; y: number };

/** `count` spots evenly round a centre, the first at the top; in % of the map. */
function ring(count: number, centre: Pin, radius: (rank: number) => Pin): Pin[] {
  const step = (2 * Math.PI) / Math.max(1, count);
  return Array.from({ length: count }, (_, rank) => {
    const angle = -Math.PI / 2 + rank * step;
    const r = radius(rank);
    return { x: centre.x + Math.cos(angle) * r.x, y: centre.y + Math.sin(angle) * r.y };
  });
}

/**
 * The members' spots on the map, nearest first where the distances are known, evenly round the
 * visitor so no two pins meet (spots from the ids and distances alone put labels on top of each
 * other on a phone). Wide, each is a little further out than the one before; on a phone the first
 * PHONE_PINS take the whole square (a pin is anchored at its foot, its photo and label above it).
 */
function mapPins(members: readonly MemberCard[]): Map<number, { wide: Pin; phone: Pin | null }> {
  const byDistance = [...members].sort(
    (a, b) => (a.distance_km ?? Number.POSITIVE_INFINITY) - (b.distance_km ?? Number.POSITIVE_INFINITY),
  );
  const last = Math.max(1, byDistance.length - 1);
  const wide = ring(byDistance.length, { x: 50, y: 50 }, (rank) => {
    const r = 30 + (12 * rank) / last;
    return { x: r, y: r * 0.8 };
  });
  const phone = ring(Math.min(PHONE_PINS, byDistance.length), { x: 50, y: 55 }, () => ({ x: 31, y: 37 }));
  return new Map(
    byDistance.map((member, rank) => [
      member.id,
      { wide: wide[rank] ?? { x: 50, y: 50 }, phone: phone[rank] ?? null },
    ]),
  );
}

/** maplanding: the visitor in the middle, members around as pins, nearer ones closer. */
function MemberMap({ members }: DesignProps) {
  const { t } = useTranslation();
  const pins = mapPins(members);
  return (
    <section className="container lander-section">
      <div className="member-map" role="img" aria-label={t('landers.maplanding.map_label')}>
        <svg
          className="member-map-ground"
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          aria-hidden="true"
        >
          <path
            d="M0 62 C 20 55, 35 70, 55 60 S 85 48, 100 56 L100 100 L0 100 Z"
            className="member-map-water"
          />
          <path
            d="M8 0 L 30 100 M 0 30 L 100 42 M 62 0 L 70 100 M 0 80 L 100 74"
            className="member-map-road"
          />
          <circle cx="50" cy="50" r="14" className="member-map-ring" />
          <circle cx="50" cy="50" r="30" className="member-map-ring" />
        </svg>
        <span className="member-map-you" aria-hidden="true" />
        {members.map((member, index) => {
          const pin = pins.get(member.id);
          if (!pin) return null;
          const spot = {
            '--pin-x': `${pin.wide.x}%`,
            '--pin-y': `${pin.wide.y}%`,
            '--pin-x-phone': `${pin.phone?.x ?? pin.wide.x}%`,
            '--pin-y-phone': `${pin.phone?.y ?? pin.wide.y}%`,
          } as CSSProperties;
          return (
            <span
              key={member.id}
              className={`member-map-pin${pin.phone ? '' : ' member-map-pin-wide'}`}
              style={spot}
            >
              <LanderPhoto member={member} priority={index < 4} />
              <span className="member-map-label">
                <span className="member-map-name">{member.name}</span>, {member.age}
              </span>
            </span>
          );
        })}
      </div>
    </section>
  );
}

/** collagelanding: photos of different sizes, one wall of faces. */
function Collage({ members }: DesignProps) {
  return (
    <section className="container lander-section">
      <div className="lander-collage">
        {members.map((member, index) => (
          <LanderPhoto
            key={member.id}
            member={member}
            size={index === 0 ? 'full' : 'thumb'}
            priority={index < 3}
            className={`lander-photo collage-tile collage-tile-${index % 5}`}
          />
        ))}
      </div>
    </section>
  );
}

/** gallery: an even grid with name, age and place under each photo. */
function Gallery({ members }: DesignProps) {
  const place = usePlaceName();
  return (
    <section className="container lander-section">
      <ul className="lander-gallery">
        {members.map((member, index) => (
          <li key={member.id} className="lander-gallery-item">
            <LanderPhoto member={member} priority={index < 2} />
            <p className="lander-gallery-name">
              <NameAge member={member} />
            </p>
            <p className="lander-gallery-place">{place(member.city, member.country)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const ICONS = {
  search:
    'M10 2a8 8 0 1 0 4.9 14.3l5.4 5.4 1.4-1.4-5.4-5.4A8 8 0 0 0 10 2Zm0 2a6 6 0 1 1 0 12 6 6 0 0 1 0-12Z',
  chat: 'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Z',
  likes:
    'M12 21s-7.5-4.6-9.6-9.1C.9 8.6 3 5 6.5 5c2 0 3.4 1.1 4.1 2.3h2.8C14.1 6.1 15.5 5 17.5 5 21 5 23.1 8.6 21.6 11.9 19.5 16.4 12 21 12 21Z',
  privacy:
    'M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3Zm-1 14-4-4 1.4-1.4 2.6 2.6 5.6-5.6L18 9l-7 7Z',
} as const;

/** iconslanding: what the site offers as a grid of icons, with faces of members beneath. */
function IconGrid({ members }: DesignProps) {
  const { t } = useTranslation();
  return (
    <section className="container lander-section">
      <ul className="lander-icons">
        {(Object.keys(ICONS) as (keyof typeof ICONS)[]).map((key) => (
          <li key={key} className="lander-icon">
            <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
              <path d={ICONS[key]} fill="currentColor" />
            </svg>
            <span>{t(`landers.iconslanding.${key}`)}</span>
          </li>
        ))}
      </ul>
      <div className="lander-faces">
        {members.slice(0, 6).map((member) => (
          <LanderPhoto key={member.id} member={member} className="lander-photo lander-face" />
        ))}
      </div>
    </section>
  );
}

const FEED_KINDS = ['posted', 'new_photo', 'looking'] as const;

/** socialnetwork: a feed of what members are doing, as a social network shows it. */
function Feed({ members }: DesignProps) {
  const { t } = useTranslation();
  const place = usePlaceName();
  return (
    <section className="container lander-section">
      <ol className="lander-feed">
        {members.map((member, index) => {
          const kind = FEED_KINDS[index % FEED_KINDS.length] ?? 'posted';
          const where = place(member.city, member.country);
          return (
            <li key={member.id} className="lander-feed-post">
              <div className="lander-feed-head">
                <LanderPhoto member={member} className="lander-photo lander-feed-avatar" />
                <p className="lander-feed-text">
                  {t(`landers.socialnetwork.${kind}`, { name: member.name, place: where })}
                </p>
              </div>
              {kind === 'new_photo' && (
                <LanderPhoto
                  member={member}
                  size="full"
                  // The first post with a photo is in view on a phone: its paint is the page's largest.
                  priority={index < FEED_KINDS.length}
                  className="lander-photo lander-feed-photo"
                />
              )}
              <SignupLink className="btn btn-sm btn-outline-primary lander-feed-reply">
                {t('landers.cta')}
              </SignupLink>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** A row of members: the designs whose promise is a mood rather than a layout. */
function MemberStrip({ members, tone }: DesignProps & { tone: 'night' | 'polaroid' | 'online' }) {
  const { t } = useTranslation();
  const place = usePlaceName();
  return (
    <section className="container lander-section">
      {tone !== 'polaroid' && <h2 className="lander-section-title">{t('landers.online')}</h2>}
      <ul className={`lander-strip lander-strip-${tone}`}>
        {members.map((member, index) => (
          <li key={member.id} className="lander-strip-item">
            <LanderPhoto member={member} priority={index < 2} />
            <p className="lander-strip-name">
              {tone !== 'polaroid' && <span className="lander-online-dot" aria-hidden="true" />}
              <NameAge member={member} />
            </p>
            <p className="lander-strip-place">{place(member.city, member.country)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** adultonly: the members blurred behind the age gate; the gate is the page's call to action. */
function AgeGateTeaser({ members }: DesignProps) {
  return (
    <section className="container lander-section" aria-hidden="true">
      <div className="lander-teaser">
        {members.slice(0, 6).map((member) => (
          <LanderPhoto key={member.id} member={member} className="lander-photo lander-teaser-photo" />
        ))}
      </div>
    </section>
  );
}

/** The age gate of adultonly: yes leads into the sign-up, no leaves the site. */
export function AgeGate({ minAge }: { minAge: number }) {
  const { t } = useTranslation();
  return (
    <div className="lander-gate">
      <p className="lander-gate-question">{t('landers.adultonly.gate_question', { min_age: minAge })}</p>
      <div className="lander-actions">
        <SignupLink className="btn btn-primary btn-lg lander-cta">
          {t('landers.adultonly.gate_yes', { min_age: minAge })}
        </SignupLink>
        <a className="btn btn-outline-light btn-lg" href="https://www.google.com/" rel="noopener noreferrer">
          {t('landers.adultonly.gate_no')}
        </a>
      </div>
    </div>
  );
}

/**
 * The video landers' backdrop: a short loop the project ships (public/landers, made by
 * scripts/make-lander-video.sh), its poster the first paint; nothing waits for the video.
 */
export function VideoBackdrop() {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    // Autoplay is markup; a visitor who asked for less motion gets the still poster.
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) video.current?.pause();
  }, []);
  return (
    <video
      ref={video}
      className="lander-video"
      autoPlay
      muted
      loop
      playsInline
      preload="none"
      poster="/landers/lander-loop-poster.webp"
      aria-hidden="true"
      tabIndex={-1}
    >
      <source src="/landers/lander-loop.webm" type="video/webm" />
    </video>
  );
}

/** transitionsvideolanding: members fading one into the next over the video. */
function Transitions({ members }: DesignProps) {
  const place = usePlaceName();
  const shown = members.slice(0, 5);
  return (
    <section className="container lander-section">
      <div className="lander-transitions" style={{ '--slides': shown.length } as React.CSSProperties}>
        {shown.map((member, index) => (
          <figure
            key={member.id}
            className="lander-transition"
            style={{ '--slide': index } as React.CSSProperties}
          >
            <LanderPhoto member={member} size="full" priority={index === 0} />
            <figcaption>
              <NameAge member={member} /> · {place(member.city, member.country)}
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}

export const LANDER_DESIGNS: Record<LanderName, (props: DesignProps) => React.ReactNode> = {
  adultonly: AgeGateTeaser,
  tinderswipe: SwipeDeck,
  whoneedsstrings: (props) => <MemberStrip {...props} tone="polaroid" />,
  alonetonight: (props) => <MemberStrip {...props} tone="night" />,
  collagelanding: Collage,
  gallery: Gallery,
  iconslanding: IconGrid,
  maplanding: MemberMap,
  socialnetwork: Feed,
  transitionsvideolanding: Transitions,
  video: (props) => <MemberStrip {...props} tone="online" />,
};
