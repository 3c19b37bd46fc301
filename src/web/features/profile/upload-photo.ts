import type { OwnPhoto } from '../../../shared/contracts/photos.ts';
import { type UploadFormOptions, uploadForm } from '../../lib/upload-form.ts';

type UploadOptions = UploadFormOptions & {
  makePrivate: boolean;
  onProgress: (fraction: number) => void;
};

/** POST /api/photos.php as multipart, with upload progress (lib/upload-form.ts). */
export function uploadPhoto(file: File, options: UploadOptions): Promise<{ photo: OwnPhoto }> {
  const body = new FormData();
  // Fields before the file: the server reads the stream in order and knows the flag before the bytes.
  if (options.makePrivate) body.append('private', 'true');
  body.append('photo', file, file.name);
  return uploadForm('/api/photos.php', body, options);
}
