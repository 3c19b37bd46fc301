import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, PHOTO_MIN_SIDE } from '../../../shared/contracts/photos.ts';
import {
  checkPhotoFile,
  PHOTO_ACCEPT_ATTRIBUTE,
  photoBadges,
  photoErrorVars,
  photoQuota,
} from './photo-rules.ts';

describe('checkPhotoFile', () => {
  it('accepts the server types up to the size limit', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'])
      expect(checkPhotoFile({ type, name: 'x', size: 1000 })).toBeNull();
    expect(checkPhotoFile({ type: 'image/jpeg', name: 'x.jpg', size: PHOTO_MAX_BYTES })).toBeNull();
  });
  it('refuses other types and files over the limit', () => {
    expect(checkPhotoFile({ type: 'image/gif', name: 'a.gif', size: 10 })).toBe('photo_not_an_image');
    expect(checkPhotoFile({ type: 'application/pdf', name: 'a.pdf', size: 10 })).toBe('photo_not_an_image');
    expect(checkPhotoFile({ type: 'image/png', name: 'a.png', size: PHOTO_MAX_BYTES + 1 })).toBe(
      'photo_too_large',
    );
  });
  it('trusts the extension only when the browser gives no type (HEIC on some systems)', () => {
    expect(checkPhotoFile({ type: '', name: 'IMG_1.HEIC', size: 10 })).toBeNull();
    expect(checkPhotoFile({ type: '', name: 'notes.txt', size: 10 })).toBe('photo_not_an_image');
  });
  it('offers exactly the accepted types in the picker', () => {
    expect(PHOTO_ACCEPT_ATTRIBUTE).toBe('image/jpeg,image/png,image/webp,image/heic,image/heif');
  });
});

describe('photoErrorVars', () => {
  it('fills the placeholders from the shared limits and lets the server add its own', () => {
    expect(photoErrorVars()).toEqual({ max_mb: 20, min_px: PHOTO_MIN_SIDE });
    expect(photoErrorVars({ limit: 3, premium_limit: 25, note: 'x' })).toEqual({
      max_mb: 20,
      min_px: PHOTO_MIN_SIDE,
      limit: 3,
      premium_limit: 25,
    });
  });
});

describe('photoBadges', () => {
  it('maps the status to the spec badges and adds premium-member for private photos', () => {
    expect(photoBadges({ status: 'pending', private: false })).toEqual([
      { variant: 'warning', key: 'pending' },
    ]);
    expect(photoBadges({ status: 'approved', private: false })).toEqual([
      { variant: 'success', key: 'approved' },
    ]);
    expect(photoBadges({ status: 'rejected', private: true })).toEqual([
      { variant: 'info', key: 'rejected' },
      { variant: 'premium-member', key: 'private' },
    ]);
  });
});

describe('photoQuota', () => {
  it('counts the room left', () => {
    expect(photoQuota(2, 3, 25, false)).toEqual({
      count: 2,
      limit: 3,
      remaining: 1,
      atLimit: false,
      showUpsell: false,
    });
  });
  it('offers premium to a free member at the limit, never to a premium member', () => {
    expect(photoQuota(3, 3, 25, false)).toMatchObject({ atLimit: true, showUpsell: true, remaining: 0 });
    expect(photoQuota(25, 25, 25, true)).toMatchObject({ atLimit: true, showUpsell: false });
    expect(photoQuota(4, 3, 25, false).remaining).toBe(0);
  });
});
