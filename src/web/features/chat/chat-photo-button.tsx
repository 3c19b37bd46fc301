import { useRef, useState } from 'react';
import type { ChatImage } from '../../../shared/contracts/chat.ts';
import { FormField } from '../../components/ui/form-field.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { HiddenPhotoInput } from '../profile/hidden-photo-input.tsx';
import { photoErrorText, photoErrorVars } from '../profile/photo-rules.ts';
import { usePickedPhoto } from '../profile/use-picked-photo.ts';
import { useSession } from '../session/member-session.tsx';
import { type ChatPhotoTarget, uploadChatPhoto } from './chat-photo-api.ts';

type Props = {
  target: ChatPhotoTarget;
  /** The partner, for the dialog's title. */
  name: string;
  /** settings.photo_credits of the conversation (the chat answer's photo_credits). */
  price: number;
  /** A free member at the conversation limit: the upsell opens instead of the file picker. */
  upsellInstead: boolean;
  onUpsell: () => void;
  /** The upload is stored: send it as an image message (the conversation's outbox path). */
  /** The uploaded image and the member's caption ('' without one). */
  onUploaded: (image: ChatImage, caption: string) => void;
};

type Phase =
  | { kind: 'preview' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'error'; text: string; canRetry: boolean };

/** A caption goes with the photo as its message's text: a line, not a letter. */
const CAPTION_MAX = 200;

/**
 * The composer's photo button: a file from the device, a preview with the price, then send (upload,
 * and the image message through the outbox, which shows sending, failed and retry) or cancel. The
 * browser's checks (type, size) come first; the server's (content, pixels) answer in the member's
 * language.
 */
export function ChatPhotoButton({ target, name, price, upsellInstead, onUpsell, onUploaded }: Props) {
  const { t } = useTranslation();
  const session = useSession();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'preview' });
  const [unreadable, setUnreadable] = useState(false);
  const [caption, setCaption] = useState('');
  // An upload the member cancelled still answers: its answer is dropped (the server removes the
  // unsent upload a day later).
  const attempt = useRef(0);
  const { file, preview, onChange, clear } = usePickedPhoto((_, problem) => {
    setUnreadable(false);
    setPhase(
      problem
        ? { kind: 'error', text: errorText(t, problem, { vars: photoErrorVars() }), canRetry: false }
        : { kind: 'preview' },
    );
  });

  const close = () => {
    attempt.current += 1;
    clear();
    setCaption('');
    setPhase({ kind: 'preview' });
  };

  const send = async () => {
    if (!file) return;
    const mine = ++attempt.current;
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const { image } = await uploadChatPhoto(file, target, {
        csrfToken: session.user?.csrf_token,
        onProgress: (fraction) => {
          if (attempt.current === mine) setPhase({ kind: 'uploading', percent: Math.round(fraction * 100) });
        },
      });
      if (attempt.current !== mine) return;
      const text = caption.trim();
      close();
      onUploaded(image, text);
    } catch (error) {
      if (attempt.current !== mine) return;
      if (error instanceof ApiError && error.code === 'conversation_limit_reached') {
        close();
        onUpsell();
        return;
      }
      // A refused photo stays refused; a lost connection or a busy server may pass the next time.
      const canRetry = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
      setPhase({ kind: 'error', text: photoErrorText(t, error), canRetry });
    }
  };

  const uploading = phase.kind === 'uploading';
  const refused = phase.kind === 'error' && !phase.canRetry;

  return (
    <>
      <button
        type="button"
        className="btn btn-outline-secondary chat-photo-button"
        aria-label={t('chat.photo.attach')}
        title={t('chat.photo.attach')}
        onClick={() => (upsellInstead ? onUpsell() : input.current?.click())}
      >
        <Icon size={22}>
          <rect x="3" y="5" width="18" height="15" rx="2" />
          <circle cx="12" cy="12.5" r="3.5" />
          <path d="M8 5l1.5-2h5L16 5" />
        </Icon>
      </button>
      <HiddenPhotoInput ref={input} onChange={onChange} />
      <Modal
        open={file !== null}
        title={t('chat.photo.title', { name })}
        closeLabel={t('chat.cancel')}
        className="chat-photo-dialog"
        onClose={close}
        footer={
          <>
            <span className="chat-photo-price me-auto">{t('chat.photo.price', { credits: price })}</span>
            <button type="button" className="btn btn-outline-secondary" onClick={close}>
              {t('chat.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-primary chat-photo-send"
              disabled={uploading || refused}
              onClick={() => void send()}
            >
              {phase.kind === 'error' && phase.canRetry ? t('chat.retry') : t('chat.photo.send')}
            </button>
          </>
        }
      >
        {preview && !unreadable && (
          <img
            className="chat-photo-preview"
            src={preview}
            alt={t('chat.photo.preview_alt')}
            // A file the browser cannot show (a renamed text, HEIC in most browsers): no broken
            // picture; the server still decides, and says why it refuses.
            onError={() => setUnreadable(true)}
          />
        )}
        <FormField
          id="chat-photo-caption"
          label={t('chat.photo.caption_label')}
          className="mt-2 mb-0"
          value={caption}
          maxLength={CAPTION_MAX}
          disabled={uploading}
          onChange={(event) => setCaption(event.target.value)}
        />
        {uploading && (
          <p className="chat-photo-status" role="status">
            {phase.percent < 100
              ? t('chat.photo.uploading', { percent: phase.percent })
              : t('chat.photo.processing')}
          </p>
        )}
        {phase.kind === 'error' && (
          <p className="alert alert-danger chat-photo-error mt-2 mb-0" role="alert">
            {phase.text}
          </p>
        )}
      </Modal>
    </>
  );
}
