import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type Gift, type GiftsResponse, giftImageUrl } from '../../../shared/contracts/gifts.ts';
import { FormField } from '../../components/ui/form-field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { loadOnce } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { GiftIcon } from '../members/member-icons.tsx';

/** The catalogue, once per page load (the server and the browser keep it GIFTS_MAX_AGE_SECONDS). */
const loadGifts = () => loadOnce<GiftsResponse>('/api/gifts.php').then((answer) => answer.gifts);

type Props = {
  open: boolean;
  /** The partner the gift is for. */
  name: string;
  /** The member's credits (live): gifts that cost more are shown out of reach, with the way to credits. */
  balance?: number;
  /** The note the picker opens with: a refused gift's, so it is not typed again. */
  initialNote?: string;
  onClose: () => void;
  /** The gift and the member's note with it ('' without one). */
  onChoose: (gift: Gift, note: string) => void;
};

/** A note goes with the gift as its message's text; a few words, not a letter. */
const GIFT_NOTE_MAX = 200;

/**
 * The gift picker of the composer and of the profile view: every gift with its picture, name and
 * price; choosing one is sending it (the caller sends and shows how it went).
 */
export function GiftPicker({ open, name, balance, initialNote = '', onClose, onChoose }: Props) {
  const { t } = useTranslation();
  const [gifts, setGifts] = useState<Gift[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [note, setNote] = useState(initialNote);
  // Each opening starts from the note the caller kept (a refused gift's), or none.
  useEffect(() => {
    if (open) setNote(initialNote);
  }, [open, initialNote]);
  const outOfReach = (gift: Gift) => balance !== undefined && gift.credits > balance;

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks again after a failure
  useEffect(() => {
    if (!open || gifts) return;
    let gone = false;
    setFailed(false);
    loadGifts()
      .then((list) => !gone && setGifts(list))
      .catch(() => !gone && setFailed(true));
    return () => {
      gone = true;
    };
  }, [open, gifts, attempt]);

  return (
    <Modal
      open={open}
      title={t('gifts.title', { name })}
      onClose={onClose}
      closeLabel={t('gifts.close')}
      size="lg"
      className="gift-picker"
    >
      <p className="text-body-secondary">{t('gifts.intro', { name })}</p>
      <FormField
        id="gift-note"
        label={t('gifts.note_label')}
        value={note}
        maxLength={GIFT_NOTE_MAX}
        placeholder={t('gifts.note_placeholder', { name })}
        onChange={(event) => setNote(event.target.value)}
      />
      {gifts && balance !== undefined && gifts.some(outOfReach) && (
        <p className="gift-balance alert alert-warning">
          <span>{t('gifts.balance', { count: balance })}</span>{' '}
          <Link to="/credits" className="alert-link">
            {t('gifts.buy_credits')}
          </Link>
        </p>
      )}
      {gifts ? (
        <ul className="gift-grid">
          {gifts.map((gift) => {
            const tooDear = outOfReach(gift);
            return (
              <li key={gift.id}>
                <button
                  type="button"
                  className={`gift-option${tooDear ? ' is-out-of-reach' : ''}`}
                  disabled={tooDear}
                  onClick={() => onChoose(gift, note.trim())}
                >
                  <img src={giftImageUrl(gift.slug)} alt="" width={64} height={64} loading="lazy" />
                  <span className="gift-name">{gift.name}</span>
                  <span className="gift-price">{t('gifts.price', { count: gift.credits })}</span>
                  {tooDear && <span className="gift-out-of-reach">{t('gifts.out_of_reach')}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      ) : failed ? (
        <div className="alert alert-danger d-flex align-items-center gap-2" role="alert">
          <span>{t('gifts.load_failed')}</span>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm ms-auto"
            onClick={() => setAttempt((n) => n + 1)}
          >
            {t('gifts.retry')}
          </button>
        </div>
      ) : (
        <p className="gift-loading" aria-busy="true">
          {t('gifts.loading')}
        </p>
      )}
    </Modal>
  );
}

/** The composer's gift button (beside the text; the picker shows the prices). */
export function GiftButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn-outline-primary chat-gift-button"
      onClick={onClick}
      aria-label={t('gifts.title', { name })}
      title={t('gifts.title', { name })}
    >
      <GiftIcon />
      <span className="chat-gift-button-text">{t('gifts.button')}</span>
    </button>
  );
}
