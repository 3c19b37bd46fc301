import { useDrag } from '@use-gesture/react';
import { type CSSProperties, type MouseEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MemberCard } from '../../../shared/contracts/members.ts';
import type { SwipeAction } from '../../../shared/contracts/swipe.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useDistanceLabel } from '../../lib/use-distance-label.ts';
import { dragRotation, stampOpacity, swipeDecision } from './swipe-logic.ts';

/** How long the card takes to fly out; the next one waits for it. */
export const FLY_OUT_MS = 320;

type Props = {
  member: MemberCard;
  cdnPrefix: string;
  fictionalIcon: string;
  fictionalWarning: string;
  place: string;
  /** The card is leaving this way (a drag past the threshold, a button, an arrow key). */
  leaving: SwipeAction | null;
  /** Where a drag let go of it, so it flies on from there. */
  releasedAt: { x: number; y: number } | null;
  reducedMotion: boolean;
  disabled: boolean;
  onSwipe: (action: SwipeAction, at: { x: number; y: number }) => void;
};

/**
 * The member on top of the game: it follows the pointer (mouse or finger), turns slightly, shows
 * the stamp of what letting go would do, flies out past the threshold and springs back otherwise.
 * With prefers-reduced-motion it neither turns nor flies: it follows, and is replaced.
 */
export function SwipeCard({
  member,
  cdnPrefix,
  fictionalIcon,
  fictionalWarning,
  place,
  leaving,
  releasedAt,
  reducedMotion,
  disabled,
  onSwipe,
}: Props) {
  const { t } = useTranslation();
  const distance = useDistanceLabel()(member.distance_km);
  const ref = useRef<HTMLElement>(null);
  const [drag, setDrag] = useState({ x: 0, y: 0, active: false });
  // A drag that started on the name's link must not open the profile when it ends.
  const moved = useRef(false);

  const bind = useDrag(
    ({ active, movement: [mx, my], velocity: [vx], direction: [dirX], tap }) => {
      if (disabled || tap) return;
      if (Math.abs(mx) > 4 || Math.abs(my) > 4) moved.current = true;
      if (active) {
        setDrag({ x: mx, y: my, active: true });
        return;
      }
      const width = ref.current?.offsetWidth ?? 320;
      const decision = swipeDecision(mx, vx, dirX, width);
      if (decision) onSwipe(decision, { x: mx, y: my });
      setDrag({ x: 0, y: 0, active: false });
    },
    // The game reads the arrow keys itself (the whole page, not only a focused card).
    { filterTaps: true, pointer: { keys: false } },
  );

  const onClickCapture = (event: MouseEvent) => {
    if (moved.current) {
      event.preventDefault();
      event.stopPropagation();
    }
    moved.current = false;
  };

  const width = ref.current?.offsetWidth ?? 320;
  let style: CSSProperties;
  if (leaving && !reducedMotion) {
    const from = releasedAt ?? { x: 0, y: 0 };
    const side = leaving === 'like' ? 1 : -1;
    // Out past the edge of any screen, on along the line it was dragged.
    const x = side * Math.max(window.innerWidth, 800);
    style = {
      transform: `translate3d(${x}px, ${from.y * 2}px, 0) rotate(${side * 30}deg)`,
      transition: `transform ${FLY_OUT_MS}ms ease-in, opacity ${FLY_OUT_MS}ms ease-in`,
      opacity: 0,
    };
  } else {
    style = {
      transform: `translate3d(${drag.x}px, ${drag.y}px, 0) rotate(${dragRotation(drag.x, reducedMotion)}deg)`,
      // Following the pointer: no delay. Let go short of the threshold: a spring back.
      transition:
        drag.active || reducedMotion ? 'none' : 'transform 0.35s cubic-bezier(0.175, 0.885, 0.32, 1.275)',
    };
  }
  const shownX = leaving ? (leaving === 'like' ? width : -width) : drag.x;
  const likeStamp = shownX > 0 ? stampOpacity(shownX, width) : 0;
  const passStamp = shownX < 0 ? stampOpacity(shownX, width) : 0;

  return (
    <article
      ref={ref}
      className={`swipe-card${drag.active ? ' is-dragging' : ''}`}
      style={style}
      aria-labelledby={`swipe-card-name-${member.id}`}
      onClickCapture={onClickCapture}
      {...bind()}
    >
      <div className="swipe-card-photo">
        {member.main_image ? (
          <img
            src={`${cdnPrefix}${member.main_image.filename}`}
            alt={t('swipe_game.photo_alt', { name: member.name })}
            width={600}
            height={750}
            draggable={false}
          />
        ) : (
          <span className="member-card-no-photo" aria-hidden="true">
            {member.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        {member.fictional && (
          <span className="fictional-badge" title={fictionalWarning}>
            <img src={fictionalIcon} alt="" width={18} height={18} draggable={false} />
            <span className="visually-hidden">{fictionalWarning}</span>
          </span>
        )}
        <span className="swipe-stamp swipe-stamp-like" style={{ opacity: likeStamp }} aria-hidden="true">
          {t('swipe_game.like')}
        </span>
        <span className="swipe-stamp swipe-stamp-pass" style={{ opacity: passStamp }} aria-hidden="true">
          {t('swipe_game.pass')}
        </span>
      </div>
      <div className="swipe-card-body">
        <h2 className="swipe-card-name" id={`swipe-card-name-${member.id}`}>
          <Link to={`/members/${member.id}`} draggable={false}>
            {member.name}, <span className="swipe-card-age">{member.age}</span>
          </Link>
        </h2>
        {place && <p className="swipe-card-place">{place}</p>}
        {distance && <p className="swipe-card-distance">{distance}</p>}
      </div>
    </article>
  );
}
