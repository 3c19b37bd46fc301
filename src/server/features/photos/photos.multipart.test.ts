import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { createMember, logIn } from '../../test/members.ts';
import { makeTestJpeg, multipartBody } from '../../test/photo-fixtures.ts';

/** Bodies that are not the multipart form they claim to be: the client's fault, a 4xx with a code. */
const { app, services } = await createTestApp({ PHOTO_UPLOAD_RATE_LIMIT: '1000' });
const login = await logIn(services.db, (await createMember(services.db)).id);

const post = (payload: string | Buffer, contentType: string) =>
  app.inject({
    method: 'POST',
    url: '/api/photos.php',
    payload,
    cookies: login.cookies,
    headers: { ...login.headers, 'content-type': contentType },
  });

describe('POST /api/photos.php with a malformed multipart body', () => {
  it('a JSON body under a multipart boundary is a 400 bad_request', async () => {
    const res = await post('{"photo":"x"}', 'multipart/form-data; boundary=xyz');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
  });

  it('so is a multipart type without a boundary, and a body cut off in the middle of its file', async () => {
    expect((await post('{"photo":"x"}', 'multipart/form-data')).statusCode).toBe(400);
    const whole = await multipartBody({
      photo: { data: await makeTestJpeg(400, 300), filename: 'a.jpg', type: 'image/jpeg' },
    });
    const cut = await post(whole.payload.subarray(0, 600), whole.headers['content-type']);
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error.code).toBe('bad_request');
  });

  it('more parts than an upload has is a 413 payload_too_large', async () => {
    const fields = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`field${i}`, 'x']));
    const body = await multipartBody(fields);
    const res = await post(body.payload, body.headers['content-type']);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });
});
