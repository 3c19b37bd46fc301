import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { SwipeState } from '../../../shared/contracts/swipe.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { HeartIcon } from '../members/member-icons.tsx';
import { formatCountdown, formatResetTime } from './swipe-logic.ts';

/** hh:mm:ss to the member's next midnight, every second; when it runs out the game is read again. */
function Countdown({ resetsAt, onDone }: { resetsAt: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const end = Date.parse(resetsAt);
    const timer = setInterval(() => {
      const current = new Date();
      setNow(current);
      if (current.getTime() >= end) {
        clearInterval(timer);
        done.current();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [resetsAt]);
  return (
    <p className="swipe-countdown">
      <span className="visually-hidden">{t('swipe_game.countdown_label')}</span>
      {/* The server's second and the browser's differ: the text is the browser's from the first tick. */}
      <time role="timer" dateTime={resetsAt} className="swipe-countdown-time" suppressHydrationWarning>
        {formatCountdown(new Date(resetsAt), now)}
      </time>
    </p>
  );
}

type Props = {
  state: Pick<SwipeState, 'resets_at' | 'time_zone'>;
  /** Premium members have the same daily likes: they see when they come back, without the upsell. */
  premium: boolean;
  /** The settings' premium claim (the spec's "46% higher match chance"). */
  matchChance: number;
  searchHref: string;
  onDone: () => void;
};

/**
 * The game at the day's limit, never a dead end: when the likes come back (the time in the member's
 * language and zone, and the countdown), the search where likes do not count against the game's,
 * and for a free member what premium gives, with the way to /premium.
 */
export function SwipeLimit({ state, premium, matchChance, searchHref, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const time = formatResetTime(state.resets_at, i18n.language, state.time_zone);
  return (
    <section className="swipe-limit" aria-labelledby="swipe-limit-title">
      <HeartIcon filled />
      <h2 id="swipe-limit-title" className="h4">
        {t('swipe_game.limit_title')}
      </h2>
      <p className="mb-1">{t('swipe_game.limit_text')}</p>
      {/* Node's and the browser's Intl may space a 12-hour time differently. */}
      <p className="mb-0" suppressHydrationWarning>
        {t('swipe_game.limit_when', { time })}
      </p>
      <Countdown resetsAt={state.resets_at} onDone={onDone} />
      <p className="swipe-limit-search">{t('swipe_game.limit_search')}</p>
      <Link to={searchHref} className="btn btn-outline-primary">
        {t('swipe_game.empty_link')}
      </Link>
      {!premium && (
        <div className="swipe-limit-premium">
          <h3 className="swipe-limit-premium-title">
            {t('swipe_game.limit_premium_title', { percent: matchChance })}
          </h3>
          <p>{t('swipe_game.limit_premium_text')}</p>
          <Link to="/premium" className="btn btn-primary">
            {t('swipe_game.limit_premium_cta')}
          </Link>
        </div>
      )}
    </section>
  );
}
