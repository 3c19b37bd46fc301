import { isErrorEnvelope } from '../../shared/error-envelope.ts';
import { ApiError } from './api.ts';

export type UploadFormOptions = {
  csrfToken: string | undefined;
  /** 0..1 of the bytes sent; the server's processing comes after 1. */
  onProgress?: (fraction: number) => void;
  createRequest?: () => XMLHttpRequest;
};

/**
 * POSTs a multipart form (a photo upload). XMLHttpRequest rather than fetch: only it reports
 * upload progress in every browser. Errors arrive as ApiError with the server's code, like api.ts.
 */
export function uploadForm<T>(url: string, body: FormData, options: UploadFormOptions): Promise<T> {
  const xhr = options.createRequest?.() ?? new XMLHttpRequest();
  return new Promise((resolve, reject) => {
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    if (options.csrfToken) xhr.setRequestHeader('x-csrf-token', options.csrfToken);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Network error'));
    xhr.ontimeout = xhr.onerror;
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(payload as T);
        return;
      }
      reject(
        isErrorEnvelope(payload)
          ? new ApiError(xhr.status, payload.error.code, payload.error.message, payload.error.details)
          : // A proxy's own 413 page has no envelope but still means the same thing.
            xhr.status === 413
            ? new ApiError(413, 'photo_too_large', 'Too large')
            : new ApiError(xhr.status, 'http_error', xhr.statusText || 'Error'),
      );
    };
    xhr.send(body);
  });
}
