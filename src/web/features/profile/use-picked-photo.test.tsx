import { act, cleanup, renderHook } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_MAX_BYTES } from '../../../shared/contracts/photos.ts';
import { usePickedPhoto } from './use-picked-photo.ts';

const photo = (name = 'me.jpg', type = 'image/jpeg') => new File(['jpeg'], name, { type });

/** The input's change as React hands it over: the chosen files and the value the browser shows. */
const choose = (files: File[]) => {
  const target = { files, value: `C:\\fakepath\\${files[0]?.name ?? ''}` };
  return { target, event: { target } as unknown as ChangeEvent<HTMLInputElement> };
};

// jsdom has no object URLs: each file gets its own, so a test can tell which one was revoked.
const created: string[] = [];
const revoked: string[] = [];
const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

describe('usePickedPhoto', () => {
  beforeEach(() => {
    created.length = 0;
    revoked.length = 0;
    URL.createObjectURL = vi.fn(() => {
      const url = `blob:test/${created.length + 1}`;
      created.push(url);
      return url;
    });
    URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
  });
  afterEach(() => {
    cleanup();
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });

  it('keeps the chosen file with a preview, and clears the input so the same file can fire again', () => {
    const picked = vi.fn();
    const { result } = renderHook(() => usePickedPhoto(picked));
    expect(result.current).toMatchObject({ file: null, preview: null, refusal: null });

    const file = photo();
    const { target, event } = choose([file]);
    act(() => result.current.onChange(event));

    expect(result.current.file).toBe(file);
    expect(result.current.preview).toBe('blob:test/1');
    expect(result.current.refusal).toBeNull();
    expect(target.value).toBe('');
    expect(picked).toHaveBeenCalledWith(file, null);
    expect(URL.createObjectURL).toHaveBeenCalledWith(file);
  });

  it("gives the browser's refusal of a file that is no image or too large", () => {
    const picked = vi.fn();
    const { result } = renderHook(() => usePickedPhoto(picked));

    const text = photo('notes.txt', 'text/plain');
    act(() => result.current.onChange(choose([text]).event));
    expect(result.current.file).toBe(text);
    expect(result.current.refusal).toBe('photo_not_an_image');
    expect(picked).toHaveBeenLastCalledWith(text, 'photo_not_an_image');

    const large = photo('large.jpg');
    Object.defineProperty(large, 'size', { value: PHOTO_MAX_BYTES + 1 });
    act(() => result.current.onChange(choose([large]).event));
    expect(result.current.refusal).toBe('photo_too_large');
    expect(picked).toHaveBeenLastCalledWith(large, 'photo_too_large');
  });

  it('revokes the preview of a file replaced, cleared or left behind', () => {
    const { result, unmount } = renderHook(() => usePickedPhoto());

    act(() => result.current.onChange(choose([photo('one.jpg')]).event));
    act(() => result.current.onChange(choose([photo('two.jpg')]).event));
    expect(result.current.preview).toBe('blob:test/2');
    expect(revoked).toEqual(['blob:test/1']);

    act(() => result.current.clear());
    expect(result.current).toMatchObject({ file: null, preview: null, refusal: null });
    expect(revoked).toEqual(['blob:test/1', 'blob:test/2']);

    act(() => result.current.onChange(choose([photo('three.jpg')]).event));
    unmount();
    expect(revoked).toEqual(['blob:test/1', 'blob:test/2', 'blob:test/3']);
  });

  it('keeps the file when the picker closes without a choice', () => {
    const picked = vi.fn();
    const { result } = renderHook(() => usePickedPhoto(picked));
    const file = photo();
    act(() => result.current.onChange(choose([file]).event));

    act(() => result.current.onChange(choose([]).event));
    expect(result.current.file).toBe(file);
    expect(result.current.preview).toBe('blob:test/1');
    expect(picked).toHaveBeenCalledTimes(1);
  });
});
