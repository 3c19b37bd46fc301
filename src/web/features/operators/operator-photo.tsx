import { useRef, useState } from 'react';
import type { SendMessageResponse } from '../../../shared/contracts/chat.ts';
import type { ChatPhotoResponse } from '../../../shared/contracts/chat-photos.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { adminRequest } from '../admin/admin-api.ts';
import { HiddenPhotoInput } from '../profile/hidden-photo-input.tsx';
import { photoErrorText, photoErrorVars } from '../profile/photo-rules.ts';
import { usePickedPhoto } from '../profile/use-picked-photo.ts';

type Props = {
  conversationId: number;
  /** The answer is stored: the screen reads the conversation again. */
  onSent: () => void;
};

/**
 * The operator's photo answer: a file from the computer, a preview, then the upload as the profile
 * and the image message through the same reply as a text (both under the claim). A refused photo
 * says why in the staff member's language; a lost connection may simply be sent again.
 */
export function OperatorPhotoAnswer({ conversationId, onSent }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { file, preview, refusal, onChange, clear } = usePickedPhoto((_, refused) =>
    setProblem(refused ? errorText(t, refused, { vars: photoErrorVars() }) : null),
  );

  const cancel = () => {
    clear();
    setProblem(null);
  };

  const send = async () => {
    if (!file) return;
    setSending(true);
    setProblem(null);
    try {
      const form = new FormData();
      // The conversation before the file: the server reads the parts in order.
      form.append('conversation', String(conversationId));
      form.append('photo', file, file.name);
      const { image } = await adminRequest<ChatPhotoResponse>('/api/admin/operator-photo.php', {
        method: 'POST',
        body: form,
      });
      await adminRequest<SendMessageResponse>('/api/admin/operator-reply.php', {
        method: 'POST',
        body: {
          conversation: { id: conversationId },
          client_id: crypto.randomUUID(),
          kind: 'image',
          image: { id: image.id },
        },
      });
      clear();
      onSent();
    } catch (error) {
      setProblem(photoErrorText(t, error));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="operator-photo">
      <button type="button" className="btn btn-outline-secondary" onClick={() => input.current?.click()}>
        {t('operators.photo_attach')}
      </button>
      <HiddenPhotoInput ref={input} data-testid="operator-photo-input" onChange={onChange} />
      {file && (
        <section className="card mt-2" aria-label={t('operators.photo_title')}>
          <div className="card-body">
            {preview && (
              <img
                className="img-fluid rounded mb-2 d-block"
                style={{ maxHeight: 240 }}
                src={preview}
                alt={t('operators.photo_preview_alt')}
              />
            )}
            {problem && (
              <p className="alert alert-danger mb-2" role="alert">
                {problem}
              </p>
            )}
            <button
              type="button"
              className="btn btn-primary me-2"
              disabled={sending || refusal !== null}
              onClick={() => void send()}
            >
              {t('operators.photo_send')}
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={cancel}>
              {t('operators.photo_cancel')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
