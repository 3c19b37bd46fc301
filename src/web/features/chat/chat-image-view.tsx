import { useState } from 'react';
import { Modal } from '../../components/ui/modal.tsx';
import { useTranslation } from '../../lib/i18n.tsx';

type Props = {
  /** The bubble's size (medium). */
  thumbUrl: string;
  /** The large size the viewer opens; absent while the message is still being sent. */
  url?: string;
  width?: number;
  height?: number;
};

/** A chat image in its bubble; a click opens it large in a dialog (Escape or the backdrop closes). */
export function ChatImageView({ thumbUrl, url, width, height }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="chat-image-open"
        aria-label={t('chat.photo.open')}
        onClick={() => setOpen(true)}
      >
        <img className="chat-image" src={thumbUrl} alt="" width={width} height={height} loading="lazy" />
      </button>
      <Modal
        open={open}
        size="xl"
        className="chat-image-viewer"
        title={t('chat.photo.viewer_title')}
        closeLabel={t('chat.photo.close')}
        onClose={() => setOpen(false)}
      >
        {open && (
          <div className="chat-image-viewer-stage">
            <img src={url ?? thumbUrl} alt={t('chat.photo.viewer_alt')} width={width} height={height} />
          </div>
        )}
      </Modal>
    </>
  );
}
