import { Link } from 'react-router';
import { LIMITS } from '../../../shared/limits.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { CheckIcon } from './member-icons.tsx';

/** Every premium benefit of the spec (§6, §9), in the order a member cares about them here. */
const PREMIUM_BENEFITS = ['photos', 'upload', 'conversations', 'match', 'credits', 'lifetime'] as const;

/** Shown when a free member opens a locked photo: what premium brings, and the way to /premium. */
export function PremiumUpsell({ open, name, onClose }: { open: boolean; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const vars = {
    name,
    premium_photos: LIMITS.premiumPhotos,
    free_photos: LIMITS.freePhotos,
    free_conversations: LIMITS.freeConversations,
  };
  return (
    <Modal
      open={open}
      title={t('premium_upsell.title', vars)}
      onClose={onClose}
      closeLabel={t('premium_upsell.later')}
      className="premium-upsell"
      cancelInFooter
      footer={
        <Link to="/premium" className="btn btn-primary" onClick={onClose}>
          {t('premium_upsell.cta')}
        </Link>
      }
    >
      <p>{t('premium_upsell.intro', vars)}</p>
      <ul className="premium-benefits">
        {PREMIUM_BENEFITS.map((benefit) => (
          <li key={benefit}>
            <CheckIcon />
            <span>{t(`premium_upsell.benefits.${benefit}`, vars)}</span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
