import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { uploadPhoto } from './upload-photo.ts';

/** Just enough of XMLHttpRequest to drive uploadPhoto by hand. */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  answer(status: number, payload: unknown) {
    this.status = status;
    this.responseText = typeof payload === 'string' ? payload : JSON.stringify(payload);
    this.onload?.();
  }
}

const file = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });

function start(makePrivate = false) {
  const xhr = new FakeXhr();
  const progress: number[] = [];
  const result = uploadPhoto(file(), {
    makePrivate,
    csrfToken: 'token-1',
    onProgress: (f) => progress.push(f),
    createRequest: () => xhr as unknown as XMLHttpRequest,
  });
  return { xhr, progress, result };
}

describe('uploadPhoto', () => {
  it('posts the file with the CSRF token and reports progress', async () => {
    const { xhr, progress, result } = start(true);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/photos.php');
    expect(xhr.headers['x-csrf-token']).toBe('token-1');
    expect(xhr.body?.get('private')).toBe('true');
    expect((xhr.body?.get('photo') as File | undefined)?.name).toBe('me.jpg');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 0, total: 0 });
    xhr.answer(201, { photo: { id: 5 } });
    await expect(result).resolves.toEqual({ photo: { id: 5 } });
    expect(progress).toEqual([0.25]);
  });

  it('sends no private field for a public photo', () => {
    const { xhr } = start(false);
    expect(xhr.body?.has('private')).toBe(false);
  });

  it('turns the error envelope into an ApiError with the code and details', async () => {
    const { xhr, result } = start();
    xhr.answer(403, { error: { code: 'photo_limit_reached', message: 'x', details: { limit: 3 } } });
    await expect(result).rejects.toMatchObject({
      status: 403,
      code: 'photo_limit_reached',
      details: { limit: 3 },
    });
  });

  it('reads a bare 413 as too large and a dropped connection as a network error', async () => {
    const a = start();
    a.xhr.answer(413, '<html>too large</html>');
    await expect(a.result).rejects.toMatchObject({ code: 'photo_too_large' });
    const b = start();
    b.xhr.onerror?.();
    await expect(b.result).rejects.toBeInstanceOf(ApiError);
    await expect(b.result).rejects.toMatchObject({ code: 'network_error' });
  });
});
