import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { createMember, logIn, type TestLogin } from '../../test/members.ts';
import { makeTestJpeg, multipartBody } from '../../test/photo-fixtures.ts';

const { app, services } = await createTestApp({ PHOTO_UPLOAD_RATE_LIMIT: '2' });
const jpeg = await makeTestJpeg(300, 300);

async function upload(login: TestLogin, remoteAddress: string) {
  const body = await multipartBody({ photo: { data: jpeg, filename: 'a.jpg', type: 'image/jpeg' } });
  return app.inject({
    method: 'POST',
    url: '/api/photos.php',
    payload: body.payload,
    cookies: login.cookies,
    headers: { ...login.headers, ...body.headers },
    remoteAddress,
  });
}

describe('upload rate limit', () => {
  it('counts per member, not per address', async () => {
    const a = await logIn(services.db, (await createMember(services.db)).id);
    const b = await logIn(services.db, (await createMember(services.db)).id);
    expect((await upload(a, '10.0.0.1')).statusCode).toBe(200);
    expect((await upload(a, '10.0.0.2')).statusCode).toBe(200);
    const third = await upload(a, '10.0.0.3');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('rate_limited');
    // Another member behind the same address still uploads.
    expect((await upload(b, '10.0.0.3')).statusCode).toBe(200);
  });
});
