import { Modal } from '../../components/ui/modal.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { useRootData } from '../../root.tsx';
import { SignupWizard } from './signup-wizard.tsx';

type Props = {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
  onFinished: () => void;
};

/** The desktop sign-up: the wizard in a dialog, loaded on the first sign-up click. */
export function SignupModal({ open, busy, onClose, onBusyChange, onFinished }: Props) {
  const { t } = useTranslation();
  const root = useRootData();
  if (!root) return null;
  return (
    <Modal
      open={open}
      size="lg"
      className="signup-dialog"
      title={t('signup.title')}
      closeLabel={t('signup.close')}
      // While the account is being created neither Escape, the backdrop nor a button closes it.
      onClose={busy ? undefined : onClose}
    >
      <SignupWizard
        settings={root.settings}
        variant="modal"
        onBusyChange={onBusyChange}
        onFinished={onFinished}
      />
    </Modal>
  );
}
