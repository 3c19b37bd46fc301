import { type ChangeEvent, useCallback, useEffect, useState } from 'react';
import { checkPhotoFile } from './photo-rules.ts';

export type PhotoRefusal = ReturnType<typeof checkPhotoFile>;

export type PickedPhoto = {
  file: File | null;
  /** An object URL of the file for an <img>, revoked when the file changes or the component leaves. */
  preview: string | null;
  /** What the browser's own check refuses the file for; the server still checks the content. */
  refusal: PhotoRefusal;
  /** For the file input's onChange. */
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  clear: () => void;
};

/**
 * One photo chosen from the device to be looked at before it is sent (the chat's and the operator's
 * photo answers). `onPicked` runs for each choice, so the component can reset its own state (an
 * earlier error, a caption) with the new file's refusal at hand.
 */
export function usePickedPhoto(onPicked?: (file: File, refusal: PhotoRefusal) => void): PickedPhoto {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreview(null);
    };
  }, [file]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // Cleared, so choosing the same file again fires a change again.
    event.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    onPicked?.(chosen, checkPhotoFile(chosen));
  };

  const clear = useCallback(() => setFile(null), []);

  return { file, preview, refusal: file ? checkPhotoFile(file) : null, onChange, clear };
}
