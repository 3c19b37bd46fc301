import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { User } from '../../../shared/contracts/auth.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { LazyPageTexts } from '../../lib/page-texts.tsx';
import { ResendActivationLink, useResendActivation } from './resend-activation.tsx';
import { SignupStylesheet } from './signup-styles.tsx';
import { isSmartphoneViewport } from './signup-viewport.ts';

const SIGNUP_COMPLETE_PARAM = 'api_signup_complete';

/**
 * `?api_signup_complete` (set after a sign-up outside the wizard, e.g. on a lander) reminds a
 * smartphone user to confirm the e-mail address; on desktop the sign-up flow itself says so.
 */
export function ActivationReminder({ user }: { user: User | null }) {
  return (
    <LazyPageTexts ns="signup" dialog={{ open: reminderApplies(user) }}>
      <SignupStylesheet />
      <Reminder user={user} />
    </LazyPageTexts>
  );
}

/** Decided in the browser (the component only renders there): the server does not know the screen width. */
function reminderApplies(user: User | null): boolean {
  return !user?.email_confirmed && isSmartphoneViewport();
}

function Reminder({ user }: { user: User | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const flagged = new URLSearchParams(location.search).has(SIGNUP_COMPLETE_PARAM);
  const needsActivation = reminderApplies(user);
  const [open, setOpen] = useState(false);
  const { state, resend } = useResendActivation(user?.csrf_token);

  useEffect(() => {
    if (flagged && needsActivation) setOpen(true);
  }, [flagged, needsActivation]);

  const close = () => {
    setOpen(false);
    // Drop the parameter so a reload or a shared link does not show the reminder again.
    const params = new URLSearchParams(location.search);
    params.delete(SIGNUP_COMPLETE_PARAM);
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  };

  if (!open) return null;
  return (
    <Modal
      open={open}
      title={t('activation.reminder_title')}
      closeLabel={t('signup.close')}
      onClose={close}
      className="activation-reminder"
      footer={
        <button type="button" className="btn btn-primary" onClick={close}>
          {t('activation.reminder_ok')}
        </button>
      }
    >
      <div className="activation-reminder-icon" aria-hidden="true">
        ✉
      </div>
      <p>
        {user ? t('activation.reminder_text_email', { email: user.email }) : t('activation.reminder_text')}
      </p>
      <p className="small text-body-secondary">{t('signup.inbox.spam_hint')}</p>
      {user && (
        <ResendActivationLink
          state={state}
          resend={resend}
          buttonClassName="btn btn-link signup-link-button"
        />
      )}
    </Modal>
  );
}
