import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type { TimeBonusState, User } from '../../../shared/contracts/auth.ts';
import { TIME_BONUS } from '../../../shared/discount-amounts.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { request } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useSession } from '../session/member-session.tsx';
import { formatCountdown, modalAllowed } from './time-bonus.logic.ts';

const HOURS = TIME_BONUS.seconds / 3600;

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

function Countdown({ seconds }: { seconds: number }) {
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
 * The time bonus in the members area (spec §2, §4): a banner with the countdown linking to
 * /credits, and 40 s after entering, for a member with 0 credits who has not dismissed it, the
 * modal (act fast, 4 hours, 25%). Both go at zero; logging out or paying takes the session's
 * `time_bonus` away, and this with it. Closing the modal stores its dismissal with the account.
 */
export function TimeBonus({ user }: { user: User & { time_bonus: TimeBonusState } }) {
  const { t } = useTranslation();
  const { refresh } = useSession();
  const left = useSecondsLeft(user.time_bonus);
  const [closed, setClosed] = useState(false);
  const [due, setDue] = useState(false);
  const allowed = modalAllowed(user) && !closed;
  const bannerId = useId();
  useEffect(() => {
    if (!allowed) return;
    const timer = setTimeout(() => setDue(true), LIMITS.timeBonusModalDelayMs);
    return () => clearTimeout(timer);
  }, [allowed]);

  if (left <= 0) return null;
  const percentage = TIME_BONUS.percentage;
  const close = () => {
    setClosed(true);
    // Stored on the server (a timestamp, once); a failure costs the member one more showing at most.
    void request('/api/dismissal.php', { method: 'POST', body: { key: 'time_bonus_modal' } })
      .then(refresh)
      .catch(() => {});
  };
  return (
    <>
      <aside className="time-bonus-banner" aria-labelledby={bannerId} data-testid="time-bonus-banner">
        <Link to="/credits" className="time-bonus-link">
          <span id={bannerId}>{t('time_bonus.banner', { percentage })}</span> <Countdown seconds={left} />
          <span className="time-bonus-action">{t('time_bonus.banner_link', { percentage })}</span>
        </Link>
      </aside>
      <Modal
        open={allowed && due}
        title={t('time_bonus.modal_title')}
        onClose={close}
        closeLabel={t('time_bonus.modal_close')}
        className="time-bonus-modal"
        footer={
          <>
            <button type="button" className="btn btn-outline-secondary" onClick={close}>
              {t('time_bonus.modal_close')}
            </button>
            <Link to="/credits" className="btn btn-primary" onClick={close} data-testid="time-bonus-cta">
              {t('time_bonus.modal_cta', { percentage })}
            </Link>
          </>
        }
      >
        <p className="time-bonus-modal-percentage" aria-hidden="true">
          {t('time_bonus.badge', { percentage })}
        </p>
        <p>{t('time_bonus.modal_text', { hours: HOURS, percentage })}</p>
        <p className="mb-0">
          {t('time_bonus.modal_left')} <Countdown seconds={left} />
        </p>
      </Modal>
    </>
  );
}
