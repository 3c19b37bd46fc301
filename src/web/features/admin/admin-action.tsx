import { type ComponentProps, useState } from 'react';
import { Modal } from '../../components/ui/modal.tsx';
import { formErrorText, readApiError } from '../../lib/api-form-errors.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import type { AdminNoticeValue } from './admin-notice.tsx';

/**
 * The changes a back-office page makes with one click each (hide a profile, disable a staff
 * member): one at a time, `busy` while it runs so the page's buttons wait, and the outcome said in
 * the page's notice. `after` runs once a change succeeded (a load of the list again); a failure
 * there is said like the change's own.
 */
export function useAdminAction(onNotice: (notice: AdminNoticeValue) => void, after?: () => Promise<unknown>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>, success: string) => {
    setBusy(true);
    try {
      await call();
      onNotice({ kind: 'success', text: success });
      await after?.();
    } catch (error) {
      const { form } = readApiError(error, []);
      onNotice({ kind: 'error', text: form ? formErrorText(t, form, form.vars) : t('errors.general') });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

type AdminActionButtonProps = Omit<ComponentProps<'button'>, 'type' | 'disabled' | 'onClick'> & {
  action: ReturnType<typeof useAdminAction>;
  call: () => Promise<unknown>;
  /** The notice once the call succeeded. */
  success: string;
  /**
   * A change that locks someone out or cannot be undone asks first: a dialog with its title, what
   * it does, the button's own words to go on, and `cancel`.
   */
  confirm?: { title: string; text: string; cancel: string };
};

/** A button that runs one change of its page's `useAdminAction`; it waits while any of them runs. */
export function AdminActionButton({ action, call, success, confirm, ...button }: AdminActionButtonProps) {
  const [asking, setAsking] = useState(false);
  const go = () => {
    setAsking(false);
    void action.run(call, success);
  };
  return (
    <>
      <button
        type="button"
        disabled={action.busy}
        onClick={() => (confirm ? setAsking(true) : go())}
        {...button}
      />
      {confirm && asking && (
        <Modal
          open
          title={confirm.title}
          onClose={() => setAsking(false)}
          closeLabel={confirm.cancel}
          cancelInFooter
          footer={
            <button type="button" className="btn btn-danger" onClick={go}>
              {button.children}
            </button>
          }
        >
          <p className="mb-0">{confirm.text}</p>
        </Modal>
      )}
    </>
  );
}
