import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { hashToken } from '../auth/tokens.ts';

/** RFC 6238 with the defaults every authenticator app reads: SHA-1, 6 digits, 30 seconds. */
const PERIOD_S = 30;

function totpOf(secret: string, label = 'staff') {
  return new TOTP({
    issuer: 'Liefdesplein',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const totpUri = (secret: string, email: string) => totpOf(secret, email).toString();

/** The QR code of the otpauth:// address, as an SVG drawn on the server (no script, no request). */
export const totpQrSvg = (uri: string) => QRCode.toString(uri, { type: 'svg', margin: 1 });

export const currentTotpCode = (secret: string, now: Date) =>
  totpOf(secret).generate({ timestamp: now.getTime() });

/**
 * The time step the code belongs to, if it is valid now or one step either side (a clock a little
 * off), else null. The step is kept after a login so the same code never serves twice.
 */
export function totpStepOf(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}

const RECOVERY_CODES = 10;

/** Ten single-use codes (xxxxx-xxxxx, 50 bits each), shown once; only their hashes are kept. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const raw = randomBytes(8).toString('hex').slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

export const hashRecoveryCode = (code: string) => hashToken(`recovery:${code.trim().toLowerCase()}`);
