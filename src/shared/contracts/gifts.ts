import { z } from 'zod';

/** The catalogue changes rarely (an operator's edit): how long a browser and the server keep it. */
export const GIFTS_MAX_AGE_SECONDS = 300;

/** Where a gift's picture is served: drawn locally, one SVG per slug in public/gifts. */
export const giftImageUrl = (slug: string) => `/gifts/${slug}.svg`;

const GiftSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  /** In the caller's language. */
  name: z.string(),
  /** What sending it costs here: its own price, or the domain's gift_credits. */
  credits: z.number().int().positive(),
});
export type Gift = z.infer<typeof GiftSchema>;

/** GET /api/gifts.php: the active gifts, in the catalogue's order. */
export const GiftsResponseSchema = z.object({ gifts: z.array(GiftSchema) });
export type GiftsResponse = z.infer<typeof GiftsResponseSchema>;

/** The cheapest and the dearest active gift on a domain, in credits (without its own price: gift_credits). */
export type GiftPriceRange = { min: number; max: number };
