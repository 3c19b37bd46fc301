import { Modal } from '../../components/ui/modal.tsx';
import { useTranslation } from '../../lib/i18n.tsx';

/**
 * "Unblock {name}?" with what lifting the block means, wherever a block is lifted: the settings'
 * list and a conversation with the member blocked (its texts, group `unblock`, come with every
 * page for that). Closed while `member` is null.
 */
export function UnblockConfirm({
  member,
  pending,
  onConfirm,
  onClose,
}: {
  member: { name: string } | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={member !== null}
      title={member ? t('unblock.title', { name: member.name }) : ''}
      onClose={onClose}
      closeLabel={t('unblock.cancel')}
      cancelInFooter
      footer={
        <button type="button" className="btn btn-primary" disabled={pending} onClick={onConfirm}>
          {t('unblock.confirm')}
        </button>
      }
    >
      <p className="mb-0">{member && t('unblock.text', { name: member.name })}</p>
    </Modal>
  );
}
