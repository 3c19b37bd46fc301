import { ICEBREAKER_LINES } from '../../../shared/icebreakers.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { useTranslation } from '../../lib/i18n.tsx';

/** An empty conversation's offer: a member who does not know how to begin opens the icebreakers. */
export function IcebreakerOffer({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <p className="icebreaker-offer">
      <span className="text-body-secondary">{t('icebreakers.offer')}</span>{' '}
      <button type="button" className="btn btn-outline-primary btn-sm" onClick={onOpen}>
        {t('icebreakers.open')}
      </button>
    </p>
  );
}

type Props = {
  open: boolean;
  name: string;
  /** What a text costs here (the conversation's message_credits): shown on every line. */
  credits: number;
  /** The landing flow's free texts left to this member: while there are, a line costs nothing. */
  freeLeft?: number;
  onClose: () => void;
  /** Called with the line in the member's language; the caller sends it as the first message. */
  onChoose: (line: string) => void;
};

/** Opening lines for a first message, each with its price; choosing one sends it. */
export function IcebreakerPicker({ open, name, credits, freeLeft = 0, onClose, onChoose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('icebreakers.title')}
      onClose={onClose}
      closeLabel={t('icebreakers.close')}
      className="icebreaker-picker"
    >
      <p className="text-body-secondary">{t('icebreakers.intro', { name })}</p>
      <ul className="icebreaker-list">
        {ICEBREAKER_LINES.map((key) => {
          const line = t(`icebreakers.lines.${key}`, { name });
          return (
            <li key={key}>
              <button type="button" className="icebreaker-option" onClick={() => onChoose(line)}>
                <span className="icebreaker-line">{line}</span>
                <span className="icebreaker-price">
                  {freeLeft > 0 ? t('icebreakers.free') : t('icebreakers.price', { count: credits })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
