import { Link, useLocation } from 'react-router';
import { Modal } from '../../components/ui/modal.tsx';
import { useTranslation } from '../../lib/i18n.tsx';

/** What a visitor tried to do; each has its own sentence (spec §6: a message per action). */
export type LoginReason = 'like' | 'unlike' | 'gift' | 'message' | 'block' | 'unblock' | 'photos';

/** Asks a visitor to log in or sign up before an action; login brings them back to this page. */
export function LoginRequiredModal({
  reason,
  name,
  onClose,
}: {
  reason: LoginReason | null;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <Modal
      open={reason !== null}
      title={t('login_required.title')}
      onClose={onClose}
      closeLabel={t('login_required.close')}
      footer={
        <>
          <Link
            to={`/login?redirect=${encodeURIComponent(pathname + search)}`}
            className="btn btn-outline-primary"
          >
            {t('login_required.login')}
          </Link>
          {/* The sign-up modal replaces this one. */}
          <Link to="/signup" data-signup="" className="btn btn-primary" onClick={onClose}>
            {t('login_required.signup')}
          </Link>
        </>
      }
    >
      {reason && <p className="mb-0">{t(`login_required.${reason}`, { name })}</p>}
    </Modal>
  );
}
