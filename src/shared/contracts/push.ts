import { z } from 'zod';

/** base64url (RFC 4648 §5) of exactly `bytes` bytes, with or without the padding browsers leave out. */
const base64urlOf = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .refine((value) => Math.floor((value.replace(/=+$/, '').length * 3) / 4) === bytes);

/**
 * A browser's PushSubscription as its toJSON() gives it: the push service's https endpoint and the
 * keys the payload is encrypted for (RFC 8291: a P-256 point, uncompressed, and a 16-byte secret).
 */
const PushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2_048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64urlOf(65), auth: base64urlOf(16) }),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionSchema>;

/** POST /api/user.php?push=1: the spec's body. */
export const PushSubscribeInputSchema = z.object({ subscription: PushSubscriptionSchema });
export type PushSubscribeInput = z.infer<typeof PushSubscribeInputSchema>;

/** DELETE /api/user.php?push=1: this device's subscription goes (switched off, or the member logs out). */
export const PushUnsubscribeInputSchema = z.object({ endpoint: z.url().max(2_048) });
export type PushUnsubscribeInput = z.infer<typeof PushUnsubscribeInputSchema>;

/** What a push carries to the service worker (public/sw-push.js): shown as is, `url` opened on a click. */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The page the push is about, opened when the member is logged in (the spec's check URL). */
  url: z.string(),
  /** Opened instead when the member is not logged in on that browser any more (the open URL). */
  openUrl: z.string(),
  tag: z.string(),
  /** Unread messages plus new likes, for the app badge; absent when unknown. */
  badge: z.number().int().nonnegative().optional(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
