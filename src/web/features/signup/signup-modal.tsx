import { Modal } from '../../components/ui/modal.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { fetchPageTexts, LazyPageTexts } from '../../lib/page-texts.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { SignupStylesheet } from './signup-styles.tsx';
import { SignupWizard } from './signup-wizard.tsx';

type Props = {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
  onFinished: () => void;
};

/** Called when the pointer reaches a sign-up link: the texts come with the code, before the click. */
export function preloadSignupTexts(language: string) {
  void fetchPageTexts(language, 'signup');
}

/** The desktop sign-up: the wizard in a dialog, loaded with its texts on the first sign-up click. */
export function SignupModal(props: Props) {
  return (
    <LazyPageTexts ns="signup" dialog={{ open: props.open, onClose: props.busy ? undefined : props.onClose }}>
      <SignupStylesheet />
      <SignupDialog {...props} />
    </LazyPageTexts>
  );
}

function SignupDialog({ open, busy, onClose, onBusyChange, onFinished }: Props) {
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
