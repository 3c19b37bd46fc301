import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * A JSON answer that many requests share, kept as bytes with its compressed forms made once, on
 * the first request that accepts each. Encoding the same string to UTF-8 and compressing it again
 * on every response was the largest cost of the hottest calls (docs/performance.md).
 */
export type EncodedBody = {
  readonly json: Buffer;
  readonly brotliQuality: number;
  /** Smaller bodies go out plain, as with the compress plugin's threshold (app.ts). */
  readonly compressible: boolean;
  br?: Buffer;
  gzip?: Buffer;
};

export const COMPRESS_THRESHOLD_BYTES = 1024;

/** brotliQuality: 11 for answers that live until settings change, lower for those rebuilt often. */
export function encodeBody(json: string, brotliQuality = 11): EncodedBody {
  const bytes = Buffer.from(json);
  return { json: bytes, brotliQuality, compressible: bytes.length >= COMPRESS_THRESHOLD_BYTES };
}

/** The bytes for a request's Accept-Encoding (brotli first, then gzip, else plain). */
export function negotiateBody(
  body: EncodedBody,
  acceptEncoding: string | undefined,
): { encoding: 'br' | 'gzip' | undefined; bytes: Buffer } {
  const accepted = body.compressible ? (acceptEncoding ?? '') : '';
  if (/\bbr\b/.test(accepted)) {
    body.br ??= brotliCompressSync(body.json, {
      params: { [constants.BROTLI_PARAM_QUALITY]: body.brotliQuality },
    });
    return { encoding: 'br', bytes: body.br };
  }
  if (/\bgzip\b/.test(accepted)) {
    body.gzip ??= gzipSync(body.json);
    return { encoding: 'gzip', bytes: body.gzip };
  }
  return { encoding: undefined, bytes: body.json };
}
