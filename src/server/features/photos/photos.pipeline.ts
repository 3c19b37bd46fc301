import os from 'node:os';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, PHOTO_MIN_SIDE } from '../../../shared/contracts/photos.ts';
import { AppError } from '../../plugins/errors.ts';
import { PHOTO_SIZES, type PhotoSize } from './photos.keys.ts';

type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'heif';

export type ProcessedPhoto = {
  files: Record<PhotoSize, Buffer>;
  /** Size of the large file, which the row describes (as the demo seed does). */
  width: number;
  height: number;
  format: PhotoFormat;
};

/** Shared by the pipeline and the benchmark's bare baseline, so the ratio compares like with like. */
export const PHOTO_WEBP_OPTIONS = { quality: 80, effort: 4 } as const;
/** Width and height of the drawing the blurred variant is made from: 20 px keeps no face or text. */
const BLUR_SOURCE_SIDE = 20;
/** The blurred variant is scaled back up and smoothed so it looks like soft colour, not blocks. */
const BLUR_OUTPUT_SIDE = 300;
const BLUR_SIGMA = 6;
const BLUR_WEBP_OPTIONS = { quality: 50, effort: 2 } as const;

const MB = 1024 * 1024;
type Channels = 1 | 2 | 3 | 4;

const photoNotAnImage = () =>
  new AppError(
    'photo_not_an_image',
    415,
    'This file is not a photo. Choose a JPEG, PNG, WebP or HEIC image.',
  );
export const photoTooLarge = () =>
  new AppError('photo_too_large', 413, `This photo is too large (at most ${PHOTO_MAX_BYTES / MB} MB).`, {
    max_mb: PHOTO_MAX_BYTES / MB,
  });
const photoTooManyPixels = () =>
  new AppError('photo_too_many_pixels', 422, 'This photo has too many pixels. Choose a smaller photo.');
const photoTooSmall = () =>
  new AppError(
    'photo_too_small',
    422,
    `This photo is too small. Choose a photo of at least ${PHOTO_MIN_SIDE} by ${PHOTO_MIN_SIDE} pixels.`,
    { min_px: PHOTO_MIN_SIDE },
  );

/*
 * The prebuilt libheif inside sharp decodes AVIF (AV1) but not HEVC, which is what iPhones write
 * as .heic. sharp says which suffixes its HEIF loader takes; HEIC is accepted only where it can be
 * decoded, and refused as not-an-image otherwise, before any work is spent on it.
 */
const HEIF_SUFFIXES: readonly string[] = sharp.format.heif?.input.fileSuffix ?? [];
const HEIC_DECODABLE = HEIF_SUFFIXES.includes('.heic');
const AVIF_DECODABLE = HEIF_SUFFIXES.includes('.avif');
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const AVIF_BRANDS = new Set(['avif', 'avis']);
/** Generic HEIF brands: the codec inside decides, which sharp's metadata reports as `compression`. */
const HEIF_GENERIC_BRANDS = new Set(['mif1', 'msf1', 'mif2']);

/** sharp refuses an image over limitInputPixels as soon as it has read its header. */
const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/** The type from the first bytes; the file name and the browser's content type are not trusted. */
function sniffPhotoFormat(bytes: Buffer): PhotoFormat | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) return 'png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (bytes.toString('latin1', 4, 8) === 'ftyp') {
    const brand = bytes.toString('latin1', 8, 12);
    if (HEIC_BRANDS.has(brand)) return HEIC_DECODABLE ? 'heif' : null;
    if (AVIF_BRANDS.has(brand)) return AVIF_DECODABLE ? 'heif' : null;
    if (HEIF_GENERIC_BRANDS.has(brand)) return HEIF_SUFFIXES.length > 0 ? 'heif' : null;
  }
  return null;
}

/*
 * Every upload decodes a full photo (a 12 MP JPEG is ~36 MB of pixels while it is decoded). Bound
 * how many run at once so a burst of uploads queues instead of exhausting memory; more than one
 * per core would only queue inside libuv's pool anyway.
 */
const MAX_PARALLEL = Math.max(1, os.availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

const inside = (side: number) => ({
  width: side,
  height: side,
  fit: 'inside' as const,
  withoutEnlargement: true,
});

/**
 * Checks an upload and turns it into the stored files (in this process: the app calls it through
 * photo-processor.ts, which runs it in the lower-priority photo worker): large, medium and thumb WebP fitted inside
 * their square (never enlarged) and a blurred variant. EXIF orientation is applied; every piece of
 * metadata (EXIF with GPS, XMP, IPTC, ICC) is dropped, since sharp writes none unless asked to.
 *
 * The photo is decoded once: straight to the large size (a JPEG is shrunk while it is decoded),
 * into raw pixels that the other sizes are made from in parallel.
 */
export async function processPhotoHere(bytes: Buffer): Promise<ProcessedPhoto> {
  if (bytes.length > PHOTO_MAX_BYTES) throw photoTooLarge();
  const format = sniffPhotoFormat(bytes);
  if (!format) throw photoNotAnImage();

  const options = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' as const };
  let meta: Metadata;
  try {
    // Reads the header only: the pixel count is known before anything is decoded.
    meta = await sharp(bytes, options).metadata();
  } catch (error) {
    if (isPixelLimitError(error)) throw photoTooManyPixels();
    throw photoNotAnImage();
  }
  if (meta.format !== format || !meta.width || !meta.height) throw photoNotAnImage();
  if (format === 'heif' && meta.compression === 'hevc' && !HEIC_DECODABLE) throw photoNotAnImage();
  if (meta.width * meta.height > PHOTO_MAX_PIXELS) throw photoTooManyPixels();
  if (Math.min(meta.width, meta.height) < PHOTO_MIN_SIDE) throw photoTooSmall();

  return withSlot(async () => {
    let decoded: { data: Buffer; info: OutputInfo };
    try {
      decoded = await sharp(bytes, options)
        .autoOrient()
        .resize(inside(PHOTO_SIZES.large))
        // 8 bits per channel whatever the input (16-bit PNGs): the raw pixels are read back as such.
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
    } catch (error) {
      // The header checks above already refuse oversized images; this is the second lock, in case
      // a format reports other dimensions in its header than it decodes to.
      if (isPixelLimitError(error)) throw photoTooManyPixels();
      throw photoNotAnImage();
    }
    const { data, info } = decoded;
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels as Channels } };
    const fromRaw = () => sharp(data, raw);

    const blur = async () => {
      const tiny = await fromRaw()
        .resize(inside(BLUR_SOURCE_SIDE))
        .raw()
        .toBuffer({ resolveWithObject: true });
      return sharp(tiny.data, {
        raw: { width: tiny.info.width, height: tiny.info.height, channels: tiny.info.channels as Channels },
      })
        .resize({ width: BLUR_OUTPUT_SIDE, height: BLUR_OUTPUT_SIDE, fit: 'inside' })
        .blur(BLUR_SIGMA)
        .webp(BLUR_WEBP_OPTIONS)
        .toBuffer();
    };
    const [large, medium, thumb, blurred] = await Promise.all([
      fromRaw().webp(PHOTO_WEBP_OPTIONS).toBuffer(),
      fromRaw().resize(inside(PHOTO_SIZES.medium)).webp(PHOTO_WEBP_OPTIONS).toBuffer(),
      fromRaw().resize(inside(PHOTO_SIZES.thumb)).webp(PHOTO_WEBP_OPTIONS).toBuffer(),
      blur(),
    ]);
    return {
      files: { large, medium, thumb, blur: blurred },
      width: info.width,
      height: info.height,
      format,
    };
  });
}
