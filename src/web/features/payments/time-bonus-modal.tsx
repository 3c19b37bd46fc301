import { useState } from 'react';
import { Link } from 'react-router';
import type { TimeBonusState, User } from '../../../shared/contracts/auth.ts';
import { TIME_BONUS } from '../../../shared/discount-amounts.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { dismissForAccount } from '../../lib/dismissals.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useSession } from '../session/member-session.tsx';
import { modalAllowed } from './time-bonus.logic.ts';
import { Countdown } from './time-bonus.tsx';

const HOURS = TIME_BONUS.seconds / 3600;

/**
 * The time bonus's modal (spec §2, §4): 40 s after entering the members area, for a member with 0
 * credits who has not dismissed it, act fast, 4 hours, 25%. Closing it stores its dismissal with the
 * account. Loaded with the banner but apart from it: it never takes space on the page.
 */
export function TimeBonusModal({
  user,
  left,
}: {
  user: User & { time_bonus: TimeBonusState };
  left: number;
}) {
  const { t } = useTranslation();
  const { refresh } = useSession();
  const [closed, setClosed] = useState(false);
  const percentage = TIME_BONUS.percentage;
  const close = () => {
    setClosed(true);
    dismissForAccount('time_bonus_modal', refresh);
  };
  return (
    <Modal
      open={modalAllowed(user) && !closed}
      title={t('time_bonus.modal_title')}
      onClose={close}
      closeLabel={t('time_bonus.modal_close')}
      className="time-bonus-modal"
      cancelInFooter
      footer={
        <Link to="/credits" className="btn btn-primary" onClick={close} data-testid="time-bonus-cta">
          {t('time_bonus.modal_cta', { percentage })}
        </Link>
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
  );
}
