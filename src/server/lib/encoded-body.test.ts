import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES, encodeBody, negotiateBody } from './encoded-body.ts';

const large = JSON.stringify({ text: 'liefde '.repeat(400) });

describe('encoded bodies', () => {
  it('gives brotli before gzip, plain without an accepted encoding', () => {
    const body = encodeBody(large);
    const br = negotiateBody(body, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.bytes).toString()).toBe(large);
    const gzip = negotiateBody(body, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe(large);
    expect(negotiateBody(body, undefined)).toEqual({ encoding: undefined, bytes: Buffer.from(large) });
    expect(negotiateBody(body, 'identity').encoding).toBeUndefined();
  });

  it('compresses each encoding once, on first demand', () => {
    const body = encodeBody(large, 4);
    expect(body.br).toBeUndefined();
    const first = negotiateBody(body, 'br').bytes;
    expect(negotiateBody(body, 'br').bytes).toBe(first);
    expect(body.gzip).toBeUndefined();
  });

  it('leaves bodies under the threshold plain', () => {
    const small = JSON.stringify({ text: 'x'.repeat(COMPRESS_THRESHOLD_BYTES - 20) });
    expect(negotiateBody(encodeBody(small), 'br, gzip')).toEqual({
      encoding: undefined,
      bytes: Buffer.from(small),
    });
  });
});
