import type { AppServices } from '../../services.ts';
import { safeEqual } from '../auth/tokens.ts';
import { signForMail } from './unsubscribe-links.ts';

/**
 * VERP: a notification mail's envelope sender names its member, signed, so a bounce that comes back
 * to it says whose address failed without trusting anything the bouncing server copied of the mail.
 * Lower-case hex: some mail servers fold the local part's case.
 */
const SIGNATURE_HEX = 24;
const LOCAL_PART = /^bounce\+(\d{1,15})\.([0-9a-f]+)$/;

/** The domain of the site's own addresses: MAIL_FROM's, or the public site's host. */
function mailDomainOf(env: Pick<AppServices['env'], 'mailFrom' | 'publicUrl'>): string {
  const from = env.mailFrom?.match(/@([^>\s]+)>?\s*$/)?.[1];
  return (from ?? new URL(env.publicUrl).hostname).toLowerCase();
}

const signatureOf = async (services: Pick<AppServices, 'state'>, userId: number) =>
  (await signForMail(services, 'bounce', String(userId))).toString('hex').slice(0, SIGNATURE_HEX);

/** `bounce+<member>.<signature>@<mail domain>`: the envelope sender (Return-Path) of a member's mail. */
export async function bounceAddress(
  services: Pick<AppServices, 'state' | 'env'>,
  userId: number,
): Promise<string> {
  return `bounce+${userId}.${await signatureOf(services, userId)}@${mailDomainOf(services.env)}`;
}

/** The member a bounce address names, when its signature holds; undefined for any other address. */
export async function memberOfBounceAddress(
  services: Pick<AppServices, 'state'>,
  address: string,
): Promise<number | undefined> {
  const local = address.trim().replace(/^<|>$/g, '').split('@')[0]?.toLowerCase();
  const match = local?.match(LOCAL_PART);
  if (!match?.[1] || !match[2]) return undefined;
  const userId = Number(match[1]);
  if (!Number.isSafeInteger(userId) || userId <= 0) return undefined;
  return safeEqual(match[2], await signatureOf(services, userId)) ? userId : undefined;
}
