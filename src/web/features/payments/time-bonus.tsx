import { Suspense, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type { TimeBonusState, User } from '../../../shared/contracts/auth.ts';
import { TIME_BONUS } from '../../../shared/discount-amounts.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { lazyNamed } from '../../lib/on-demand.ts';
import { formatCountdown, modalAllowed } from './time-bonus.logic.ts';

// Shown 40 s after entering, to a few members: its code is loaded when it is due, not before.
const TimeBonusModal = lazyNamed(() => import('./time-bonus-modal.tsx').then((m) => m.TimeBonusModal));

/**
 * The seconds left of the bonus, ticking every second. Counted from the server's `seconds_left`
 * when that answer arrived, by this device's clock only as a stopwatch: a device whose clock is
 * off by hours still ends the bonus when the server does. Every session refresh sets it anew.
 */
function useSecondsLeft(bonus: TimeBonusState): number {
  const [left, setLeft] = useState(bonus.seconds_left);
  useEffect(() => {
    const start = Date.now();
    const tick = () => setLeft(Math.max(0, bonus.seconds_left - Math.floor((Date.now() - start) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [bonus.seconds_left]);
  return left;
}

export function Countdown({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const text = formatCountdown(seconds);
  const [hours, minutes, secs] = text.split(':');
  return (
    <span
      className="time-bonus-countdown"
      role="timer"
      aria-label={t('time_bonus.countdown_label', { hours, minutes, seconds: secs })}
      data-testid="time-bonus-countdown"
    >
      {text}
    </span>
  );
}

/**
 * Whether the modal is due: 40 s after entering, counted here with the page rather than in the
 * modal's own chunk, which would start counting only once it had loaded.
 */
function useModalDue(allowed: boolean): boolean {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!allowed) return;
    const timer = setTimeout(() => setDue(true), LIMITS.timeBonusModalDelayMs);
    return () => clearTimeout(timer);
  }, [allowed]);
  return due;
}

/**
 * The time bonus in the members area (spec §2, §4): a banner with the countdown linking to
 * /credits, rendered with the page (it takes a line above the content, so it must be in the first
 * paint: a banner that arrived later pushed the page down, a layout shift of 0.063 on /premium),
 * and the modal, whose code loads apart (time-bonus-modal.tsx). Both go at zero; logging out or
 * paying takes the session's `time_bonus` away, and this with it.
 */
export function TimeBonus({ user }: { user: User & { time_bonus: TimeBonusState } }) {
  const { t } = useTranslation();
  const left = useSecondsLeft(user.time_bonus);
  const bannerId = useId();
  const due = useModalDue(modalAllowed(user));
  if (left <= 0) return null;
  const percentage = TIME_BONUS.percentage;
  return (
    <>
      <aside className="time-bonus-banner" aria-labelledby={bannerId} data-testid="time-bonus-banner">
        <Link to="/credits" className="time-bonus-link">
          <span id={bannerId}>{t('time_bonus.banner', { percentage })}</span> <Countdown seconds={left} />
          <span className="time-bonus-action">{t('time_bonus.banner_link', { percentage })}</span>
        </Link>
      </aside>
      {due && (
        <Suspense fallback={null}>
          <TimeBonusModal user={user} left={left} />
        </Suspense>
      )}
    </>
  );
}
