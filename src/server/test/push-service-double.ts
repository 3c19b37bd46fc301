import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's side of a subscription: what it posts, and the private key only it holds. */
export type TestDevice = {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  authSecret: Buffer;
};

/** A push the double took: for which device, its headers, and the payload it decrypted. */
export type ReceivedPush = { device: TestDevice; headers: http.IncomingHttpHeaders; payload: unknown };

/** A browser's subscription keys (P-256, RFC 8291), with an endpoint under a push service's path. */
function createTestDevice(): TestDevice {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    subscription: {
      endpoint: `https://push.example/send/${randomUUID()}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    },
    ecdh,
    authSecret,
  };
}

/**
 * RFC 8291 (aes128gcm, RFC 8188) by hand: the sender's encryption is the thing under test, so it is
 * undone here with node:crypto alone. One record; its padding ends at the 0x02 delimiter.
 */
export function decryptPush(body: Buffer, device: TestDevice): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const secret = device.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, device.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('push: no last-record delimiter');
  return padded.subarray(0, end);
}

/**
 * The VAPID header (RFC 8292): `vapid t=<JWT>, k=<public key>`; the JWT signed ES256 by that key,
 * for this push service's origin, not expired, with a contact. Answers why it is refused, or null.
 */
export function vapidRefusal(header: string | undefined, origin: string, publicKey: string): string | null {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) return 'no vapid authorization';
  if (match[2] !== publicKey) return 'another key';
  const [head, claims, signature] = match[1].split('.') as [string, string, string];
  const point = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return 'bad signature';
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') return 'not ES256';
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (body.aud !== origin) return `audience ${body.aud}`;
  if (!body.exp || body.exp * 1000 < Date.now() || body.exp * 1000 > Date.now() + 86_400_000) return 'expiry';
  if (!body.sub?.startsWith('mailto:') && !body.sub?.startsWith('https:')) return 'no contact';
  return null;
}

/**
 * A push service on this machine (PUSH_SERVICE_URL), as the browsers' are: it checks each push's
 * VAPID signature, decrypts it with the device's private key, and answers what the test says per
 * device (201 unless told: 410 for a subscription the browser dropped, 500 for an outage).
 */
export async function startPushServiceDouble(vapidPublicKey: () => string, port = 0) {
  const devices = new Map<string, TestDevice>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const device = devices.get(request.url ?? '');
      const refusal =
        request.method !== 'POST'
          ? 'method'
          : !device
            ? 'unknown subscription'
            : request.headers['content-encoding'] !== 'aes128gcm'
              ? 'content-encoding'
              : !request.headers.ttl
                ? 'no TTL'
                : vapidRefusal(request.headers.authorization, origin, vapidPublicKey());
      if (refusal || !device) {
        refused.push(refusal ?? 'unknown');
        response.writeHead(device ? 401 : 404).end();
        return;
      }
      const status = answers.get(request.url ?? '') ?? 201;
      if (status === 201) {
        const payload = JSON.parse(decryptPush(Buffer.concat(chunks), device).toString('utf8'));
        received.push({ device, headers: request.headers, payload });
      }
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    /** A device whose pushes this double takes. */
    device(): TestDevice {
      const device = createTestDevice();
      devices.set(new URL(device.subscription.endpoint).pathname, device);
      return device;
    },
    /** What the double answers this device's pushes from now on. */
    answer(device: TestDevice, status: number) {
      answers.set(new URL(device.subscription.endpoint).pathname, status);
    },
    received,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
