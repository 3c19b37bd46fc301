import { useDrag } from '@use-gesture/react';
import { useEffect } from 'react';
import type { MemberPhoto } from '../../../shared/contracts/members.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { stepPhoto } from './member-details.ts';
import { ChevronIcon } from './member-icons.tsx';

type Props = {
  /** The photos this viewer may see in full (locked ones open the upsell instead). */
  photos: readonly MemberPhoto[];
  /** The photo shown, or null when closed. */
  index: number | null;
  name: string;
  cdnPrefix: string;
  onIndex: (index: number) => void;
  onClose: () => void;
};

/** The photo viewer: large photos, arrow keys and buttons to step, a swipe on touch screens. */
export function PhotoViewer({ photos, index, name, cdnPrefix, onIndex, onClose }: Props) {
  const { t } = useTranslation();
  const open = index !== null && photos.length > 0;
  const current = open ? photos[index] : undefined;
  const count = photos.length;
  const step = (delta: number) => {
    if (index !== null) onIndex(stepPhoto(index, delta, count));
  };

  // The dialog keeps focus inside; arrow keys anywhere in it step through the photos.
  useEffect(() => {
    if (!open || index === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') onIndex(stepPhoto(index, 1, count));
      else if (event.key === 'ArrowLeft') onIndex(stepPhoto(index, -1, count));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, index, count, onIndex]);

  // A horizontal swipe steps; vertical movement stays the page's (touch-action: pan-y in CSS).
  const bind = useDrag(
    ({ swipe: [swipeX] }) => {
      if (swipeX === -1) step(1);
      else if (swipeX === 1) step(-1);
    },
    { axis: 'x', filterTaps: true },
  );

  return (
    <Modal
      open={open}
      size="xl"
      className="photo-viewer"
      title={t('photo_viewer.title', { name })}
      closeLabel={t('photo_viewer.close')}
      onClose={onClose}
    >
      {current && index !== null && (
        <div className="photo-viewer-stage" {...bind()}>
          <img
            key={current.id}
            src={`${cdnPrefix}${current.large_filename}`}
            alt={t('member_view.photo_alt', { name, index: index + 1, count })}
            width={current.width}
            height={current.height}
            draggable={false}
          />
          {count > 1 && (
            <>
              <button
                type="button"
                className="photo-viewer-nav photo-viewer-prev"
                aria-label={t('photo_viewer.previous')}
                onClick={() => step(-1)}
              >
                <ChevronIcon direction="left" />
              </button>
              <button
                type="button"
                className="photo-viewer-nav photo-viewer-next"
                aria-label={t('photo_viewer.next')}
                onClick={() => step(1)}
              >
                <ChevronIcon direction="right" />
              </button>
            </>
          )}
          <p className="photo-viewer-position" aria-live="polite">
            {t('photo_viewer.position', { index: index + 1, count })}
          </p>
        </div>
      )}
    </Modal>
  );
}
