import type { ChatMessage } from '../../../shared/contracts/chat.ts';
import { giftImageUrl } from '../../../shared/contracts/gifts.ts';
import { ChatImageView } from './chat-image-view.tsx';
import type { PendingMessage } from './chat-outbox.ts';

type Shown = Pick<ChatMessage, 'kind' | 'body'> & {
  gift?: { slug: string; name: string } | null;
  image?: { thumb_url: string; url?: string; width?: number; height?: number } | null;
};

/**
 * What a bubble shows, stored or still being sent: the text; a gift's picture and name with its
 * note; an image (it opens full size) with its caption.
 */
export function MessageContent({ message }: { message: Shown | PendingMessage }) {
  const body = message.body ? <p className="chat-body">{message.body}</p> : null;
  if (message.kind === 'gift' && message.gift)
    return (
      <>
        <figure className="chat-gift">
          <img src={giftImageUrl(message.gift.slug)} alt="" width={96} height={96} />
          <figcaption>{message.gift.name}</figcaption>
        </figure>
        {body}
      </>
    );
  if (message.kind === 'image' && message.image) {
    const { image } = message;
    const size = 'width' in image && image.width && image.height ? image : null;
    return (
      <>
        <ChatImageView
          thumbUrl={image.thumb_url}
          url={'url' in image ? image.url : undefined}
          width={size?.width}
          height={size?.height}
        />
        {body}
      </>
    );
  }
  return body;
}
