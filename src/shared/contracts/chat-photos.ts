import { z } from 'zod';
import { ChatImageSchema } from './chat.ts';

const FieldId = z.coerce.number().int().positive();

/**
 * POST /api/chat-photo.php, multipart/form-data: the file in `photo` and the target in `to` (a
 * member: the first message will create the conversation) or `conversation`, the same target the
 * image message is then sent to. Fields before the file, as browsers send a FormData in order.
 */
export const ChatPhotoFieldsSchema = z
  .object({
    to: FieldId.optional(),
    conversation: FieldId.optional(),
  })
  .refine((fields) => (fields.to === undefined) !== (fields.conversation === undefined), {
    error: 'invalid_request',
  });

/** The same form for the API document, where the file is a binary field. */
export const ChatPhotoFormSchema = z
  .object({
    to: z.string().optional(),
    conversation: z.string().optional(),
    photo: z.string().meta({ format: 'binary', description: 'The image file' }),
  })
  .nullish();

/** The stored upload, to be sent with POST /api/chat-message.php `{ kind: 'image', image: { id } }`. */
export const ChatPhotoResponseSchema = z.object({ image: ChatImageSchema });
export type ChatPhotoResponse = z.infer<typeof ChatPhotoResponseSchema>;
