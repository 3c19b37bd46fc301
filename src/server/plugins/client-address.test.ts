import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';

/** What a forged or a real X-Forwarded-For does to request.ip: the per-IP limits and the GeoIP country. */
// Two apps: one behind no proxy (the default), one behind a proxy on this machine.
const { app } = await createTestApp({ LOGIN_RATE_LIMIT: '20' });
const proxied = (await createTestApp({ TRUST_PROXY: 'loopback' })).app;

describe('the client address', () => {
  describe('behind no proxy (the default)', () => {
    it('a forged X-Forwarded-For does not escape the per-IP login limit', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        const answer = await app.inject({
          method: 'POST',
          url: '/api/user.php',
          remoteAddress: '198.51.100.7',
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
          payload: { email: `nobody${i}@example.nl`, password: 'wrong-password' },
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses[20]).toBe(429);
    });

    it('a forged X-Forwarded-For does not choose the GeoIP country', async () => {
      const answer = await app.inject({
        url: '/api/settings.php',
        remoteAddress: '145.53.1.1',
        headers: { 'x-forwarded-for': '81.2.69.142' },
      });
      expect(answer.json().geoip_country).toBe('NL');
    });
  });

  describe('behind one trusted proxy (TRUST_PROXY=loopback)', () => {
    it('takes the address the proxy saw, not what the client put in front of it', async () => {
      const answer = await proxied.inject({
        url: '/api/settings.php',
        remoteAddress: '127.0.0.1',
        // The client forged the first entry; the proxy appended the address it saw.
        headers: { 'x-forwarded-for': '145.53.1.1, 81.2.69.142' },
      });
      expect(answer.json().geoip_country).toBe('GB');
    });

    it('ignores the header from a peer that is not the proxy', async () => {
      const answer = await proxied.inject({
        url: '/api/settings.php',
        remoteAddress: '145.53.1.1',
        headers: { 'x-forwarded-for': '81.2.69.142' },
      });
      expect(answer.json().geoip_country).toBe('NL');
    });
  });
});
